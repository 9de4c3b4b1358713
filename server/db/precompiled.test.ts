/**
 * A query compiled once and run with new values answers exactly what building it each time would
 * (decision 018), on SQLite and PostgreSQL, with the query's own constants kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { type Db, directStatementsOf } from "./database.ts";
import { precompiled } from "./precompiled.ts";

let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["ada", "bo", "cy"]) ids[name] = (await t.signUp(`${name}${Date.now().toString(36)}`)).userId;
  const { cookie } = await t.signUp();
  for (const title of ["one", "two", "three"]) {
    await t.app.inject({ method: "POST", url: "/api/tasks", headers: { cookie }, payload: { title } });
  }
});
afterAll(async () => {
  await t?.close();
});

describe("precompiled queries", () => {
  it("answer for each call's own values, as the built query does", async () => {
    const byId = precompiled((db: Db, id: number) =>
      db.selectFrom("users").select(["id", "username"]).where("id", "=", id).where("id", ">", 0),
    );
    for (const id of Object.values(ids)) {
      const built = await t.handle.db
        .selectFrom("users")
        .select(["id", "username"])
        .where("id", "=", id)
        .where("id", ">", 0)
        .execute();
      expect(await byId(t.handle.db, id)).toEqual(built);
      expect(built).toHaveLength(1);
    }
    expect(await byId(t.handle.db, 2_000_000_000)).toEqual([]);
  });

  it("keep the query's constants and put arguments where they belong, in any order", async () => {
    const titles = precompiled((db: Db, userId: number, after: string) =>
      db
        .selectFrom("tasks")
        .select("title")
        .where("title", ">", after)
        .where("user_id", "=", userId)
        .where("completed", "=", 0)
        .orderBy("title"),
    );
    const owner = (await t.handle.db.selectFrom("tasks").select("user_id").executeTakeFirstOrThrow()).user_id;
    expect(await titles(t.handle.db, owner, "a")).toEqual([{ title: "one" }, { title: "three" }, { title: "two" }]);
    expect(await titles(t.handle.db, owner, "t")).toEqual([{ title: "three" }, { title: "two" }]);
    expect(await titles(t.handle.db, owner + 1000, "a")).toEqual([]);
  });

  it("refuse a builder that uses an argument for anything but a value", async () => {
    const shaped = precompiled((db: Db, wide: boolean) =>
      db.selectFrom("users").select(wide ? ["id", "username"] : ["id"]),
    );
    await expect(shaped(t.handle.db, true)).rejects.toThrow(/every argument must be a value/);
  });

  it("never read or write inside another caller's open transaction: they wait for its end", async () => {
    const nameOf = precompiled((db: Db, id: number) =>
      db.selectFrom("users").select("display_name").where("id", "=", id),
    );
    const rename = precompiled((db: Db, id: number, name: string) =>
      db.updateTable("users").set({ display_name: name }).where("id", "=", id),
    );
    const id = ids.ada as number;
    await rename(t.handle.db, id, "before");
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let inside = () => {};
    const opened = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const failing = t.handle.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("users").set({ display_name: "uncommitted" }).where("id", "=", id).execute();
        inside();
        await held;
        throw new Error("rolled back");
      })
      .catch((error: Error) => error.message);
    await opened;
    const read = nameOf(t.handle.db, id);
    const write = rename(t.handle.db, id, "after");
    let settled = false;
    void Promise.all([read, write]).then(() => {
      settled = true;
    });
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    // On PostgreSQL the read runs on another connection and may answer; it never sees uncommitted rows.
    if (directStatementsOf(t.handle.db)) expect(settled).toBe(false);
    letGo();
    expect(await failing).toBe("rolled back");
    // SQLite: the read waited for the rollback and ran before the write. PostgreSQL: it ran on a
    // connection of its own, before or after the write committed, but never saw the uncommitted name.
    if (directStatementsOf(t.handle.db)) expect(await read).toEqual([{ display_name: "before" }]);
    else expect(["before", "after"]).toContain((await read)[0]?.display_name);
    await write;
    expect(await nameOf(t.handle.db, id)).toEqual([{ display_name: "after" }]);
  });

  it("run at once on SQLite when no transaction is open, with the same rows Kysely gives", async () => {
    const direct = directStatementsOf(t.handle.db);
    if (!direct) return; // PostgreSQL: always through Kysely.
    const names = precompiled((db: Db, min: number) =>
      db.selectFrom("users").select(["id", "username"]).where("id", ">=", min).orderBy("id"),
    );
    const viaKysely = await t.handle.db
      .selectFrom("users")
      .select(["id", "username"])
      .where("id", ">=", 0)
      .orderBy("id")
      .execute();
    expect(await names(t.handle.db, 0)).toEqual(viaKysely);
    expect(direct("select 1 as one", [])).toEqual([{ one: 1 }]);
    // Inside a transaction the transaction's own connection is used, never the direct path.
    await t.handle.db.transaction().execute(async (trx) => {
      expect(directStatementsOf(trx)).toBeUndefined();
      expect(direct("select 1 as one", [])).toBeUndefined();
    });
  });
});
