/**
 * Two-factor sign-in: a TOTP authenticator (RFC 6238 through `otpauth`: SHA-1, 6 digits, 30 s,
 * what every authenticator app reads) plus ten one-time recovery codes. The secret is sealed with
 * the server's secret box; recovery codes are kept as argon2id hashes only. A correct password on
 * an account with it on opens a short challenge (a browser cookie whose hash is stored), which a
 * code completes. See docs/decisions/013-two-factor-and-devices.md.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { TwoFactorSetup, TwoFactorStatus } from "../../shared/schemas.ts";
import type { SecretBox } from "../crypto/secrets.ts";
import type { Db } from "../db/database.ts";
import { nowIso } from "../db/database.ts";
import { AppError, invalidField } from "../errors.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { findUserById } from "./users.ts";

const ISSUER = "Daily Compass";
const SECRET_BYTES = 20; // 160 bits, RFC 4226's recommendation
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side: a phone clock a little off, or a code typed as it changed. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 alphabet: no i, l, o or u to misread. 10 characters ≈ 50 bits. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_LENGTH = 10;
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_FAILURES = 5;

type Deps = { db: Db; box: SecretBox };

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function totpFor(secret: Secret, label = "") {
  return new TOTP({ issuer: ISSUER, label, secret, algorithm: "SHA1", digits: DIGITS, period: PERIOD_SECONDS });
}

/** The time step whose code `code` is, within the window around `now`; null when it is none of them. */
function matchingStep(secretBase32: string, code: string, now: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp: now,
    window: WINDOW,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as stored (lower case, no separators, look-alikes mapped), or null if it cannot be one. */
function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, "").replace(/o/g, "0").replace(/[il]/g, "1");
  return code.length === RECOVERY_LENGTH && [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null;
}

async function twoFactorRow(db: Db, userId: number) {
  return db
    .selectFrom("two_factor")
    .select(["secret", "enabled_at", "last_step"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function isTwoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await twoFactorRow(db, userId);
  return Boolean(row?.enabled_at);
}

export async function twoFactorStatus(db: Db, opts: { userId: number }): Promise<TwoFactorStatus> {
  const user = await findUserById(db, opts.userId);
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in");
  const enabled = await isTwoFactorEnabled(db, opts.userId);
  const left = enabled
    ? await db
        .selectFrom("recovery_codes")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", opts.userId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  return { available: user.password_hash !== null, enabled, recoveryCodesLeft: Number(left.n) };
}

/**
 * Starts (or restarts) a set-up: a new secret, kept pending until a code from it arrives, so a
 * half-finished set-up never locks anyone out.
 */
export async function startTwoFactorSetup({ db, box, userId }: Deps & { userId: number }): Promise<TwoFactorSetup> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in");
  if (user.password_hash === null) {
    throw new AppError(
      "BAD_REQUEST",
      "You sign in through your provider, so its own two-step verification protects this account.",
    );
  }
  if (await isTwoFactorEnabled(db, userId)) throw new AppError("CONFLICT", "Two-factor sign-in is already on");
  const secret = new Secret({ size: SECRET_BYTES });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("two_factor").where("user_id", "=", userId).where("enabled_at", "is", null).execute();
    await trx
      .insertInto("two_factor")
      .values({
        user_id: userId,
        secret: box.encrypt(secret.base32),
        enabled_at: null,
        last_step: null,
        created_at: nowIso(),
      })
      .execute();
  });
  const otpauthUri = totpFor(secret, user.username).toString();
  // Loaded when first needed: setting up two-factor sign-in is rare, the library is not small.
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    secret: secret.base32,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** Confirms a pending set-up with a first code; answers the recovery codes, shown this once. */
export async function enableTwoFactor({
  db,
  box,
  userId,
  code,
  now = Date.now(),
}: Deps & { userId: number; code: string; now?: number }): Promise<string[]> {
  const row = await twoFactorRow(db, userId);
  if (row?.enabled_at) throw new AppError("CONFLICT", "Two-factor sign-in is already on");
  if (!row) throw new AppError("BAD_REQUEST", "Please start the set-up first, then enter the code it shows.");
  const step = matchingStep(box.decrypt(row.secret), code, now);
  if (step === null) {
    throw invalidField(
      "code",
      "That code did not match. Check that your phone's clock is right, then try the newest code.",
    );
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normalizeRecoveryCode(c) as string)));
  const enabled = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("two_factor")
      .set({ enabled_at: nowIso(), last_step: step })
      .where("user_id", "=", userId)
      .where("enabled_at", "is", null)
      .where("secret", "=", row.secret)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("recovery_codes")
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: nowIso() })))
      .execute();
    return true;
  });
  // Another tab restarted or finished the set-up in the meantime.
  if (!enabled) throw new AppError("CONFLICT", "The set-up changed in another window. Please start again.");
  return codes;
}

