import { type Db, inTransaction } from "../db/database.ts";

/**
 * Deletes every record the user owns, in one transaction (or in the caller's: deleting the
 * account runs this first), and says how many of each went. The account, its sessions and its
 * devices' reminder subscriptions stay: the user is still signed in afterwards, and the devices
 * that asked for reminders still get them for what is added next.
 */
export async function deleteAllData(db: Db, opts: { userId: number }): Promise<Record<string, number>> {
  return inTransaction(db, async (trx) => {
    const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
    const { userId } = opts;
    const tasks = count(await trx.deleteFrom("tasks").where("user_id", "=", userId).executeTakeFirst());
    const quickWins = count(await trx.deleteFrom("quick_wins").where("user_id", "=", userId).executeTakeFirst());
    const thoughts = count(await trx.deleteFrom("thoughts").where("user_id", "=", userId).executeTakeFirst());
    // Project tasks go with their projects (foreign key cascade).
    const projects = count(await trx.deleteFrom("projects").where("user_id", "=", userId).executeTakeFirst());
    const events = count(await trx.deleteFrom("events").where("user_id", "=", userId).executeTakeFirst());
    // What repeating events are made with goes with their occurrences.
    await trx.deleteFrom("event_series").where("user_id", "=", userId).execute();
    const moods = count(await trx.deleteFrom("mood_entries").where("user_id", "=", userId).executeTakeFirst());
    const settings = count(await trx.deleteFrom("user_settings").where("user_id", "=", userId).executeTakeFirst());
    // Stored keys and tokens (the assistant key, calendar connections) go too.
    const secrets = count(await trx.deleteFrom("user_secrets").where("user_id", "=", userId).executeTakeFirst());
    // The calendar connection goes with its credentials: syncing stops, and the provider's own
    // calendar is left as it is (nothing is deleted there).
    const calendarConnections = count(
      await trx.deleteFrom("calendar_connections").where("user_id", "=", userId).executeTakeFirst(),
    );
    await trx.deleteFrom("event_tombstones").where("user_id", "=", userId).execute();
    // Stored answers of create requests hold copies of what was created.
    await trx.deleteFrom("idempotency_keys").where("user_id", "=", userId).execute();
    // What focus sessions measured goes too; it is not an item of its own, so it is not counted.
    await trx.deleteFrom("focus_sessions").where("user_id", "=", userId).execute();
    // The person's days as the server kept them go as well, none of them counted as items: the
    // reminders' choices (back to their defaults), a focus timer's alert still to come (its session
    // is gone), what was announced to them, and the days they used the app.
    for (const table of ["reminder_settings", "focus_timers", "push_deliveries", "days_of_use"] as const) {
      await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    }
    return { tasks, quickWins, thoughts, projects, events, moods, settings, secrets, calendarConnections };
  });
}
