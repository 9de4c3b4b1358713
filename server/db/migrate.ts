import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import * as initial from "./migrations/0001-initial.ts";
import * as secretsAndAudio from "./migrations/0002-secrets-and-audio.ts";
import * as calendarSync from "./migrations/0003-calendar-sync.ts";
import * as sharedLimits from "./migrations/0004-shared-limits.ts";
import * as twoFactorAndDevices from "./migrations/0005-two-factor-and-devices.ts";
import * as listIndexes from "./migrations/0006-list-indexes.ts";
import * as notTodayAndDoneToday from "./migrations/0007-not-today-and-done-today.ts";
import * as displayPreferences from "./migrations/0008-display-preferences.ts";
import * as taskSteps from "./migrations/0009-task-steps.ts";
import * as focusEstimates from "./migrations/0010-focus-estimates.ts";
import * as idempotencyKeys from "./migrations/0011-idempotency-keys.ts";
import * as reminders from "./migrations/0012-reminders.ts";
import * as listVersions from "./migrations/0013-list-versions.ts";
import * as welcomeBack from "./migrations/0014-welcome-back.ts";
import * as repeats from "./migrations/0015-repeats.ts";
import * as eventRepeats from "./migrations/0016-event-repeats.ts";
import * as searchText from "./migrations/0017-search-text.ts";
import * as keptCounts from "./migrations/0018-kept-counts.ts";

const MIGRATION_LOCK_ID = 724201;

export type Dialect = "sqlite" | "postgres";

/** What a migration needs to know to write one schema for both databases. */
export type MigrationContext = {
  dialect: Dialect;
  idType: ColumnDataType;
  idColumn: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  bigintType: ColumnDataType;
  blobType: ColumnDataType;
};

type Migration = {
  name: string;
  up: (db: Kysely<unknown>, ctx: MigrationContext) => Promise<void>;
};

/** Append only: never edit a migration that has shipped. */
const migrations: Migration[] = [
  { name: "0001-initial", up: initial.up },
  { name: "0002-secrets-and-audio", up: secretsAndAudio.up },
  { name: "0003-calendar-sync", up: calendarSync.up },
  { name: "0004-shared-limits", up: sharedLimits.up },
  { name: "0005-two-factor-and-devices", up: twoFactorAndDevices.up },
  { name: "0006-list-indexes", up: listIndexes.up },
  { name: "0007-not-today-and-done-today", up: notTodayAndDoneToday.up },
  { name: "0008-display-preferences", up: displayPreferences.up },
  { name: "0009-task-steps", up: taskSteps.up },
  { name: "0010-focus-estimates", up: focusEstimates.up },
  { name: "0011-idempotency-keys", up: idempotencyKeys.up },
  { name: "0012-reminders", up: reminders.up },
  { name: "0013-list-versions", up: listVersions.up },
  { name: "0014-welcome-back", up: welcomeBack.up },
  { name: "0015-repeats", up: repeats.up },
  { name: "0016-event-repeats", up: eventRepeats.up },
  { name: "0017-search-text", up: searchText.up },
  { name: "0018-kept-counts", up: keptCounts.up },
];

export function migrationContext(dialect: Dialect): MigrationContext {
  return dialect === "postgres"
    ? { dialect, idType: "serial", idColumn: (c) => c.primaryKey(), bigintType: "bigint", blobType: "bytea" }
    : {
        dialect,
        idType: "integer",
        idColumn: (c) => c.primaryKey().autoIncrement(),
        bigintType: "integer",
        blobType: "blob",
      };
}

/**
 * Applies pending migrations in order, each in its own transaction with its bookkeeping row, so
 * a failed migration leaves nothing half-done. On PostgreSQL an advisory lock, taken before
 * anything is created, keeps several instances starting at once from racing. A database whose
 * schema is current is only read, so a server can start while the database refuses writes.
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const ctx = migrationContext(dialect);
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    if (dialect === "postgres") await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn);
    try {
      const done = await appliedMigrations(conn, dialect);
      if (migrations.every((m) => done?.has(m.name))) return;
      if (!done) {
        await conn.schema
          .createTable("schema_migrations")
          .ifNotExists()
          .addColumn("name", "text", (c) => c.primaryKey())
          .addColumn("applied_at", "text", (c) => c.notNull())
          .execute();
      }
      for (const m of migrations) {
        // Checked again inside the transaction: on SQLite another process may have applied it since.
        await conn.transaction().execute(async (trx) => {
          const found = await sql<{ name: string }>`select name from schema_migrations where name = ${m.name}`.execute(
            trx,
          );
          if (found.rows.length > 0) return;
          await m.up(trx, ctx);
          await sql`insert into schema_migrations (name, applied_at) values (${m.name}, ${new Date().toISOString()})`.execute(
            trx,
          );
          applied.push(m.name);
        });
      }
    } finally {
      if (dialect === "postgres") await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn);
    }
  });
  return applied;
}

/** Names of the migrations already applied, or undefined when the bookkeeping table does not exist yet. */
async function appliedMigrations(db: Kysely<unknown>, dialect: Dialect): Promise<Set<string> | undefined> {
  const exists =
    dialect === "postgres"
      ? await sql<{ found: boolean }>`select to_regclass('schema_migrations') is not null as found`.execute(db)
      : await sql<{
          found: number;
        }>`select count(*) > 0 as found from sqlite_master where type = 'table' and name = 'schema_migrations'`.execute(
          db,
        );
  if (!exists.rows[0]?.found) return undefined;
  const rows = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}
