/**
 * Walks the server's own route table, so a route added later without the sign-in or ownership
 * check fails here without anyone remembering to write a test for it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Routes anyone may call. Adding one here is a deliberate decision, reviewed like any other. */
const PUBLIC = new Set([
  "POST /api/auth/register",
  "POST /api/auth/login",
  "POST /api/auth/login/2fa",
  "POST /api/auth/logout",
  "GET /api/auth/google",
  "GET /api/auth/google/callback",
  "GET /api/google/callback",
  "GET /api/health",
  "GET /api/health/ready",
  "GET /api/docs/json",
  "GET /api/config",
]);

/**
 * How to create a record the route's `:id` can point at, per resource path: a POST of `payload`
 * to `url`, or `create` for records no POST makes (it answers the record as `url` lists it).
 */
type Seed = { url: string; payload: object } | { url: string; create: (owner: Owner) => Promise<{ id: unknown }> };
type Owner = { cookie: string; username: string };
const SEEDS: Record<string, Seed> = {
  // Another signed-in device of the owner: a second sign-in, found in the owner's device list.
  "/api/auth/sessions": {
    url: "/api/auth/sessions",
    create: async (owner) => {
      const login = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: owner.username, password: "correct horse battery" },
      });
      expect(login.statusCode).toBe(200);
      const list = await t.app.inject({ method: "GET", url: "/api/auth/sessions", headers: { cookie: owner.cookie } });
      return list.json().find((s: { current: boolean }) => !s.current);
    },
  },
  "/api/tasks": { url: "/api/tasks", payload: { title: "owner's task" } },
  "/api/quick-wins": { url: "/api/quick-wins", payload: { text: "owner's quick win" } },
  "/api/thoughts": { url: "/api/thoughts", payload: { content: "owner's thought" } },
  "/api/projects": { url: "/api/projects", payload: { title: "owner's project" } },
  "/api/events": {
    url: "/api/events",
    payload: { title: "owner's event", date: "2026-12-01", startTime: "10:00", duration: 30 },
  },
};

/** Bodies that pass validation, so the ownership check (not the validator) is what answers. */
const BODIES: Record<string, object> = {
  "PUT /api/projects/:id": { notes: "intruder" },
  "PUT /api/events/:id": { title: "intruder" },
  "PATCH /api/tasks/:id": { title: "intruder" },
  "PUT /api/tasks/:id/steps": { steps: ["intruder"] },
  "PATCH /api/tasks/:id/steps/:stepId": { done: true },
  "PATCH /api/quick-wins/:id": { text: "intruder" },
  "PATCH /api/thoughts/:id": { content: "intruder" },
  "POST /api/thoughts/:id/convert": { to: "task" },
};

const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith("/api/"));

describe("every route", () => {
  it("is public only when listed as such", () => {
    const declaredPublic = apiRoutes()
      .filter((r) => r.isPublic)
      .map((r) => `${r.method} ${r.url}`);
    expect(declaredPublic.sort()).toEqual([...PUBLIC].sort());
  });

  it("answers 401 with a JSON message when signed out", async () => {
    const guarded = apiRoutes().filter((r) => !r.isPublic);
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: route.url.replace(/:[A-Za-z]+/g, "1"),
        headers: { "content-type": "application/json" },
        payload: route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().message, `${route.method} ${route.url}`).toBe("Please sign in");
    }
  });

  it("answers 404 for another user's record and leaves it unchanged", async () => {
    const owner = await t.signUp();
    const intruder = await t.signUp();
    const withId = apiRoutes().filter((r) => r.url.includes(":id"));
    expect(withId.length).toBeGreaterThan(10);
    for (const route of withId) {
      const key = `${route.method} ${route.url}`;
      const resource = route.url.slice(0, route.url.indexOf("/:id"));
      const seed = SEEDS[resource];
      expect(seed, `no seed for ${key}: add one so its ownership check is tested`).toBeDefined();
      let before: { id: unknown };
      if ("create" in seed) {
        before = await seed.create(owner);
      } else {
        const created = await t.app.inject({
          method: "POST",
          url: seed.url,
          headers: { cookie: owner.cookie },
          payload: seed.payload,
        });
        expect(created.statusCode).toBe(201);
        before = created.json();
      }
      // A step id of any value: the task's owner is checked first.
      const url = route.url.replace(":id", String(before.id)).replace(":stepId", "1");
      const res = await t.app.inject({
        method: route.method as "GET",
        url,
        headers: { cookie: intruder.cookie },
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: BODIES[key] ?? {} }),
      });
      expect(res.statusCode, key).toBe(404);
      expect(typeof res.json().message, key).toBe("string");
      const after = await t.app.inject({ method: "GET", url: seed.url, headers: { cookie: owner.cookie } });
      expect(
        after.json().find((x: { id: unknown }) => x.id === before.id),
        key,
      ).toEqual(before);
    }
  });

  it("answers 404 JSON for an unknown API path", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: "No route for GET /api/does-not-exist" });
  });
});
