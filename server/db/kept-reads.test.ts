/**
 * A read kept until a commit (decision 039) is answered again only while nothing at all was
 * committed to the database: by the same connection, by another connection, by another process,
 * after a checkpoint started the log over. Runs on SQLite files of its own on either database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqliteFromOutside } from "../testing/outside-process.ts";
import { CommitMark, KeptReads } from "./kept-reads.ts";

let dir: string;
let file: string;
let own: SQLite.Database;
let kept: KeptReads;
/** How many times the kept reads asked for rows. */
let reads: number;

const open = () => {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  return db;
};
const noteBody = (id: number) => {
  const select = own.prepare("select body from notes where id = ?");
  return () =>
    kept.rows("select body from notes where id = ?", [id], () => {
      reads++;
      return select.all(id);
    });
};

/** One statement from a process of its own; "locked" when the database refused it as busy. */
const writeFromOutside = (statement: string, busyTimeoutMs: number) =>
  sqliteFromOutside(file, statement, [], busyTimeoutMs);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-kept-"));
  file = path.join(dir, "test.sqlite");
  own = open();
  own.exec("create table notes (id integer primary key, body text not null)");
  own.prepare("insert into notes (id, body) values (?, ?)").run(1, "first");
  kept = new KeptReads(file);
  reads = 0;
});
afterEach(() => {
  kept.close();
  own.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("reads kept until a commit", () => {
  it("answer the same rows again without reading while nothing is committed", () => {
    const body = noteBody(1);
    // The first read learns the database's mark and keeps nothing; the next one is kept.
    expect(body()).toEqual([{ body: "first" }]);
    expect(body()).toEqual([{ body: "first" }]);
    expect(reads).toBe(2);
    expect(body()).toBe(body());
    expect(reads).toBe(2);
    // Reads change nothing.
    own.prepare("select count(*) from notes").get();
    body();
    expect(reads).toBe(2);
  });

  it("keep nothing from a read that found a new commit, and keep the next one", () => {
    const body = noteBody(1);
    body();
    body();
    own.prepare("update notes set body = ? where id = 1").run("again");
    expect(body()).toEqual([{ body: "again" }]);
    expect(reads).toBe(3);
    expect(body()).toEqual([{ body: "again" }]);
    expect(reads).toBe(4);
    expect(body()).toEqual([{ body: "again" }]);
    expect(reads).toBe(4);
  });

  it("read again after a commit on the same connection", () => {
    const body = noteBody(1);
    body();
    own.prepare("update notes set body = ? where id = 1").run("changed here");
    expect(body()).toEqual([{ body: "changed here" }]);
    expect(reads).toBe(2);
  });

  it("read again after a commit by another connection, and after a checkpoint started the log over", () => {
    const other = open();
    try {
      const body = noteBody(1);
      body();
      other.prepare("update notes set body = ? where id = 1").run("changed there");
      expect(body()).toEqual([{ body: "changed there" }]);
      other.pragma("wal_checkpoint(TRUNCATE)");
      body();
      other.prepare("update notes set body = ? where id = 1").run("after the checkpoint");
      expect(body()).toEqual([{ body: "after the checkpoint" }]);
    } finally {
      other.close();
    }
  });

  it("read again after another process deleted the row", () => {
    const body = noteBody(1);
    expect(body()).toEqual([{ body: "first" }]);
    expect(writeFromOutside("delete from notes where id = 1", 5000)).toBe("written");
    expect(body()).toEqual([]);
  });

  it("leave this process's SQLite locks alone when closed, and read again when opened anew", () => {
    noteBody(1)();
    own.exec("begin immediate");
    try {
      kept.close();
      // Closing a descriptor of the -shm file would drop the write lock this connection holds.
      expect(writeFromOutside("insert into notes (id, body) values (3, 'outside')", 0)).toBe("locked");
    } finally {
      own.exec("rollback");
    }
    kept = new KeptReads(file);
    const body = noteBody(1);
    body();
    expect(writeFromOutside("update notes set body = 'moved' where id = 1", 5000)).toBe("written");
    expect(body()).toEqual([{ body: "moved" }]);
  });

  it("keep rows per statement and per value, telling 1 from '1'", () => {
    own.prepare("insert into notes (id, body) values (?, ?)").run(2, "second");
    const select = own.prepare("select body from notes where id = ?");
    const byValue = (id: unknown) => kept.rows("select body from notes where id = ?", [id], () => select.all(id));
    const both = (a: unknown, b: unknown) =>
      kept.rows("select body from notes where id in (?, ?) order by id", [a, b], () => {
        reads++;
        return own.prepare("select body from notes where id in (?, ?) order by id").all(a, b);
      });
    expect(byValue(1)).toEqual([{ body: "first" }]);
    expect(byValue(2)).toEqual([{ body: "second" }]);
    expect(byValue("1")).toEqual([{ body: "first" }]);
    expect(byValue(3)).toEqual([]);
    expect(both(1, 2)).toEqual([{ body: "first" }, { body: "second" }]);
    expect(both(2, 3)).toEqual([{ body: "second" }]);
    expect(reads).toBe(2);
  });

  it("hand out frozen rows, so no caller can change what the next one gets", () => {
    const body = noteBody(1);
    body();
    const rows = body();
    expect(Object.isFrozen(rows)).toBe(true);
    expect(Object.isFrozen(rows[0])).toBe(true);
  });

  it("read every time when the database has no shared memory to watch", () => {
    const missing = new KeptReads(path.join(dir, "missing.sqlite"));
    let count = 0;
    const read = () => missing.rows("select 1", [], () => [{ n: ++count }]);
    expect(read()).toEqual([{ n: 1 }]);
    expect(read()).toEqual([{ n: 2 }]);
    missing.close();
  });

  it("vouch for nothing while the header's two copies differ (a commit landing) or before it is made", () => {
    const shm = path.join(dir, "fake.sqlite-shm");
    const header = Buffer.alloc(136);
    header.writeUInt32LE(3007000, 0);
    header.writeUInt32LE(7, 8); // transactions so far
    header[12] = 1; // made
    header.copy(header, 48, 0, 48);
    const write = () => fs.writeFileSync(shm, header);
    write();
    const fd = fs.openSync(shm, "r");
    try {
      const mark = new CommitMark(fd);
      expect(mark.unchanged()).toBe(false);
      expect(mark.unchanged()).toBe(true);
      // A writer has published the second copy and not yet the first.
      header.writeUInt32LE(8, 48 + 8);
      write();
      expect(mark.unchanged()).toBe(false);
      expect(mark.unchanged()).toBe(false);
      header.writeUInt32LE(8, 8);
      write();
      expect(mark.unchanged()).toBe(false);
      expect(mark.unchanged()).toBe(true);
      header[12] = 0;
      header[48 + 12] = 0;
      write();
      expect(mark.unchanged()).toBe(false);
      expect(mark.unchanged()).toBe(false);
    } finally {
      fs.closeSync(fd);
    }
  });
});
