/**
 * Answers are written by fast-json-stringify from each route's schema (decision 018). For every
 * route and status the app declares, values shaped by the schema — with extra properties slipped
 * into every object, as a database row or a service result might carry — must come out exactly as
 * the Zod encoding they replace wrote them: same bytes, unknown properties left out.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { serializerFor } from "./json-serializer.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

type Schema = { [key: string]: unknown };

const EXTRA = { passwordHash: "secret-hash", __internal: { leak: true } };

/** Values the JSON Schema describes (nulls, optional keys, every union branch), plus extra keys. */
function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map(valuesOf));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => valuesOf({ ...schema, type })));
  }
  switch (schema.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: 1, max: 2 ** 31 });
    case "number":
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case "string":
      return fc.oneof(
        fc.string(),
        fc.constantFrom("2030-01-02T08:30:00.000Z", 'line\nbreak \u2028 "quoted" \\', "\ud800 lone", "ünïcødé ✓"),
      );
    case "array":
      return fc.array(valuesOf((schema.items ?? {}) as Schema), { maxLength: 3 });
    case "object": {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([key, prop]) => [key, valuesOf(prop)])), {
        requiredKeys: required,
      });
      const extra = isSchema(schema.additionalProperties)
        ? fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), valuesOf(schema.additionalProperties), {
            maxKeys: 3,
          })
        : fc.constant(EXTRA);
      return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
const isSchema = (value: unknown): value is Schema => value !== null && typeof value === "object";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("response serialisation", () => {
  it("every route answers its schema's values byte for byte as the Zod encoding did, without extra properties", () => {
    const declared = t.app.routeTable.flatMap((route) =>
      Object.entries(route.responses).map(([status, schema]) => ({
        name: `${route.method} ${route.url} ${status}`,
        schema,
      })),
    );
    expect(declared.length).toBeGreaterThan(60);
    for (const { name, schema } of declared) {
      expect(schema, name).toBeInstanceOf(z.ZodType);
      const zod = schema as z.ZodType;
      const serialize = serializerFor(zod);
      const shape = z.toJSONSchema(zod, { io: "output", target: "draft-07" }) as Schema;
      let encoded = 0;
      fc.assert(
        fc.property(valuesOf(shape), (value) => {
          const expected = z.safeEncode(zod, value);
          // Values the schema refuses were 500s before and are not answers a route gives.
          if (!expected.success) return;
          encoded++;
          const written = serialize(value);
          expect(written, name).toBe(JSON.stringify(expected.data));
          expect(written, name).not.toContain("secret-hash");
        }),
        { numRuns: 60 },
      );
      expect(encoded, `${name}: generated values the schema accepts`).toBeGreaterThan(0);
    }
  });

  it("answers of real routes carry exactly their documented fields", async () => {
    const { cookie } = await t.signUp();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie },
      payload: { title: "Water plants", dueDate: "2030-01-02" },
    });
    expect(created.statusCode).toBe(201);
    expect(Object.keys(created.json())).toEqual([
      "id",
      "userId",
      "title",
      "category",
      "timeEstimate",
      "dueTime",
      "dueDate",
      "completed",
      "createdAt",
      "notBefore",
      "completedAt",
      "archivedAt",
      "repeat",
    ]);
    expect(created.json()).toMatchObject({
      title: "Water plants",
      dueTime: null,
      dueDate: "2030-01-02",
      completed: false,
    });
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
    expect(Object.keys(me.json().user).sort()).toEqual(
      ["displayName", "email", "googleId", "hasPassword", "id", "username"].sort(),
    );
    expect(me.body).not.toMatch(/password_hash|argon2/);
  });
});
