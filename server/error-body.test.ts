/** The error contract of shared/errors.ts: `{ message, code, field? }`, the code's status, and its OpenAPI description. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS } from "../shared/errors.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp());
});
afterAll(async () => {
  await t?.close();
});

const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: unknown, withCookie = true) =>
  t.app.inject({ method, url, payload: payload as object, headers: withCookie ? { cookie } : {} });

describe("error bodies", () => {
  it("name the invalid field of a request body by its dotted path", async () => {
    const blank = await call("POST", "/api/tasks", { title: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: "title: Must not be blank", code: "BAD_REQUEST", field: "title" });

    const nested = await call("POST", "/api/projects", { title: "P", tasks: [{ id: 1, title: "" }] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({ code: "BAD_REQUEST", field: "tasks.0.title" });
    expect(nested.json().message).toMatch(/^tasks\.0\.title: /);
  });

  it("name the field a service refused", async () => {
    const res = await call("POST", "/api/auth/password", {
      currentPassword: "not it at all",
      newPassword: "a new long passphrase",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "currentPassword: The current password is not correct",
      code: "BAD_REQUEST",
      field: "currentPassword",
    });
  });

  it("carry no field when no single input is to blame", async () => {
    const missing = await call("GET", "/api/projects/999999");
    expect(missing.statusCode).toBe(ERROR_STATUS.NOT_FOUND);
    expect(missing.json()).toEqual({ message: "Project not found", code: "NOT_FOUND" });

    const signedOut = await call("GET", "/api/tasks", undefined, false);
    expect(signedOut.statusCode).toBe(ERROR_STATUS.UNAUTHENTICATED);
    expect(signedOut.json()).toEqual({ message: "Please sign in", code: "UNAUTHENTICATED" });

    const badJson = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(badJson.statusCode).toBe(400);
    expect(Object.keys(badJson.json()).sort()).toEqual(["code", "message"]);
    expect(badJson.json().code).toBe("BAD_REQUEST");
  });

  it("are documented in the OpenAPI document with every code", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const error = doc.paths["/api/tasks"].post.responses.default;
    expect(error).toBeDefined();
    const schema = error.content["application/json"].schema;
    expect(schema.properties.code.enum).toEqual(ERROR_CODES);
    expect(schema.required).toEqual(expect.arrayContaining(["message", "code"]));
    expect(schema.properties.field).toBeDefined();
    expect(ERROR_CODES).toContain("UNAVAILABLE");
    expect(ERROR_STATUS.UNAVAILABLE).toBe(503);
  });
});
