/**
 * Encryption of small secrets at rest (users' assistant keys, calendar tokens): AES-256-GCM with a
 * random 96-bit nonce per message. The key comes from APP_SECRET through HKDF-SHA256 or, when no
 * secret is configured, from a random key file in the data folder created on first use, so a fresh
 * install is protected without any setup.
 *
 * Ciphertext format (text, safe for any column): `v1.<nonce b64url>.<ciphertext b64url>.<tag b64url>`.
 * The version prefix lets the scheme change later without guessing what old rows hold.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const VERSION = "v1";
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Key file name inside the data folder. */
export const KEY_FILE_NAME = "secrets.key";
// Fixed salt and info: APP_SECRET is already high-entropy; these only separate this key's purpose.
const HKDF_SALT = Buffer.from("daily-compass/secrets/salt/v1");
const HKDF_INFO = Buffer.from("daily-compass/secrets/aes-256-gcm/v1");

export class SecretDecryptionError extends Error {}

export type SecretBox = {
  encrypt: (plaintext: string) => string;
  /** Throws SecretDecryptionError when the text was altered or sealed with another key. */
  decrypt: (ciphertext: string) => string;
};

function keyFromSecret(appSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", Buffer.from(appSecret, "utf8"), HKDF_SALT, HKDF_INFO, KEY_BYTES));
}

/** Reads the key file, or creates it (mode 0600, its folder 0700) when missing; a second creator loses the race and reads. */
function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE_NAME);
  const read = () => {
    const text = fs.readFileSync(file, "utf8").trim();
    const key = Buffer.from(text, "base64");
    if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte base64 key`);
    return key;
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = crypto.randomBytes(KEY_BYTES);
  try {
    // "wx": never overwrite a key another process just wrote; losing it would orphan every secret.
    fs.writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return read();
    throw error;
  }
}

/**
 * A box sealing strings with the configured key. The key file is only touched on first use, so
 * servers that never store a secret never create one.
 */
export function createSecretBox(opts: { appSecret: string | undefined; dataDir: string }): SecretBox {
  let key: Buffer | undefined;
  const getKey = () => {
    key ??= opts.appSecret ? keyFromSecret(opts.appSecret) : keyFromFile(opts.dataDir);
    return key;
  };
  return {
    encrypt(plaintext) {
      const nonce = crypto.randomBytes(NONCE_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", getKey(), nonce);
      cipher.setAAD(Buffer.from(VERSION));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, nonce.toString("base64url"), body.toString("base64url"), tag.toString("base64url")].join(".");
    },
    decrypt(ciphertext) {
      const parts = ciphertext.split(".");
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptionError("Unknown secret format");
      const [, nonceText, bodyText, tagText] = parts;
      const nonce = Buffer.from(nonceText, "base64url");
      const tag = Buffer.from(tagText, "base64url");
      if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) {
        throw new SecretDecryptionError("Malformed secret");
      }
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", getKey(), nonce, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(VERSION));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(bodyText, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretDecryptionError("Secret could not be decrypted (altered, or sealed with another key)");
      }
    },
  };
}
