/** Record ids beyond what the databases store answer 400 on both, never a database error. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeRecording, multipartBody } from "./ai/fixtures/multipart.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp());
});
afterAll(() => t?.close());

const LARGEST = 2_147_483_647;

describe("ids out of range", () => {
  it("in a path answer 400 naming the id; the largest storable id is simply not found", async () => {
    const routes: ["GET" | "PATCH" | "PUT" | "DELETE", string, object?][] = [
      ["PATCH", "/api/tasks/ID", { title: "x" }],
      ["PATCH", "/api/tasks/ID/toggle"],
      ["DELETE", "/api/tasks/ID"],
      ["PATCH", "/api/quick-wins/ID", { text: "x" }],
      ["DELETE", "/api/quick-wins/ID"],
      ["PATCH", "/api/thoughts/ID", { content: "x" }],
      ["DELETE", "/api/thoughts/ID"],
      ["GET", "/api/projects/ID"],
      ["PUT", "/api/projects/ID", { title: "x" }],
      ["GET", "/api/events/ID"],
      ["PUT", "/api/events/ID", { title: "x" }],
      ["DELETE", "/api/events/ID"],
      ["GET", "/api/thoughts/ID/audio"],
    ];
    for (const [method, url, payload] of routes) {
      for (const id of [LARGEST + 1, Number.MAX_SAFE_INTEGER]) {
        const res = await t.app.inject({ method, url: url.replace("ID", String(id)), headers: { cookie }, payload });
        expect(res.statusCode, `${method} ${url} ${id}`).toBe(400);
        expect(res.json().message).toMatch(/^id: /);
      }
      const edge = await t.app.inject({
        method,
        url: url.replace("ID", String(LARGEST)),
        headers: { cookie },
        payload,
      });
      expect(edge.statusCode, `${method} ${url} ${LARGEST}`).toBe(404);
    }
  });

  it("in a body or a query answer 400 naming the field", async () => {
    const thought = (
      await t.app.inject({ method: "POST", url: "/api/thoughts", headers: { cookie }, payload: { content: "Idea" } })
    ).json();
    const convert = await t.app.inject({
      method: "POST",
      url: `/api/thoughts/${thought.id}/convert`,
      headers: { cookie },
      payload: { to: "project", projectId: LARGEST + 1 },
    });
    expect(convert.statusCode).toBe(400);
    expect(convert.json().message).toMatch(/^projectId: /);
    const missing = await t.app.inject({
      method: "POST",
      url: `/api/thoughts/${thought.id}/convert`,
      headers: { cookie },
      payload: { to: "project", projectId: LARGEST },
    });
    expect(missing.statusCode).toBe(404);

    const body = multipartBody({}, { type: "audio/webm", data: fakeRecording() });
    for (const url of [`/api/ai/transcribe?thoughtId=${LARGEST + 1}`, `/api/ai/transcribe?thoughtId=${2 ** 53 - 1}`]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/^thoughtId: /);
    }
  });
});
