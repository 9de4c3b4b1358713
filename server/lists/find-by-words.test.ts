/**
 * Finding a task or a quick win by its words (docs/decisions/052-find-a-task.md): `q` on the list
 * routes keeps the rows with every word, in any order, ignoring case and accents, on SQLite and
 * PostgreSQL alike, whichever way the row was written.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_SEARCH_MAX, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "../../shared/constants.ts";
import type { QuickWin, Task } from "../../shared/schemas.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let alice: { cookie: string; userId: number };
let bob: { cookie: string; userId: number };

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t?.close());

function call(method: "GET" | "POST" | "PATCH", url: string, payload?: object, cookie = alice.cookie) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}
async function made<T>(method: "POST" | "PATCH", url: string, payload: object, cookie = alice.cookie): Promise<T> {
  const res = await call(method, url, payload, cookie);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}
async function titlesFound(q: string, extra = ""): Promise<string[]> {
  const res = await call("GET", `/api/tasks?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Task[]).map((x) => x.title).sort();
}
async function winsFound(q: string): Promise<string[]> {
  const res = await call("GET", `/api/quick-wins?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as QuickWin[]).map((x) => x.text).sort();
}

describe("finding tasks by their words", () => {
  beforeAll(async () => {
    for (const title of [
      "Call the Café about Zoë's cake",
      "Pay 100% of the rent",
      "Pay 1000 for the car",
      "file_taxes",
      "file taxes with Sam",
      "ÉCRIRE à Noël",
    ]) {
      await made("POST", "/api/tasks", { title });
    }
    await made("POST", "/api/tasks", { title: "Bob's cafe visit" }, bob.cookie);
  });

  it("keeps the tasks with every word, in any order, ignoring case and accents", async () => {
    expect(await titlesFound("cafe")).toEqual(["Call the Café about Zoë's cake"]);
    expect(await titlesFound("  ZOE cake  CALL ")).toEqual(["Call the Café about Zoë's cake"]);
    expect(await titlesFound("écrire noel")).toEqual(["ÉCRIRE à Noël"]);
    expect(await titlesFound("cafe tea")).toEqual([]);
    expect(await titlesFound("taxes")).toEqual(["file taxes with Sam", "file_taxes"]);
  });

  it("reads %, _ and \\ in a search as themselves", async () => {
    expect(await titlesFound("100%")).toEqual(["Pay 100% of the rent"]);
    expect(await titlesFound("file_")).toEqual(["file_taxes"]);
    expect(await titlesFound("\\")).toEqual([]);
  });

  it("never finds another person's tasks", async () => {
    expect(await titlesFound("visit")).toEqual([]);
    const res = await call("GET", "/api/tasks?q=cafe", undefined, bob.cookie);
    expect((res.json() as Task[]).map((x) => x.title)).toEqual(["Bob's cafe visit"]);
  });

  it("counts the matches, and its pages keep the search", async () => {
    const first = await call("GET", "/api/tasks?q=pay&limit=1&order=focus&completed=false");
    expect(first.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe("2");
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string;
    expect(cursor).toBeTruthy();
    expect(first.headers.link).toContain("q=pay");
    const second = await call("GET", `/api/tasks?q=pay&limit=1&order=focus&completed=false&cursor=${cursor}`);
    expect(second.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
    const both = [...(first.json() as Task[]), ...(second.json() as Task[])].map((x) => x.title).sort();
    expect(both).toEqual(["Pay 100% of the rent", "Pay 1000 for the car"]);
  });

  it("answers a blank search with the page of everything", async () => {
    const res = await call("GET", "/api/tasks?q=%20%20");
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBe((res.json() as Task[]).length);
    expect((res.json() as Task[]).length).toBeGreaterThanOrEqual(6);
  });

  it("refuses a search longer than it takes, or with a character no text has, with a reason", async () => {
    const res = await call("GET", `/api/tasks?q=${"a".repeat(LIST_SEARCH_MAX + 1)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/q/);
    const nul = await call("GET", "/api/quick-wins?q=a%00b");
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/control characters/);
  });

  it("finds a task by its new title once renamed, and no longer by the old one", async () => {
    const task = await made<Task>("POST", "/api/tasks", { title: "Buy stamps" });
    await made("PATCH", `/api/tasks/${task.id}`, { title: "Post the Parcel to Łódź" });
    expect(await titlesFound("stamps")).toEqual([]);
    expect(await titlesFound("parcel lodz")).toEqual(["Post the Parcel to Łódź"]);
  });

  it("finds today's one of a routine changed just for today, and the routine itself", async () => {
    const routine = await made<Task>("POST", "/api/tasks", { title: "Water plants", repeat: "FREQ=DAILY" });
    await made("PATCH", `/api/tasks/${routine.id}?scope=this`, { title: "Water the Orchidée" });
    expect(await titlesFound("orchidee")).toEqual(["Water the Orchidée"]);
    expect(await titlesFound("water plants")).toEqual(["Water plants"]);
  });

  it("finds a task or quick win converted from a thought", async () => {
    const one = await made<{ id: number }>("POST", "/api/thoughts", { content: "Ring the Crèche", type: "Task" });
    await made("POST", `/api/thoughts/${one.id}/convert`, { to: "task" });
    const two = await made<{ id: number }>("POST", "/api/thoughts", { content: "Tidy the Étagère", type: "Idea" });
    await made("POST", `/api/thoughts/${two.id}/convert`, { to: "quick-win" });
    expect(await titlesFound("creche")).toEqual(["Ring the Crèche"]);
    expect(await winsFound("etagere")).toEqual(["Tidy the Étagère"]);
  });
});

describe("finding quick wins by their words", () => {
  it("finds a new one, a repeating one and a renamed one by their words, and only those", async () => {
    await made("POST", "/api/quick-wins", { text: "Reply to Renée" });
    await made("POST", "/api/quick-wins", { text: "Stretch for 5 minutes", repeat: "FREQ=DAILY" });
    const win = await made<QuickWin>("POST", "/api/quick-wins", { text: "Empty the bin" });
    await made("PATCH", `/api/quick-wins/${win.id}`, { text: "Empty the Dishwasher" });
    await made("POST", "/api/quick-wins", { text: "Reply to Renée's sister" }, bob.cookie);
    expect(await winsFound("renee")).toEqual(["Reply to Renée"]);
    expect(await winsFound("MINUTES stretch")).toEqual(["Stretch for 5 minutes"]);
    expect(await winsFound("dishwasher")).toEqual(["Empty the Dishwasher"]);
    expect(await winsFound("bin")).toEqual([]);
  });

  it("keeps the search with the other filters and counts the matches", async () => {
    await made("POST", "/api/quick-wins", { text: "Reply to Kai" });
    const res = await call("GET", "/api/quick-wins?q=reply&completed=false&order=focus&limit=1");
    expect(res.statusCode).toBe(200);
    expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe("2");
    expect((res.json() as QuickWin[]).map((x) => x.text)).toEqual(["Reply to Renée"]);
  });
});

describe("the words of tasks and quick wins made before finding existed", () => {
  it("are filled in when the database is brought up to date", async () => {
    const db = t.handle.db;
    // The database as it was before migration 0017, with rows written then.
    for (const table of ["tasks", "quick_wins"] as const) {
      await sql`alter table ${sql.table(table)} drop column search_text`.execute(db);
    }
    await sql`delete from schema_migrations where name = '0017-search-text'`.execute(db);
    const at = new Date().toISOString();
    for (const title of ["Old Task about the CAFÉ", "plain old words"]) {
      await sql`insert into tasks (user_id, title, category, time_estimate, completed, created_at)
        values (${alice.userId}, ${title}, 'Work', 15, 0, ${at})`.execute(db);
    }
    await sql`insert into quick_wins (user_id, text, completed, created_at)
      values (${alice.userId}, ${"Old quick win with Ünïcode"}, 0, ${at})`.execute(db);

    expect(await migrateToLatest(db as never, t.handle.dialect)).toEqual(["0017-search-text"]);
    expect(await titlesFound("old cafe")).toEqual(["Old Task about the CAFÉ"]);
    expect(await titlesFound("PLAIN words")).toEqual(["plain old words"]);
    expect(await winsFound("unicode")).toEqual(["Old quick win with Ünïcode"]);
    // And the rows written by the app before it, as every row is filled in again.
    expect(await titlesFound("100%")).toEqual(["Pay 100% of the rent"]);
  });
});
