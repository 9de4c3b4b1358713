/**
 * SQLite statements are prepared once per SQL text and reused (decision 018). Reuse must never
 * change an answer: fresh rows, the schema after a change, errors for a missing table, and a
 * bounded number of kept statements.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StatementCache } from "./database.ts";

let dir: string;
let sqlite: SQLite.Database;
let cache: StatementCache;
let db: Kysely<{ notes: { id: number; body: string; extra?: string } }>;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-stmt-"));
  sqlite = new SQLite(path.join(dir, "test.sqlite"));
  cache = new StatementCache(sqlite, 3);
  db = new Kysely({ dialect: new SqliteDialect({ database: cache }) });
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite statement cache", () => {
  it("reuses the statement of the same SQL and still answers the current rows", async () => {
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    const read = () => db.selectFrom("notes").selectAll().orderBy("id").execute();
    expect(await read()).toEqual([]);
    expect(cache.prepare('select * from "notes" order by "id"')).toBe(
      cache.prepare('select * from "notes" order by "id"'),
    );
    await db.insertInto("notes").values({ id: 1, body: "first" }).execute();
    await db.insertInto("notes").values({ id: 2, body: "second" }).execute();
    expect(await read()).toEqual([
      { id: 1, body: "first" },
      { id: 2, body: "second" },
    ]);
    const byId = (id: number) => db.selectFrom("notes").select("body").where("id", "=", id).executeTakeFirst();
    expect(await byId(2)).toEqual({ body: "second" });
    expect(await byId(1)).toEqual({ body: "first" });
  });

  it("a kept statement follows a schema change, and fails plainly once its table is gone", async () => {
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await db.insertInto("notes").values({ id: 1, body: "note" }).execute();
    const read = () => db.selectFrom("notes").selectAll().execute();
    expect(await read()).toEqual([{ id: 1, body: "note" }]);
    await sql`alter table notes add column extra text`.execute(db);
    expect(await read()).toEqual([{ id: 1, body: "note", extra: null }]);
    await sql`drop table notes`.execute(db);
    await expect(read()).rejects.toThrow(/no such table/);
  });

  it("keeps at most its size, dropping the least recently used, and never one-off long statements", async () => {
    const a = cache.prepare("select 1");
    const b = cache.prepare("select 2");
    cache.prepare("select 3");
    expect(cache.prepare("select 1")).toBe(a);
    cache.prepare("select 4");
    expect(cache.size).toBe(3);
    expect(cache.prepare("select 1")).toBe(a);
    // "select 2" was the least recently used when "select 4" came: it is prepared anew.
    expect(cache.prepare("select 2")).not.toBe(b);
    const long = `select '${"x".repeat(5000)}' as n`;
    expect(cache.prepare(long)).not.toBe(cache.prepare(long));
    expect(cache.size).toBe(3);
  });

  it("rows come out exactly as better-sqlite3's own row objects: keys, order, nulls, numbers, blobs", async () => {
    await sql`create table notes (id integer primary key, body text not null, extra text, data blob, score real)`.execute(
      db,
    );
    await sql`create table tags (id integer primary key, note_id integer not null, body text)`.execute(db);
    await sql`insert into notes values (1, 'a', null, x'00ff', 1.5), (2, 'b', 'x', null, null)`.execute(db);
    await sql`insert into tags values (10, 1, 'tag'), (11, 1, null)`.execute(db);
    const queries = [
      'select "id", "body", "extra", "data", "score" from "notes" order by "id"',
      // The same name twice: the last one wins, as in better-sqlite3's objects.
      'select "notes"."id", "tags"."id", "tags"."body" as "tag" from "notes" join "tags" on "tags"."note_id" = "notes"."id" order by "tags"."id"',
      'select count(*) as "n" from "notes"',
      'select "id" from "notes" where "id" > 100',
    ];
    for (const text of queries) {
      const expected = sqlite.prepare(text).all();
      expect(cache.prepare(text).all([]), text).toEqual(expected);
      expect(Object.keys((cache.prepare(text).all([])[0] ?? {}) as object), text).toEqual(
        Object.keys((expected[0] ?? {}) as object),
      );
      expect([...cache.prepare(text).iterate([])], text).toEqual(expected);
    }
    const streamed: unknown[] = [];
    for await (const row of db.selectFrom("notes").select(["id", "body"]).orderBy("id").stream()) streamed.push(row);
    expect(streamed).toEqual([
      { id: 1, body: "a" },
      { id: 2, body: "b" },
    ]);
  });

  it("transactions commit and roll back as before", async () => {
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("notes").values({ id: 1, body: "kept" }).execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("notes").values({ id: 2, body: "undone" }).execute();
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect(await db.selectFrom("notes").select("body").execute()).toEqual([{ body: "kept" }]);
  });
});
