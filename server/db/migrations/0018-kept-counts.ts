import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "../migrate.ts";

/**
 * How much each person keeps of each kind (docs/decisions/070-what-one-account-can-keep.md), one
 * row per user, kept by the database itself: a trigger on each table adds or takes one with every
 * row inserted or deleted (and a recording's bytes), in the very transaction that writes it. No
 * write path can forget it, a create reads one row by its key instead of counting, and a user's
 * row is made with the user.
 */
export const COUNTED = [
  { table: "tasks", column: "tasks" },
  { table: "quick_wins", column: "quick_wins" },
  { table: "thoughts", column: "thoughts" },
  { table: "projects", column: "projects" },
  { table: "events", column: "events" },
  { table: "focus_sessions", column: "focus_sessions" },
] as const;

export async function up(db: Kysely<unknown>, { dialect, bigintType }: MigrationContext): Promise<void> {
  let table = db.schema
    .createTable("kept_counts")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"));
  for (const { column } of COUNTED) table = table.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
  await table.addColumn("recording_bytes", bigintType, (c) => c.notNull().defaultTo(0)).execute();

  const bytes = dialect === "postgres" ? sql.raw("octet_length") : sql.raw("length");
  const counted = COUNTED.map(
    ({ table, column }) =>
      sql`(select count(*) from ${sql.table(table)} c where c.user_id = u.id) as ${sql.ref(column)}`,
  );
  await sql`
    insert into kept_counts (user_id, ${sql.join(COUNTED.map(({ column }) => sql.ref(column)))}, recording_bytes)
    select u.id, ${sql.join(counted)},
      (select coalesce(sum(${bytes}(a.data)), 0) from thought_audio a where a.user_id = u.id) as recording_bytes
    from users u`.execute(db);

  if (dialect === "postgres") {
    const branches = COUNTED.map(
      ({ table, column }, i) =>
        sql`${sql.raw(i === 0 ? "if" : "elsif")} tg_table_name = ${sql.lit(table)} then
          update kept_counts set ${sql.ref(column)} = ${sql.ref(column)} + d where user_id = u;`,
    );
    await sql`
      create function count_kept_rows() returns trigger language plpgsql as $$
      declare
        d integer := case when tg_op = 'INSERT' then 1 else -1 end;
        u integer := case when tg_op = 'INSERT' then new.user_id else old.user_id end;
      begin
        ${sql.join(branches, sql` `)}
        end if;
        return null;
      end
      $$`.execute(db);
    for (const { table } of COUNTED) {
      await sql`
        create trigger ${sql.raw(`${table}_kept_count`)}
        after insert or delete on ${sql.table(table)}
        for each row execute function count_kept_rows()`.execute(db);
    }
    await sql`
      create function count_kept_bytes() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update kept_counts set recording_bytes = recording_bytes - octet_length(old.data) where user_id = old.user_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update kept_counts set recording_bytes = recording_bytes + octet_length(new.data) where user_id = new.user_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger thought_audio_kept_bytes
      after insert or update of data or delete on thought_audio
      for each row execute function count_kept_bytes()`.execute(db);
    await sql`
      create function make_kept_counts() returns trigger language plpgsql as $$
      begin
        insert into kept_counts (user_id) values (new.id);
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger users_kept_counts after insert on users
      for each row execute function make_kept_counts()`.execute(db);
    return;
  }

  for (const { table, column } of COUNTED) {
    const t = sql.table(table);
    const c = sql.ref(column);
    await sql`
      create trigger ${sql.raw(`${table}_kept_insert`)} after insert on ${t} begin
        update kept_counts set ${c} = ${c} + 1 where user_id = new.user_id;
      end`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_kept_delete`)} after delete on ${t} begin
        update kept_counts set ${c} = ${c} - 1 where user_id = old.user_id;
      end`.execute(db);
  }
  await sql`
    create trigger thought_audio_kept_insert after insert on thought_audio begin
      update kept_counts set recording_bytes = recording_bytes + length(new.data) where user_id = new.user_id;
    end`.execute(db);
  await sql`
    create trigger thought_audio_kept_update after update of data on thought_audio begin
      update kept_counts set recording_bytes = recording_bytes - length(old.data) where user_id = old.user_id;
      update kept_counts set recording_bytes = recording_bytes + length(new.data) where user_id = new.user_id;
    end`.execute(db);
  await sql`
    create trigger thought_audio_kept_delete after delete on thought_audio begin
      update kept_counts set recording_bytes = recording_bytes - length(old.data) where user_id = old.user_id;
    end`.execute(db);
  await sql`
    create trigger users_kept_counts after insert on users begin
      insert into kept_counts (user_id) values (new.id);
    end`.execute(db);
}