/**
 * Accepts an authenticator code (each time step once) or an unused recovery code (once), and
 * spends it. False for anything else.
 */
export async function spendSecondFactor({
  db,
  box,
  userId,
  code,
  now = Date.now(),
}: Deps & { userId: number; code: string; now?: number }): Promise<boolean> {
  const row = await twoFactorRow(db, userId);
  if (!row?.enabled_at) return false;
  const compact = code.replace(/[\s-]/g, "");
  if (/^\d{6}$/.test(compact)) {
    let secret: string;
    try {
      secret = box.decrypt(row.secret);
    } catch {
      // Sealed with a key this server no longer has: only the recovery codes can help now.
      return false;
    }
    const step = matchingStep(secret, compact, now);
    if (step === null) return false;
    // Conditional on the last step, so two requests racing with one code cannot both pass.
    const spent = await db
      .updateTable("two_factor")
      .set({ last_step: step })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }
  const recovery = normalizeRecoveryCode(compact);
  if (!recovery) return false;
  const unused = await db
    .selectFrom("recovery_codes")
    .select(["id", "code_hash"])
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  for (const candidate of unused) {
    if (!(await verifyPassword(candidate.code_hash, recovery))) continue;
    const spent = await db
      .updateTable("recovery_codes")
      .set({ used_at: nowIso() })
      .where("id", "=", candidate.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }
  return false;
}

/**
 * Turns two-factor sign-in off after proof that the person at the keyboard is the owner: the
 * current password or a code. A wrong proof answers 400 and changes nothing.
 */
export async function disableTwoFactor({
  db,
  box,
  userId,
  password,
  code,
}: Deps & { userId: number; password?: string; code?: string }): Promise<void> {
  if (!(await isTwoFactorEnabled(db, userId))) throw new AppError("CONFLICT", "Two-factor sign-in is not on");
  if (password) {
    const user = await findUserById(db, userId);
    const ok = user?.password_hash ? await verifyPassword(user.password_hash, password) : false;
    if (!ok) throw invalidField("password", "That password is not correct");
  } else if (!code || !(await spendSecondFactor({ db, box, userId, code }))) {
    throw invalidField("code", "That code did not work. Please check it and try again.");
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("two_factor").where("user_id", "=", userId).execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("two_factor_challenges").where("user_id", "=", userId).execute();
  });
}

// ---------- the step between a correct password and a code ----------

export type Challenge = { id: string; userId: number; failures: number };

/** Opens a challenge for the user; answers the browser's key (only its hash is stored). */
export async function createChallenge(db: Db, opts: { userId: number; now?: number }): Promise<string> {
  const now = opts.now ?? Date.now();
  const key = randomBytes(32).toString("base64url");
  await db.deleteFrom("two_factor_challenges").where("expires_at", "<=", new Date(now).toISOString()).execute();
  await db
    .insertInto("two_factor_challenges")
    .values({
      id: sha256(key),
      user_id: opts.userId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + CHALLENGE_TTL_MS).toISOString(),
    })
    .execute();
  return key;
}

/** The live challenge a browser key stands for, or undefined when it is unknown, spent or expired. */
export async function findChallenge(db: Db, key: string, now = Date.now()): Promise<Challenge | undefined> {
  const row = await db
    .selectFrom("two_factor_challenges")
    .select(["id", "user_id", "failures", "expires_at"])
    .where("id", "=", sha256(key))
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now || row.failures >= CHALLENGE_MAX_FAILURES) return undefined;
  return { id: row.id, userId: row.user_id, failures: row.failures };
}

/** Counts a wrong code; at the limit the challenge is gone and the password is needed again. */
export async function recordChallengeFailure(db: Db, challenge: Challenge): Promise<{ ended: boolean }> {
  await db
    .updateTable("two_factor_challenges")
    .set((eb) => ({ failures: eb("failures", "+", 1) }))
    .where("id", "=", challenge.id)
    .execute();
  const row = await db
    .selectFrom("two_factor_challenges")
    .select("failures")
    .where("id", "=", challenge.id)
    .executeTakeFirst();
  if (row && row.failures < CHALLENGE_MAX_FAILURES) return { ended: false };
  await db.deleteFrom("two_factor_challenges").where("id", "=", challenge.id).execute();
  return { ended: true };
}

/** Spends the challenge; false when another request already did. */
export async function consumeChallenge(db: Db, challenge: Challenge): Promise<boolean> {
  const result = await db.deleteFrom("two_factor_challenges").where("id", "=", challenge.id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
