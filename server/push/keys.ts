import type { SecretBox } from "../crypto/secrets.ts";
import { type Db, nowIso } from "../db/database.ts";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const KEY_NAME = "vapid";

/**
 * The server's VAPID key pair: from configuration when given, else made on first start and kept
 * sealed in the database, so every instance on one database signs with the same key and browsers'
 * subscriptions survive a restart. Two instances starting at once both try to store theirs; the
 * first one wins and both read it back.
 */
export async function loadVapidKeys(
  db: Db,
  box: SecretBox,
  configured: { publicKey: string | undefined; privateKey: string | undefined; subject: string },
): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject: configured.subject };
  }
  const read = async () => {
    const row = await db.selectFrom("server_keys").select("value").where("name", "=", KEY_NAME).executeTakeFirst();
    if (!row) return undefined;
    const keys = JSON.parse(box.decrypt(row.value)) as { publicKey: string; privateKey: string };
    return { ...keys, subject: configured.subject };
  };
  const existing = await read();
  if (existing) return existing;
  // Loaded only to make the pair, once per database.
  const { default: webPush } = await import("web-push");
  const made = webPush.generateVAPIDKeys();
  await db
    .insertInto("server_keys")
    .values({ name: KEY_NAME, value: box.encrypt(JSON.stringify(made)), created_at: nowIso() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error("The reminder key could not be stored");
  return stored;
}
