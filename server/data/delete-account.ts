import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { deleteAllData } from "./delete-all.ts";

/**
 * What belongs to the account itself rather than to what is in it, so Delete All Data leaves it:
 * the sessions on every device, the browsers it signed in on, two-factor sign-in and its codes,
 * the devices that get its reminders, and sign-ins or calendar consents still under way.
 */
export const ACCOUNT_TABLES = [
  "sessions",
  "known_devices",
  "two_factor",
  "recovery_codes",
  "two_factor_challenges",
  "push_subscriptions",
  "auth_flows",
] as const;

/**
 * Deletes the user's account and everything in it, in one transaction: what Delete All Data
 * deletes, then what belongs to the account, then the user's own row. Every table's rows
 * reference the user with ON DELETE CASCADE as well, so a row of a table added later without
 * being named here still goes with the account; `server/data/delete-account.test.ts` walks
 * every table so that it is named.
 */
export async function deleteAccount(db: Db, opts: { userId: number }): Promise<void> {
  const { userId } = opts;
  await db.transaction().execute(async (trx) => {
    await deleteAllData(trx, { userId });
    for (const table of ACCOUNT_TABLES) await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    const gone = await trx.deleteFrom("users").where("id", "=", userId).executeTakeFirst();
    // Deleted a moment ago by another request of the same person: there is no one signed in.
    if (Number(gone.numDeletedRows) === 0) throw new AppError("UNAUTHENTICATED", "Please sign in");
  });
}
