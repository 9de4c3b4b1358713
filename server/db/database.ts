import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
  sql,
} from "kysely";
import type pg from "pg";
import { KeptReads } from "./kept-reads.ts";
import { type Dialect, migrateToLatest } from "./migrate.ts";
import type { Database } from "./schema.ts";
import { SharedCommits } from "./shared-commits.ts";

export type Db = Kysely<Database>;
export type DbHandle = { db: Db; dialect: Dialect; close: () => Promise<void> };

// int8 (bigint) columns hold project task keys (millisecond timestamps): all fit in a JS number.
const pgTypes = (types: typeof pg.types) => ({
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === 20 ? (v: string) => Number(v) : types.getTypeParser(oid, format),
});

/**
 * Write transactions take the write lock up front (BEGIN IMMEDIATE) so two processes sharing the
 * file wait on busy_timeout instead of failing mid-transaction on a lock upgrade.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  /** Holders of the single connection: a transaction holds it from before BEGIN to after COMMIT. */
  #held = 0;

  /** True when nobody holds the connection, so no transaction is open on it. */
  get idle(): boolean {
    return this.#held === 0;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.#held++;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    this.#held--;
    await super.releaseConnection();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/**
 * Runs a compiled statement on the SQLite connection at once, as Kysely's driver would (reads
 * answer their rows, writes theirs only with `returning`), or answers undefined when the
 * connection is held: a transaction is open on it and the read must wait its turn through Kysely.
 * better-sqlite3 is synchronous, so a statement run here cannot interleave with anything; what it
 * saves is Kysely's chain of promises (mutex, connection provider, executor) around a call that
 * never waits.
 *
 * A write joins the turn's shared commit (shared-commits.ts) and answers a promise that settles
 * once it is committed.
 *
 * With `keep`, a read's rows are kept and answered again, without running it, until anything is
 * committed to the database by any connection or process (kept-reads.ts); they are frozen.
 */
export type DirectStatements = (
  sql: string,
  parameters: readonly unknown[],
  keep?: boolean,
) => unknown[] | Promise<unknown[]> | undefined;
const directStatements = new WeakMap<Db, DirectStatements>();

/** The direct runner of a SQLite database opened here; undefined for PostgreSQL and for a transaction. */
export const directStatementsOf = (db: Db): DirectStatements | undefined => directStatements.get(db);

/** Prepared statements kept per SQL text; past this the least recently used is dropped. */
const STATEMENT_CACHE_SIZE = 200;
/** Longer statements (bulk inserts of many rows) are one-off: prepared each time, not kept. */
const STATEMENT_CACHE_MAX_SQL = 4096;

/**
 * A prepared statement that reads its rows as arrays and makes the row objects in JavaScript:
 * better-sqlite3 builds an object row property by property through V8's API, about twice the
 * cost of reading arrays and making objects of one fixed shape from a literal. The rows are the
 * same objects with the same keys in the same order (a name used twice keeps its last value, as
 * before). Statements with a `*` keep object rows: their columns may change with the schema,
 * whereas a named column cannot change without the statement failing.
 */
class ArrayReadStatement implements SqliteStatement {
  readonly #statement: SQLite.Statement;
  readonly #toRow: ((values: unknown[]) => unknown) | undefined;
  readonly reader: boolean;
  /** True when the statement changes the database (an insert with `returning` is also a reader). */
  readonly writes: boolean;

  constructor(statement: SQLite.Statement) {
    this.#statement = statement;
    this.reader = statement.reader;
    this.writes = !statement.readonly;
    if (statement.reader && !statement.source.includes("*")) {
      const names = statement.columns().map((c) => c.name);
      statement.raw(true);
      // The column names come from our own SQL; JSON.stringify quotes them as property names.
      this.#toRow = new Function(
        "v",
        `return { ${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(", ")} };`,
      ) as (values: unknown[]) => unknown;
    }
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const rows = this.#statement.all(parameters) as unknown[][];
    const toRow = this.#toRow;
    if (!toRow) return rows;
    const out = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = toRow(rows[i] as unknown[]);
    return out;
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(parameters);
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    for (const values of this.#statement.iterate(parameters) as IterableIterator<unknown[]>) {
      yield this.#toRow ? this.#toRow(values) : values;
    }
  }
}

