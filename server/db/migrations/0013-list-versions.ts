import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/** The lists whose whole answer a server may keep (docs/decisions/024-cached-list-answers.md). */
export const VERSIONED_LISTS = ["tasks", "quick_wins"] as const;

/**
 * A per-user version of the user's lists, raised by the database itself whenever a row of one of
 * them is inserted, changed or deleted, in the very transaction that writes it. No write path can
 * forget it, and every instance sharing the database reads it with the session.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("lists_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialect === "postgres") {
    await sql`
      create function raise_lists_version() returns trigger language plpgsql as $$
      begin
        update users set lists_version = lists_version + 1
          where id = case when tg_op = 'DELETE' then old.user_id else new.user_id end;
        if tg_op = 'UPDATE' and old.user_id <> new.user_id then
          update users set lists_version = lists_version + 1 where id = old.user_id;
        end if;
        return null;
      end
      $$`.execute(db);
    for (const table of VERSIONED_LISTS) {
      await sql`
        create trigger ${sql.raw(`${table}_lists_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function raise_lists_version()`.execute(db);
    }
    return;
  }
  for (const table of VERSIONED_LISTS) {
    const t = sql.table(table);
    const name = (op: string) => sql.raw(`${table}_lists_version_${op}`);
    await sql`
      create trigger ${name("insert")} after insert on ${t} begin
        update users set lists_version = lists_version + 1 where id = new.user_id;
      end`.execute(db);
    await sql`
      create trigger ${name("update")} after update on ${t} begin
        update users set lists_version = lists_version + 1 where id in (old.user_id, new.user_id);
      end`.execute(db);
    await sql`
      create trigger ${name("delete")} after delete on ${t} begin
        update users set lists_version = lists_version + 1 where id = old.user_id;
      end`.execute(db);
  }
}
