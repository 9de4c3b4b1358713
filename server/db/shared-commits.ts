/**
 * Writes made in the same event-loop turn share one SQLite transaction and one commit
 * (docs/decisions/042-shared-commits.md). A commit in WAL mode writes a log frame for every page
 * the transaction changed and takes and drops the file's locks; a new quick win changes the same
 * few pages as the one beside it (the table's last leaf, two index pages, the lists versions), so
 * ten inserts in one commit cost little more than one.
 *
 * The first write opens a group: it takes the connection (Kysely's own transactions and queued
 * queries wait for it, as for any transaction) and begins a write transaction. Every write of the
 * turn runs in it at once. When the turn's writes have run, the group commits and hands the
 * connection back. A write's promise settles only after that commit, so nothing is answered
 * before it is in the database; if the commit fails, every write of the group fails with it.
 *
 * A write that fails on its own (a constraint) undoes only its own statement and fails alone.
 * A failure that ends the whole transaction (the disk full, an I/O error) fails every write of
 * the group, those already run included.
 */
import type SQLite from "better-sqlite3";

/** The single connection's lock, as the driver gives it: held by one transaction at a time. */
export type ConnectionLock = { acquire: () => Promise<unknown>; release: () => Promise<void> };

type Group = {
  /** Resolves once the group holds the connection and its transaction has begun. */
  ready: Promise<void>;
  /** Writes that joined and have not run yet. */
  waiting: number;
  commitScheduled: boolean;
  /** Set when the transaction ended early: every write of the group fails with this. */
  ended: { error: unknown } | undefined;
  committed: Promise<void>;
  settle: (failure: { error: unknown } | undefined) => void;
};

export class SharedCommits {
  readonly #sqlite: SQLite.Database;
  readonly #lock: ConnectionLock;
  readonly #begin: SQLite.Statement;
  readonly #commit: SQLite.Statement;
  #group: Group | undefined;

  constructor(sqlite: SQLite.Database, lock: ConnectionLock) {
    this.#sqlite = sqlite;
    this.#lock = lock;
    this.#begin = sqlite.prepare("begin immediate");
    this.#commit = sqlite.prepare("commit");
  }

  /** Runs `write` in this turn's shared transaction; resolves with its result once that is committed. */
  write<T>(write: () => T): Promise<T> {
    const group = this.#group ?? this.#open();
    group.waiting++;
    return group.ready.then(() => {
      group.waiting--;
      try {
        if (group.ended) throw group.ended.error;
        const value = write();
        return group.committed.then(() => value);
      } catch (error) {
        if (!group.ended && !this.#sqlite.inTransaction) group.ended = { error };
        throw error;
      } finally {
        if (group.waiting === 0) this.#commitSoon(group);
      }
    });
  }

  #open(): Group {
    let settle: Group["settle"] = () => {};
    const committed = new Promise<void>((resolve, reject) => {
      settle = (failure) => (failure ? reject(failure.error) : resolve());
    });
    // A group whose every write failed on its own still commits; nobody may be listening then.
    committed.catch(() => {});
    const group: Group = {
      ready: this.#begun(),
      waiting: 0,
      commitScheduled: false,
      ended: undefined,
      committed,
      settle,
    };
    group.ready.catch(() => {
      if (this.#group === group) this.#group = undefined;
    });
    this.#group = group;
    return group;
  }

  async #begun(): Promise<void> {
    await this.#lock.acquire();
    try {
      this.#begin.run();
    } catch (error) {
      await this.#lock.release();
      throw error;
    }
  }

  /** Commits after the turn's other callbacks: writes that arrive with this one join it. */
  #commitSoon(group: Group): void {
    if (group.commitScheduled) return;
    group.commitScheduled = true;
    setImmediate(() => {
      group.commitScheduled = false;
      // A write joined after this was scheduled and has not run: the last one to run commits.
      if (group.waiting > 0) return;
      this.#finish(group);
    });
  }

  #finish(group: Group): void {
    if (this.#group === group) this.#group = undefined;
    let failure: { error: unknown } | undefined = group.ended;
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
    const settle = () => group.settle(failure);
    this.#lock.release().then(settle, settle);
  }
}
