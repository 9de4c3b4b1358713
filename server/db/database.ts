import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, Kysely, PostgresDialect, SqliteDialect, SqliteDriver } from "kysely";
import pg from "pg";
import { type Dialect, migrateToLatest } from "./migrate.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;
export type DbHandle = { db: Db; dialect: Dialect; close: () => Promise<void> };

// int8 (bigint) columns hold project task keys (millisecond timestamps): all fit in a JS number.
const pgTypes = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format),
};

/**
 * Write transactions take the write lock up front (BEGIN IMMEDIATE) so two processes sharing the
 * file wait on busy_timeout instead of failing mid-transaction on a lock upgrade.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database;
  constructor(database: SQLite.Database) {
    super({ database });
    this.#database = database;
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

/**
 * Opens the database named by the options (PostgreSQL when a URL is given, otherwise a SQLite
 * file in dataDir) and applies pending migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  sqliteFile?: string;
}): Promise<DbHandle> {
  let handle: DbHandle;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, types: pgTypes });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, dialect: "postgres", close: () => db.destroy() };
  } else {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const file = path.join(opts.dataDir, opts.sqliteFile ?? "daily-compass.sqlite");
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("synchronous = NORMAL");
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(sqlite) });
    handle = { db, dialect: "sqlite", close: () => db.destroy() };
  }
  await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  return handle;
}

/** Current time as the ISO-8601 UTC string every timestamp column stores. */
export const nowIso = (): string => new Date().toISOString();

export const toBool = (v: number): boolean => v === 1;
export const fromBool = (v: boolean): number => (v ? 1 : 0);

/** Runs `fn` in a new transaction, or directly inside the one the caller already holds. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
