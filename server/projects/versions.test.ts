/**
 * A project's version (docs/decisions/055-versions.md): its ETag, and a change sent with
 * If-Match saved only to the project as it was read, so two devices cannot undo each other.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Project } from "../../shared/schemas.ts";
import { projectEtag } from "../../shared/versions.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let cookie: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp());
  ({ cookie: other } = await t.signUp());
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });

async function newProject(title: string): Promise<Project> {
  const res = await call("POST", "/api/projects", {
    title,
    tasks: [
      { id: 1, title: "Pack books", completed: false },
      { id: 2, title: "Book a van", completed: false },
    ],
  });
  return res.json();
}

const read = async (id: number) => (await call("GET", `/api/projects/${id}`)).json() as Project;
const ticked = (p: Project, taskId: number) => ({
  tasks: p.tasks.map((x) => (x.id === taskId ? { ...x, completed: true } : x)),
});

describe("a project's version", () => {
  it("comes as the ETag of a project read alone and of a saved change, and is what the browser works out", async () => {
    const created = await newProject("Move house");
    const got = await call("GET", `/api/projects/${created.id}`);
    expect(got.headers.etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(got.headers.etag).toBe(projectEtag(got.json()));
    // A project from the list has the same version as the same project read alone.
    const listed = (await call("GET", "/api/projects")).json().find((p: Project) => p.id === created.id);
    expect(projectEtag(listed)).toBe(got.headers.etag);

    const saved = await call("PUT", `/api/projects/${created.id}`, ticked(got.json(), 1));
    expect(saved.headers.etag).toBe(projectEtag(saved.json()));
    expect(saved.headers.etag).not.toBe(got.headers.etag);
    const notes = await call("PUT", `/api/projects/${created.id}`, { notes: "Keys to the landlord" });
    expect(notes.headers.etag).not.toBe(saved.headers.etag);
    expect((await call("GET", `/api/projects/${created.id}`)).headers.etag).toBe(notes.headers.etag);
  });

  it("a change sent with the version it was made to is saved", async () => {
    const p = await newProject("Garden");
    const res = await call("PUT", `/api/projects/${p.id}`, ticked(p, 2), { "if-match": projectEtag(p) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tasks).toEqual([
      { id: 1, title: "Pack books", completed: false },
      { id: 2, title: "Book a van", completed: true },
    ]);
    expect(res.json().progress).toBe(50);
  });

  it("a change made to a project that changed since is refused and saves nothing: the other change stays", async () => {
    const p = await newProject("Tax return");
    // The phone ticks the first task…
    const phone = await call("PUT", `/api/projects/${p.id}`, ticked(p, 1), { "if-match": projectEtag(p) });
    expect(phone.statusCode).toBe(200);
    // …and the laptop, still showing the project as it was, ticks the second.
    const laptop = await call("PUT", `/api/projects/${p.id}`, ticked(p, 2), { "if-match": projectEtag(p) });
    expect(laptop.statusCode).toBe(412);
    expect(laptop.json()).toEqual({
      code: "PRECONDITION_FAILED",
      message:
        "This project has changed since it was read, so nothing was saved. Read it again and make the change to it as it is now.",
    });
    expect(await read(p.id)).toEqual(phone.json());

    // Made again to the project as it is now, both ticks are kept.
    const now = await read(p.id);
    const again = await call("PUT", `/api/projects/${p.id}`, ticked(now, 2), { "if-match": projectEtag(now) });
    expect(again.statusCode).toBe(200);
    expect(again.json().tasks.map((x: { completed: boolean }) => x.completed)).toEqual([true, true]);
  });

  it("a task added from the inbox changes the version: a change made to the project before it is refused", async () => {
    const p = await newProject("Kitchen");
    const thought = (await call("POST", "/api/thoughts", { content: "Measure the window", type: "Note" })).json();
    await call("POST", `/api/thoughts/${thought.id}/convert`, { to: "project", projectId: p.id });
    const res = await call("PUT", `/api/projects/${p.id}`, ticked(p, 1), { "if-match": projectEtag(p) });
    expect(res.statusCode).toBe(412);
    expect((await read(p.id)).tasks.map((x) => x.title)).toEqual(["Pack books", "Book a van", "Measure the window"]);
  });

  it("two changes sent at once to the same version: one is saved, the other refused", async () => {
    const p = await newProject("Wedding");
    const answers = await Promise.all([
      call("PUT", `/api/projects/${p.id}`, ticked(p, 1), { "if-match": projectEtag(p) }),
      call("PUT", `/api/projects/${p.id}`, ticked(p, 2), { "if-match": projectEtag(p) }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
    const winner = answers.find((a) => a.statusCode === 200);
    expect(await read(p.id)).toEqual(winner?.json());
  });

  it("If-Match takes any of several versions and *; without it the change is saved as it always was", async () => {
    const p = await newProject("Bike");
    const several = await call("PUT", `/api/projects/${p.id}`, ticked(p, 1), {
      "if-match": `"0000000000000000", ${projectEtag(p)}`,
    });
    expect(several.statusCode).toBe(200);
    const any = await call("PUT", `/api/projects/${p.id}`, { notes: "Chain" }, { "if-match": "*" });
    expect(any.statusCode).toBe(200);
    // A weak tag never matches (If-Match compares strongly).
    const weak = await call(
      "PUT",
      `/api/projects/${p.id}`,
      { notes: "Tyres" },
      { "if-match": `W/${any.headers.etag}` },
    );
    expect(weak.statusCode).toBe(412);
    const plain = await call("PUT", `/api/projects/${p.id}`, { notes: "Brakes" });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().notes).toBe("Brakes");
  });

  it("another user's project answers 404, with or without a version", async () => {
    const theirs = (await call("POST", "/api/projects", { title: "Not yours" }, { cookie: other })).json();
    expect((await call("GET", `/api/projects/${theirs.id}`)).statusCode).toBe(404);
    const res = await call(
      "PUT",
      `/api/projects/${theirs.id}`,
      { notes: "mine now" },
      { "if-match": projectEtag(theirs) },
    );
    expect(res.statusCode).toBe(404);
    expect((await call("PUT", `/api/projects/${theirs.id}`, { notes: "mine now" })).statusCode).toBe(404);
    const still = await t.app.inject({ method: "GET", url: `/api/projects/${theirs.id}`, headers: { cookie: other } });
    expect(still.json().notes).toBeNull();
  });
});