/**
 * The SQLite database as Kysely sees it, with the prepared statement of each SQL text kept and
 * reused (a small LRU) instead of compiled again on every query: SQLite re-prepares a kept
 * statement by itself when the schema changes. Kysely runs one query at a time on its single
 * connection, so a statement is never in use twice at once.
 */
export class StatementCache implements SqliteDatabase {
  readonly #database: SQLite.Database;
  readonly #statements = new Map<string, ArrayReadStatement>();
  readonly #size: number;

  constructor(database: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
    this.#database = database;
    this.#size = size;
  }

  prepare(text: string): ArrayReadStatement {
    const kept = this.#statements.get(text);
    if (kept) {
      // Most recently used last: a Map keeps insertion order.
      this.#statements.delete(text);
      this.#statements.set(text, kept);
      return kept;
    }
    const statement = new ArrayReadStatement(this.#database.prepare(text));
    if (text.length <= STATEMENT_CACHE_MAX_SQL) {
      if (this.#statements.size >= this.#size) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(text, statement);
    }
    return statement;
  }

  /** How many statements are kept (tests). */
  get size(): number {
    return this.#statements.size;
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  /** The driver Kysely asked for (it asks once per Kysely instance). */
  driver: ImmediateSqliteDriver | undefined;
  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }
  override createDriver() {
    this.driver = new ImmediateSqliteDriver({ database: this.#database });
    return this.driver;
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
  /** Told when a PostgreSQL connection dies; the pool opens a new one on the next query. */
  onConnectionLost?: (error: Error) => void;
}): Promise<DbHandle> {
  let handle: DbHandle;
  if (opts.databaseUrl) {
    // Loaded only for PostgreSQL: a SQLite server starts without it.
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types: pgTypes(pg.types),
      // The URL's application_name wins; this one names the server's connections in pg_stat_activity.
      fallback_application_name: "daily-compass",
      // Notices a peer that vanished without a word (failover, network cut) instead of waiting forever.
      keepAlive: true,
      // A request waits this long for a connection (server down, pool exhausted), then answers 503.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection that dies (restart, failover, pg_terminate_backend) emits 'error' on its client
    // and, when it was idle, on the pool; unhandled, either would end the process. The queries it
    // was running fail on their own (503 to their requests) and the pool drops the client.
    const lost = (error: Error) => opts.onConnectionLost?.(error);
    pool.on("connect", (client) => client.on("error", lost));
    pool.on("error", () => {
      // Already reported by the client's own listener above.
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, dialect: "postgres", close: () => db.destroy() };
  } else {
    // Private to the server's user when created here; an existing folder keeps its operator's modes.
    fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(opts.dataDir, opts.sqliteFile ?? "daily-compass.sqlite");
    createPrivateFile(file);
    const { sqlite, wal } = openSqliteFile(file);
    const statements = new StatementCache(sqlite);
    const dialect = new ImmediateSqliteDialect(statements);
    const db = new Kysely<Database>({ dialect });
    // Only a WAL database's -shm file tells of commits; a file left from an earlier WAL run would not.
    const kept = wal ? new KeptReads(file) : undefined;
    const driver = dialect.driver as ImmediateSqliteDriver;
    const commits = new SharedCommits(sqlite, {
      acquire: () => driver.acquireConnection(),
      release: () => driver.releaseConnection(),
      idle: () => driver.idle,
    });
    directStatements.set(db, (text, parameters, keep) => {
      const statement = statements.prepare(text);
      // Queued whether or not a transaction holds the connection now: the shared commit waits for it.
      if (statement.writes) {
        return commits.write(() => {
          if (statement.reader) return statement.all(parameters);
          statement.run(parameters);
          return [];
        });
      }
      if (!driver.idle) return undefined;
      if (keep && kept) return kept.rows(text, parameters, () => statement.all(parameters));
      return statement.all(parameters);
    });
    handle = {
      db,
      dialect: "sqlite",
      close: async () => {
        await db.destroy();
        kept?.close();
      },
    };
  }
  await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  return handle;
}

/** A connection to a SQLite file with the server's settings; `wal` tells whether WAL mode took. */
export function openSqliteFile(file: string): { sqlite: SQLite.Database; wal: boolean } {
  const sqlite = new SQLite(file);
  // A filesystem without shared memory leaves the journal as it was: nothing is kept then.
  const wal = sqlite.pragma("journal_mode = WAL", { simple: true }) === "wal";
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  return { sqlite, wal };
}

/** Creates an empty 0600 file unless it exists; SQLite gives its -wal and -shm files the database file's mode. */
function createPrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

const CONNECT_TIMEOUT_MS = 10_000;
const READY_TIMEOUT_MS = 3_000;

/**
 * Why the database cannot serve a request right now, when the cause is the database and not the
 * request: it is unreachable (down, restarting, connection lost), busy (locked, out of
 * connections), or its storage refuses writes (read-only, full, I/O errors).
 */
export type DatabaseFault = { kind: "unreachable" | "busy" | "storage"; code: string; message: string };

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// pg reports a connection that ended, or could not be had in time, with these messages and no code.
const PG_CONNECTION_MESSAGES: Record<string, DatabaseFault["kind"]> = {
  "Connection terminated unexpectedly": "unreachable",
  "Connection terminated": "unreachable",
  "Client has encountered a connection error and is not queryable": "unreachable",
  "Connection terminated due to connection timeout": "unreachable",
  "timeout exceeded when trying to connect": "busy",
};

function faultKindOfCode(code: string): DatabaseFault["kind"] | undefined {
  if (NETWORK_CODES.has(code)) return "unreachable";
  if (code.startsWith("SQLITE_")) {
    if (code.startsWith("SQLITE_READONLY") || code === "SQLITE_FULL" || code.startsWith("SQLITE_IOERR")) {
      return "storage";
    }
    // Only reached after busy_timeout has run out.
    if (code.startsWith("SQLITE_BUSY")) return "busy";
    if (code.startsWith("SQLITE_CANTOPEN")) return "unreachable";
    return undefined;
  }
  // SQLSTATE: class 08 connection exceptions; 57P01-03 admin shutdown, crash shutdown, cannot connect now.
  if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03") return "unreachable";
  if (code === "25006" || code === "53100") return "storage"; // read_only_sql_transaction, disk_full
  if (code === "53300") return "busy"; // too_many_connections
  // deadlock_detected, serialization_failure, lock_not_available: the write was ended whole, and
  // the same write sent again a moment later goes through.
  if (code === "40P01" || code === "40001" || code === "55P03") return "busy";
  return undefined;
}

/**
 * The database fault behind an error, if it is one (the error itself, its causes, or the errors of
 * an AggregateError such as a connection refused on every address). The one place that knows which
 * driver errors mean "the database cannot serve this now" rather than "this request is wrong".
 */
export function databaseFault(error: unknown, depth = 0): DatabaseFault | undefined {
  if (!(error instanceof Error) || depth > 4) return undefined;
  if (error instanceof DatabaseNotReadyError) {
    return databaseFault(error.cause, depth + 1) ?? { kind: "unreachable", code: "NOT_READY", message: error.message };
  }
  const code = (error as { code?: unknown }).code;
  const kind = typeof code === "string" ? faultKindOfCode(code) : PG_CONNECTION_MESSAGES[error.message];
  if (kind) return { kind, code: typeof code === "string" ? code : "CONNECTION_LOST", message: error.message };
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const fault = databaseFault(inner, depth + 1);
      if (fault) return fault;
    }
  }
  return databaseFault(error.cause, depth + 1);
}

export class DatabaseNotReadyError extends Error {}

/** Resolves when a trivial query answers within a few seconds; rejects with DatabaseNotReadyError otherwise. */
export async function checkDatabase(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } catch (error) {
    throw new DatabaseNotReadyError("The database is not answering", { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** Current time as the ISO-8601 UTC string every timestamp column stores. */
export const nowIso = (): string => new Date().toISOString();

/**
 * Whether `SELECT … FOR UPDATE` holds rows: on PostgreSQL it does, and is needed; SQLite has no
 * such clause and runs one write transaction at a time.
 */
export const locksRows = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * `query` holding the rows it reads until its transaction ends (`FOR UPDATE`) where the database
 * does that (`locksRows`) and `when` asks for it; as it is elsewhere.
 */
export const held = <Q extends { forUpdate(): Q }>(db: Db, query: Q, when = true): Q =>
  when && locksRows(db) ? query.forUpdate() : query;

export const toBool = (v: number): boolean => v === 1;
export const fromBool = (v: boolean): number => (v ? 1 : 0);

/** Runs `fn` in a new transaction, or directly inside the one the caller already holds. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
