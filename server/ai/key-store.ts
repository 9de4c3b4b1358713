/** The user's own provider key (Settings → API), sealed with AES-256-GCM in user_secrets. */
import type { AiKeyStatus } from "../../shared/ai-schemas.ts";
import type { SecretBox } from "../crypto/secrets.ts";
import { type Db, nowIso } from "../db/database.ts";

const KIND = "ai_key";

export async function getKeyStatus(db: Db, opts: { userId: number }): Promise<AiKeyStatus> {
  const row = await db
    .selectFrom("user_secrets")
    .select(["hint"])
    .where("user_id", "=", opts.userId)
    .where("kind", "=", KIND)
    .executeTakeFirst();
  return { configured: row !== undefined, hint: row?.hint ?? null };
}

export async function saveKey(db: Db, opts: { userId: number; key: string; box: SecretBox }): Promise<AiKeyStatus> {
  const values = { ciphertext: opts.box.encrypt(opts.key), hint: opts.key.slice(-4), updated_at: nowIso() };
  await db
    .insertInto("user_secrets")
    .values({ user_id: opts.userId, kind: KIND, ...values })
    .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet(values))
    .execute();
  return { configured: true, hint: values.hint };
}

export async function deleteKey(db: Db, opts: { userId: number }): Promise<void> {
  await db.deleteFrom("user_secrets").where("user_id", "=", opts.userId).where("kind", "=", KIND).execute();
}

/**
 * The key in clear, for the provider call only. A key that no longer opens (the server's secret
 * changed) reads as absent: the user sees the server-wide or offline assistant, not an error.
 */
export async function readKey(
  db: Db,
  opts: { userId: number; box: SecretBox; onUnreadable?: () => void },
): Promise<string | undefined> {
  const row = await db
    .selectFrom("user_secrets")
    .select(["ciphertext"])
    .where("user_id", "=", opts.userId)
    .where("kind", "=", KIND)
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    return opts.box.decrypt(row.ciphertext);
  } catch {
    opts.onUnreadable?.();
    return undefined;
  }
}
