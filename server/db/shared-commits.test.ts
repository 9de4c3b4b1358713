/**
 * Writes of one event-loop turn share one commit (decision 042): each is answered only once it is
 * committed, a write that fails on its own fails alone, a failure that ends the transaction fails
 * the whole group, a transaction that cannot begin fails the turn's writes alone, and Kysely's own
 * transactions and reads go on beside them. On SQLite files of their own, whichever database the
 * suite runs on.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEEP_AT_MOST } from "../../shared/constants.ts";
import { createQuickWin } from "../quick-wins/service.ts";
import { type DbHandle, nowIso, openDatabase, openSqliteFile } from "./database.ts";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-shared-commits-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the server's writes", () => {
  let handle: DbHandle;
  let outside: SQLite.Database;
  let userId: number;

  beforeEach(async () => {
    handle = await openDatabase({ dataDir: dir });
    const user = await handle.db
      .insertInto("users")
      .values({
        username: "ada",
        username_key: "ada",
        password_hash: null,
        display_name: null,
        email: null,
        oidc_issuer: null,
        oidc_subject: null,
        created_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    userId = user.id;
    outside = openSqliteFile(path.join(dir, "daily-compass.sqlite")).sqlite;
  });
  afterEach(async () => {
    outside.close();
    await handle.close();
  });

  const add = (text: string, owner = userId) =>
    createQuickWin(handle.db, { userId: owner, keep: KEEP_AT_MOST, input: { text, repeat: null } });
  const storedTexts = () =>
    (outside.prepare("select text from quick_wins order by id").all() as { text: string }[]).map((r) => r.text);
  /** Log frames written since the log was last emptied. */
  const logFrames = () => (outside.pragma("wal_checkpoint(PASSIVE)") as { log: number }[])[0]?.log ?? 0;
  const emptyLog = () => outside.pragma("wal_checkpoint(TRUNCATE)");

  it("are answered only once they are committed, for every connection to see", async () => {
    const adding = [add("Drink water"), add("Open the window"), add("Stretch")];
    // Nothing is answered or visible before the turn's commit.
    expect(storedTexts()).toEqual([]);
    const added = await Promise.all(adding);
    expect(added.map((w) => w.text)).toEqual(["Drink water", "Open the window", "Stretch"]);
    expect(new Set(added.map((w) => w.id)).size).toBe(3);
    expect(storedTexts()).toEqual(["Drink water", "Open the window", "Stretch"]);
  });

  it("made in the same turn share one commit", async () => {
    emptyLog();
    await add("One alone");
    const oneCommit = logFrames();
    emptyLog();
    for (const text of ["First", "Second", "Third", "Fourth", "Fifth"]) await add(text);
    const fiveCommits = logFrames();
    emptyLog();
    await Promise.all(["First", "Second", "Third", "Fourth", "Fifth"].map((text) => add(text)));
    const fiveTogether = logFrames();
    // Each commit writes a frame for every page it changed; five writes in one commit change the same pages.
    expect(fiveCommits).toBeGreaterThanOrEqual(5 * oneCommit);
    expect(fiveTogether).toBeLessThanOrEqual(oneCommit + 2);
    expect(storedTexts()).toHaveLength(11);
  });

  it("fail alone when their own statement fails, and the others of the turn are kept", async () => {
    // A statement's own failure, as a constraint's: SQLite undoes that statement and keeps the transaction.
    outside.exec(`create trigger refused before insert on quick_wins when new.text = 'refused'
      begin select raise(abort, 'refused alone'); end`);
    const results = await Promise.allSettled([add("Kept before"), add("refused"), add("Kept after")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/refused alone/);
    expect(storedTexts()).toEqual(["Kept before", "Kept after"]);
  });

  it("wait for a transaction that holds the connection, and do not hold up reads", async () => {
    let adding: Promise<unknown> | undefined;
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("quick_wins")
        .values({
          user_id: userId,
          text: "In a transaction",
          search_text: "in a transaction",
          completed: 0,
          created_at: nowIso(),
        })
        .execute();
      adding = add("Outside it");
      // The write waits for the transaction, which goes on with its own work meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(storedTexts()).toEqual([]);
    });
    await adding;
    expect(storedTexts()).toEqual(["In a transaction", "Outside it"]);

    // A read made while a write waits for its turn's commit is not held up, and sees what was committed.
    const added = add("Read right after");
    const read = await handle.db.selectFrom("quick_wins").select("text").orderBy("id").execute();
    expect(read.map((r) => r.text)).toEqual(["In a transaction", "Outside it"]);
    await added;
    expect(storedTexts()).toEqual(["In a transaction", "Outside it", "Read right after"]);
  });
  it("fail every one of the group when one ends the transaction, and the next turn starts afresh", async () => {
    outside.exec(`create trigger no_stop before insert on quick_wins when new.text = 'stop'
      begin select raise(rollback, 'stop ends the transaction'); end`);
    const results = await Promise.allSettled([add("Written before"), add("stop"), add("Written after")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const result of results) {
      expect(String((result as PromiseRejectedResult).reason)).toMatch(/stop ends the transaction/);
    }
    expect(storedTexts()).toEqual([]);

    await expect(add("A new turn")).resolves.toMatchObject({ text: "A new turn" });
    expect(storedTexts()).toEqual(["A new turn"]);
  });

  it("fail when their transaction cannot begin, and begin again on the next turn", async () => {
    await sql`pragma busy_timeout = 50`.execute(handle.db);
    outside.exec("begin immediate");
    const results = await Promise.allSettled([add("One"), add("Two")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: "SQLITE_BUSY" });
    outside.exec("rollback");

    await add("Three");
    expect(storedTexts()).toEqual(["Three"]);
  });
});
