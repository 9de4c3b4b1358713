/**
 * Writes asked for in the same event-loop turn share one SQLite transaction and one commit
 * (docs/decisions/042-shared-commits.md). A commit in WAL mode writes a log frame for every page
 * the transaction changed and takes and drops the file's locks; a new quick win changes the same
 * few pages as the one beside it (the table's last leaf, two index pages, the lists versions), so
 * ten inserts in one commit cost little more than one.
 *
 * A write is queued. Once the turn's other callbacks have run (`setImmediate`), a lone write with
 * the connection free commits by itself; a longer queue takes the connection through the driver's
 * lock (as a Kysely transaction does, so it waits for one that is open), begins a write
 * transaction, runs every queued write, commits and hands the connection back, all in one
 * synchronous stretch: the connection is never left in an open transaction while other requests'
 * reads run. A write's promise settles only after that commit, so nothing is
 * answered before it is in the database; if the commit fails, every write of the group fails.
 *
 * A write that fails on its own (a constraint) undoes only its own statement and fails alone.
 * A failure that ends the whole transaction (the disk full, an I/O error) fails every write of
 * the group, those already run included, and the rest are not run.
 */
import type SQLite from "better-sqlite3";

/** The single connection's lock, as the driver gives it: held by one transaction at a time. */
export type ConnectionLock = {
  acquire: () => Promise<unknown>;
  release: () => Promise<void>;
  /** True when nobody holds the connection, so no transaction is open on it. */
  idle: () => boolean;
};

type Queued = { write: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };

export class SharedCommits {
  readonly #sqlite: SQLite.Database;
  readonly #lock: ConnectionLock;
  readonly #begin: SQLite.Statement;
  readonly #commit: SQLite.Statement;
  #queue: Queued[] | undefined;

  constructor(sqlite: SQLite.Database, lock: ConnectionLock) {
    this.#sqlite = sqlite;
    this.#lock = lock;
    this.#begin = sqlite.prepare("begin immediate");
    this.#commit = sqlite.prepare("commit");
  }

  /** Runs `write` in this turn's shared transaction; resolves with its result once that is committed. */
  write<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let queue = this.#queue;
      if (!queue) {
        const opened: Queued[] = [];
        setImmediate(() => {
          this.#queue = undefined;
          void this.#run(opened);
        });
        this.#queue = queue = opened;
      }
      queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  async #run(queue: Queued[]): Promise<void> {
    const [only] = queue;
    if (queue.length === 1 && only && this.#lock.idle()) {
      // A lone write with the connection free commits by itself, as any single statement does.
      try {
        only.resolve(only.write());
      } catch (error) {
        only.reject(error);
      }
      return;
    }
    try {
      await this.#lock.acquire();
    } catch (error) {
      for (const entry of queue) entry.reject(error);
      return;
    }
    const written: Array<{ entry: Queued; value: unknown }> = [];
    let failure: { error: unknown } | undefined;
    try {
      this.#begin.run();
    } catch (error) {
      failure = { error };
    }
    for (const entry of queue) {
      if (failure) {
        entry.reject(failure.error);
        continue;
      }
      try {
        written.push({ entry, value: entry.write() });
      } catch (error) {
        // Most failures undo the statement alone; some end the transaction and all it wrote.
        if (!this.#sqlite.inTransaction) failure = { error };
        entry.reject(error);
      }
    }
    if (!failure) {
      try {
        this.#commit.run();
      } catch (error) {
        failure = { error };
      }
    }
    if (failure && this.#sqlite.inTransaction) {
      try {
        this.#sqlite.exec("rollback");
      } catch {
        // The connection ends the transaction itself when it cannot roll back.
      }
    }
    try {
      await this.#lock.release();
    } finally {
      for (const { entry, value } of written) {
        if (failure) entry.reject(failure.error);
        else entry.resolve(value);
      }
    }
  }
}
