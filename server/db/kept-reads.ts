import fs from "node:fs";

/**
 * The two copies of the WAL-index header at the start of a WAL database's `-shm` file, 48 bytes
 * each (https://www.sqlite.org/walformat.html, "The WAL-Index Header").
 */
const HEADER_COPY_BYTES = 48;
const HEADER_BYTES = 2 * HEADER_COPY_BYTES;

/**
 * Whether anything was committed to a SQLite database in WAL mode, learnt without a read
 * transaction (docs/decisions/039-reads-kept-until-a-commit.md). Every commit, by any connection
 * of any process, rewrites the WAL-index header — its count of transactions, its last frame, and
 * the salts when the log starts over — and SQLite compares the same bytes to learn whether the
 * database changed under a reader. Reading them is one `pread` of shared memory's file; a read
 * transaction takes two `fcntl` locks besides.
 */
export class CommitMark {
  readonly #fd: number;
  readonly #now = Buffer.alloc(HEADER_BYTES);
  readonly #seen = Buffer.alloc(HEADER_BYTES);
  #known = false;

  constructor(fd: number) {
    this.#fd = fd;
  }

  /**
   * True when nothing was committed since the last call; otherwise false, and the mark read now
   * is the one the next call compares with. Read before the rows it vouches for, so rows read
   * after a false are never older than the mark (a commit in between only changes it again).
   */
  unchanged(): boolean {
    const now = this.#now;
    if (fs.readSync(this.#fd, now, 0, HEADER_BYTES, 0) !== HEADER_BYTES) return this.#forget();
    // A writer publishes the second copy, then the first: while they differ a commit is landing.
    // A header not yet initialised (its isInit byte, offset 12) vouches for nothing.
    if (now[12] !== 1 || now.compare(now, 0, HEADER_COPY_BYTES, HEADER_COPY_BYTES, HEADER_BYTES) !== 0) {
      return this.#forget();
    }
    if (this.#known && now.equals(this.#seen)) return true;
    now.copy(this.#seen);
    this.#known = true;
    return false;
  }

  #forget(): false {
    this.#known = false;
    return false;
  }
}

/** Reads kept at most; past this all are dropped and kept again as they are asked for. */
const KEPT_READS_MAX = 5000;

/**
 * One read-only descriptor per `-shm` file (by device and inode), opened at its first use and
 * never closed while the process runs. Closing any descriptor of a file drops every POSIX lock the
 * process holds on it, and SQLite's connections hold theirs on this file for as long as they are
 * open: closing would silently unlock another connection of this process to the same database.
 */
const shmDescriptors = new Map<string, number>();

function shmDescriptor(file: string): number | undefined {
  const found = fs.statSync(file, { throwIfNoEntry: false });
  if (!found) return undefined;
  const kept = shmDescriptors.get(`${found.dev}:${found.ino}`);
  if (kept !== undefined) return kept;
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch {
    return undefined;
  }
  // Kept under the file it opened, should the name have moved to another file in between.
  const opened = fs.fstatSync(fd);
  shmDescriptors.set(`${opened.dev}:${opened.ino}`, fd);
  return fd;
}

/**
 * Rows of reads kept until anything is committed to the database, keyed by statement and values.
 * Rows are frozen: every caller gets the same objects.
 */
export class KeptReads {
  readonly #file: string;
  #mark: CommitMark | undefined;
  /** Rows by statement, then by its one value or by all its values as JSON. */
  readonly #rows = new Map<string, Map<unknown, readonly unknown[]>>();
  #count = 0;

  /** Reads kept for the WAL database in this file; its shared memory is opened at the first read. */
  constructor(databaseFile: string) {
    this.#file = `${databaseFile}-shm`;
  }

  /**
   * The rows of `sql` with `parameters`, kept or read now with `read`. A read that finds a new
   * commit keeps nothing: under a stream of writes nothing is kept only to be dropped at once.
   */
  rows(sql: string, parameters: readonly unknown[], read: () => unknown[]): unknown[] {
    const mark = this.#mark ?? this.#open();
    // No shared memory to read (not yet made, or not readable): nothing can be kept.
    if (!mark) return read();
    if (!mark.unchanged()) {
      // Something was committed: read, and keep nothing until a read finds the database as it was.
      this.#forget();
      return read();
    }
    // A Map tells 1 from "1"; several values are told apart by their JSON.
    const key = parameters.length === 1 ? parameters[0] : JSON.stringify(parameters);
    let bySql = this.#rows.get(sql);
    if (!bySql) {
      bySql = new Map();
      this.#rows.set(sql, bySql);
    }
    const kept = bySql.get(key);
    if (kept) return kept as unknown[];
    const rows = read();
    for (const row of rows) Object.freeze(row);
    if (this.#count >= KEPT_READS_MAX) this.#forget();
    bySql.set(key, Object.freeze(rows));
    this.#count++;
    return rows;
  }

  #open(): CommitMark | undefined {
    const fd = shmDescriptor(this.#file);
    if (fd === undefined) return undefined;
    this.#mark = new CommitMark(fd);
    return this.#mark;
  }

  /** Drops every kept read; the maps per statement stay, as few as the statements kept. */
  #forget(): void {
    if (this.#count === 0) return;
    for (const bySql of this.#rows.values()) bySql.clear();
    this.#count = 0;
  }

  /** Drops the kept reads; the file's descriptor stays open (shmDescriptors says why). */
  close(): void {
    this.#forget();
    this.#mark = undefined;
  }
}
