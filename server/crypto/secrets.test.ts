import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { createSecretBox, KEY_FILE_NAME, SecretDecryptionError } from "./secrets.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-secrets-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const APP_SECRET = "a-very-long-application-secret-of-40-chars";

describe("secret box", () => {
  it("round-trips any string, with a fresh nonce each time", () => {
    const box = createSecretBox({ appSecret: APP_SECRET, dataDir: tempDir() });
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(box.decrypt(box.encrypt(text))).toBe(text);
      }),
      { numRuns: 200 },
    );
    const a = box.encrypt("sk-same");
    const b = box.encrypt("sk-same");
    expect(a).not.toBe(b);
    expect(a.startsWith("v1.")).toBe(true);
    expect(a).not.toContain("sk-same");
  });

  it("detects tampering with any part", () => {
    const box = createSecretBox({ appSecret: APP_SECRET, dataDir: tempDir() });
    const sealed = box.encrypt("sk-live-secret-1234");
    const parts = sealed.split(".");
    for (let i = 1; i < parts.length; i++) {
      const bytes = Buffer.from(parts[i], "base64url");
      bytes[0] ^= 0x01;
      const altered = [...parts];
      altered[i] = bytes.toString("base64url");
      expect(() => box.decrypt(altered.join("."))).toThrow(SecretDecryptionError);
    }
    expect(() => box.decrypt(`v2.${parts.slice(1).join(".")}`)).toThrow(SecretDecryptionError);
    expect(() => box.decrypt("garbage")).toThrow(SecretDecryptionError);
  });

  it("cannot open a secret sealed under another APP_SECRET", () => {
    const dir = tempDir();
    const sealed = createSecretBox({ appSecret: APP_SECRET, dataDir: dir }).encrypt("sk-abc");
    const other = createSecretBox({ appSecret: `${APP_SECRET}-other`, dataDir: dir });
    expect(() => other.decrypt(sealed)).toThrow(SecretDecryptionError);
    expect(fs.existsSync(path.join(dir, KEY_FILE_NAME))).toBe(false);
  });

  it("without APP_SECRET creates a 0600 key file on first use and reuses it after a restart", () => {
    const dir = path.join(tempDir(), "nested");
    const first = createSecretBox({ appSecret: undefined, dataDir: dir });
    expect(fs.existsSync(path.join(dir, KEY_FILE_NAME))).toBe(false);
    const sealed = first.encrypt("sk-kept-across-restarts");
    const file = path.join(dir, KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const keyText = fs.readFileSync(file, "utf8");

    const second = createSecretBox({ appSecret: undefined, dataDir: dir });
    expect(second.decrypt(sealed)).toBe("sk-kept-across-restarts");
    second.encrypt("another");
    expect(fs.readFileSync(file, "utf8")).toBe(keyText);

    // A different data folder means a different key: its box cannot open the secret.
    const elsewhere = createSecretBox({ appSecret: undefined, dataDir: tempDir() });
    expect(() => elsewhere.decrypt(sealed)).toThrow(SecretDecryptionError);
  });

  it("refuses a corrupted key file instead of silently replacing it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, KEY_FILE_NAME), "too-short");
    const box = createSecretBox({ appSecret: undefined, dataDir: dir });
    expect(() => box.encrypt("x")).toThrow(/32-byte/);
  });
});
