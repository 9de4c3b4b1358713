/**
 * Response serialisation from JSON Schema (docs/decisions/018-lean-serving.md). Each route's Zod
 * response schema is converted to JSON Schema once, at start, and compiled with
 * fast-json-stringify when first used, which is what Fastify does natively with JSON Schema
 * routes: no Zod parse per response. What reaches the wire is what the schema names — properties
 * it does not list are left out, as Zod's strip did — and the schemas stay the single source of
 * the OpenAPI document and of the request validation.
 */
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { z } from "zod";

type JsonSchema = { [key: string]: unknown };
type Serialize = (data: unknown) => string;

const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean"]);

const isObject = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Rewrites what fast-json-stringify would handle slowly or strictly into what it handles natively:
 * - `anyOf: [{type: T, …}, {type: "null"}]` (how Zod writes a nullable enum) becomes
 *   `type: [T, "null"]`, so no branch is chosen by validating the value at run time;
 * - `additionalProperties: false` is dropped: unlisted properties are never written either way,
 *   and without it a union branch is still chosen when a value carries an extra property;
 * - `$schema` is dropped (its meta-schema is not needed to serialise).
 */
export function forSerialization(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialization);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema") continue;
    if (key === "additionalProperties" && value === false) continue;
    if (key === "properties" && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, prop]) => [name, forSerialization(prop)]));
      continue;
    }
    out[key] = forSerialization(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => isObject(branch) && branch.type === "null");
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && isObject(other) && typeof other.type === "string" && SCALAR_TYPES.has(other.type)) {
      const { anyOf: _, ...rest } = out;
      const { enum: _enum, const: _const, ...plain } = other;
      return { ...rest, ...plain, type: [other.type, "null"] };
    }
  }
  return out;
}

/** The JSON Schema a Zod response schema describes, as the serializer uses it. */
export function responseJsonSchema(schema: z.ZodType): unknown {
  // "throw": a response schema JSON Schema cannot express (a transform, a custom check that
  // changes the value) fails at start, not with a wrong answer later.
  const json = z.toJSONSchema(schema, { io: "output", target: "draft-07", unrepresentable: "throw" });
  return forSerialization(json);
}

const compiled = new WeakMap<z.ZodType, Serialize>();

/**
 * One serializer per Zod schema, shared by every route and status that use it. The JSON Schema is
 * made at once, so a schema it cannot express still fails at start; fast-json-stringify compiles
 * it with the first answer that needs it, not at start (about a hundred schemas, most of them
 * for calls a given run never answers).
 */
export function serializerFor(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    const json = responseJsonSchema(schema) as Parameters<typeof fastJson>[0];
    let compiledNow: Serialize | undefined;
    serialize = (data) => {
      compiledNow ??= fastJson(json) as Serialize;
      return compiledNow(data);
    };
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** For app.setSerializerCompiler: routes declare Zod response schemas, the wire gets fast-json-stringify. */
export const zodJsonSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) {
    throw new Error(`${method} ${url}: response schemas are Zod schemas`);
  }
  return serializerFor(schema);
};
