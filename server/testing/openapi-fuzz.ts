/**
 * Request generators for the fuzz test: from an operation of the OpenAPI document they build
 * plausible requests and, mostly, malformed ones (wrong types, missing and extra fields, huge
 * strings and numbers, impossible dates and times, NUL and invalid UTF-8, arrays for objects,
 * invalid JSON, empty bodies, broken path and query escapes).
 */
import fc from "fast-check";

/** The part of an OpenAPI 3.0 schema object the server's documents use. */
export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };

export type Operation = {
  method: string;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** The JSON request body's schema, when the operation documents one. */
  body?: JsonSchema;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

export type FuzzContext = {
  /** Ids of real rows the path parameter `name` of this path may point at. */
  idsFor: (path: string, name: string) => number[];
  /** Ids of real rows a body or query field with this name may point at (projectId, thoughtId). */
  idsForField: (name: string) => number[];
  /** A local address every URL in a request is pointed at, so nothing leaves the machine. */
  localOrigin: string;
};

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "patch", "options", "head"]);

type OpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
  components?: { schemas?: Record<string, unknown> };
};

/** The value with every `#/components/schemas/…` reference replaced by what it names. */
function inlineRefs(value: unknown, doc: OpenApiDocument, depth = 0): unknown {
  if (depth > 30 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => inlineRefs(v, doc, depth + 1));
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    return inlineRefs(doc.components?.schemas?.[ref.slice("#/components/schemas/".length)] ?? {}, doc, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inlineRefs(v, doc, depth + 1)]));
}

/** Every `{method, path}` of the document with its parameters and JSON body schema. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      if (!HTTP_METHODS.has(method)) continue;
      const op = inlineRefs(raw, doc) as { parameters?: Parameter[]; requestBody?: unknown };
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

/** encodeURIComponent, also for text with lone surrogates (which it refuses): their UTF-8 bytes. */
function escapeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  }
}

const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
const TIME_PATTERN = "^([01]\\d|2[0-3]):[0-5]\\d$";
const pad = (n: number) => String(n).padStart(2, "0");

// ---------- nasty values ----------

const deepArray = (depth: number): unknown => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\t\n",
      "\u0000",
      "a\u0000b",
      "\u0007\u001b[31m",
      "\ud800",
      "x\udfffy",
      "\ufeff",
      "\u202eevil",
      "💥".repeat(300),
      "null",
      "true",
      "-1",
      "0",
      "1.5",
      "1e309",
      "NaN",
      "Infinity",
      "0x10",
      "9007199254740993",
      "99999999999999999999999",
      // impossible dates and times
      "2023-02-29",
      "2024-02-30",
      "2024-13-01",
      "2024-00-10",
      "0000-00-00",
      "9999-99-99",
      // a real date with no day after it
      "9999-12-31",
      "-0001-01-01",
      "+275760-09-13",
      "2024-1-1",
      "2024-01-01T25:00:00Z",
      "24:00",
      "23:60",
      "99:99",
      "9:5",
      "12:00:00",
      "12:00 PM",
      "-01:00",
      "__proto__",
      "constructor",
      "../../etc/passwd",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "%00",
      "sk-",
      "sk-\u0000",
      "Europe/Nowhere",
      "http://[::1",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(5_000, 100_001, 400_000).map((n) => "x".repeat(n)) },
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    2 ** 64,
    -(2 ** 63),
    1e21,
    1e300,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [[]], { "": {} }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(50, 2000).map(deepArray) },
);

/** One of these spliced into valid text: NUL above all, other controls, broken UTF-16. */
const SPLICED_CHARACTERS = ["\u0000", "\u0000", "\u0000", "\u0001", "\u001b", "\u007f", "\ud800", "\udfff", "\uffff"];
const IMPOSSIBLE_DATES = [
  "2023-02-29",
  "2024-02-30",
  "2024-04-31",
  "2024-13-01",
  "2024-00-10",
  "0000-00-00",
  "9999-99-99",
  // real, but with no day after it
  "9999-12-31",
];
const IMPOSSIBLE_TIMES = ["24:00", "23:60", "99:99", "-1:00", "12:5", "12:00:00"];

/** Numbers just outside and far outside a numeric schema's range, and ones no column can hold. */
function edgeNumbers(schema: JsonSchema): number[] {
  const values = [0, -1, 0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, 1e300, -1e300, Number.MIN_VALUE];
  if (schema.minimum !== undefined) values.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) values.push(schema.maximum + 1, schema.maximum + 0.5);
  return values;
}

// ---------- values the schema accepts (more or less) ----------

type Resolver = (schema: JsonSchema, fieldName?: string) => fc.Arbitrary<unknown>;

/** Values shaped as the schema describes: the base that malformed variants start from. */
export function plausible(schema: JsonSchema, ctx: FuzzContext, fieldName?: string): fc.Arbitrary<unknown> {
  const inner: Resolver = (s, name) => plausible(s, ctx, name);
  const value = plausibleNotNull(schema, ctx, inner, fieldName);
  return schema.nullable
    ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

function plausibleNotNull(
  schema: JsonSchema,
  ctx: FuzzContext,
  inner: Resolver,
  fieldName?: string,
): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((c) => inner(c, fieldName)));
  if (schema.allOf && schema.allOf.length > 0) return inner(schema.allOf[0] as JsonSchema, fieldName);
  const ids = fieldName ? ctx.idsForField(fieldName) : [];
  switch (schema.type) {
    case "object": {
      const props = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(props)) model[key] = inner(prop, key);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    case "array": {
      const item = schema.items ? inner(schema.items, fieldName) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    }
    case "integer": {
      const min = (schema.minimum ?? -1000) + (schema.exclusiveMinimum === true ? 1 : 0);
      const max = Math.min(schema.maximum ?? min + 1000, min + 1000);
      const range = fc.integer({ min, max });
      return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), range) : range;
    }
    case "number":
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "string":
      return plausibleString(schema, ctx, fieldName);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function plausibleString(schema: JsonSchema, ctx: FuzzContext, fieldName?: string): fc.Arbitrary<string> {
  if (schema.pattern === DATE_PATTERN) {
    return fc
      .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern === TIME_PATTERN) {
    return fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${pad(h)}:${pad(m)}`);
  }
  if (schema.format === "email") return fc.constantFrom("someone@example.com", "a.b@example.org");
  if (schema.format === "uri")
    return fc.constantFrom("/", "/dav/", "/calendars/me/").map((p) => `${ctx.localOrigin}${p}`);
  const minLength = Math.max(schema.minLength ?? 1, 1);
  const maxLength = Math.max(Math.min(schema.maxLength ?? 30, 30), minLength);
  if (fieldName === "key") return fc.string({ minLength: 4, maxLength: 20 }).map((s) => `sk-${s.replace(/\s/g, "")}`);
  if (fieldName === "timeZone") return fc.constantFrom("Europe/Berlin", "UTC", "America/New_York", "Asia/Kolkata");
  if (schema.pattern) {
    try {
      // The schema's own bounds: a pattern may itself ask for more than the 30 characters above,
      // and a filter no generated string can pass would never end.
      const least = schema.minLength ?? 0;
      const most = schema.maxLength ?? Number.POSITIVE_INFINITY;
      return fc.stringMatching(new RegExp(schema.pattern, "u")).filter((s) => s.length >= least && s.length <= most);
    } catch {
      // A pattern fast-check cannot build from: plain text below.
    }
  }
  return fc.string({ unit: "grapheme", minLength, maxLength }).filter((s) => s.trim().length > 0);
}

// ---------- malformed values ----------

/** A value that breaks the schema somewhere: at the top, or deep inside one field. */
export function malformed(schema: JsonSchema, ctx: FuzzContext, fieldName?: string): fc.Arbitrary<unknown> {
  const options: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [{ weight: 2, arbitrary: nastyValue }];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    for (const choice of choices) options.push({ weight: 1, arbitrary: malformed(choice, ctx, fieldName) });
  }
  if (schema.type === "string" && !schema.enum) {
    // Text that is right but for one character: the database sees it unless the schema stops it.
    const spliced = plausibleString(schema, ctx, fieldName).chain((text) =>
      fc
        .tuple(fc.nat(text.length), fc.constantFrom(...SPLICED_CHARACTERS))
        .map(([at, c]) => `${text.slice(0, at)}${c}${text.slice(at)}`),
    );
    options.push({ weight: 3, arbitrary: spliced });
    if (schema.maxLength !== undefined) {
      options.push({ weight: 1, arbitrary: fc.constant("x".repeat(schema.maxLength + 1)) });
    }
    if (schema.pattern === DATE_PATTERN) options.push({ weight: 2, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) });
    if (schema.pattern === TIME_PATTERN) options.push({ weight: 2, arbitrary: fc.constantFrom(...IMPOSSIBLE_TIMES) });
  }
  if (schema.type === "integer" || schema.type === "number") {
    options.push({ weight: 3, arbitrary: fc.constantFrom(...edgeNumbers(schema)) });
  }
  if (schema.type === "object") {
    const props = schema.properties ?? {};
    const keys = Object.keys(props);
    const base = plausible(schema, ctx, fieldName) as fc.Arbitrary<Record<string, unknown>>;
    if (keys.length > 0) {
      // One field broken, the rest as they should be.
      const oneBroken = fc
        .constantFrom(...keys)
        .chain((key) =>
          fc.tuple(base, malformed(props[key] as JsonSchema, ctx, key)).map(([b, bad]) => ({ ...b, [key]: bad })),
        );
      options.push({ weight: 6, arbitrary: oneBroken });
    }
    const required = (schema.required ?? []).filter((k) => k in props);
    if (required.length > 0) {
      const missing = fc.constantFrom(...required).chain((key) =>
        base.map((b) => {
          const copy = { ...b };
          delete copy[key];
          return copy;
        }),
      );
      options.push({ weight: 1, arbitrary: missing });
    }
    const extraKey = fc.oneof(
      fc.constantFrom("__proto__", "constructor", "prototype", "userId", "id", "toString", "hasOwnProperty", ""),
      fc.string({ unit: "binary", maxLength: 20 }),
    );
    // A computed key makes "__proto__" an own property, so it reaches the server as JSON.
    const extra = fc.tuple(base, extraKey, nastyValue).map(([b, key, value]) => ({ ...b, [key]: value }));
    options.push({ weight: 1, arbitrary: extra });
    options.push({ weight: 1, arbitrary: base.map((b) => [b]) });
  }
  if (schema.type === "array" && schema.items) {
    const items = schema.items;
    const oneBroken = fc
      .tuple(fc.array(plausible(items, ctx, fieldName), { maxLength: 2 }), malformed(items, ctx, fieldName))
      .map(([list, bad]) => [...list, bad]);
    options.push({ weight: 4, arbitrary: oneBroken });
    if (schema.maxItems !== undefined) {
      const tooMany = schema.maxItems + 1;
      options.push({
        weight: 1,
        arbitrary: plausible(items, ctx, fieldName).map((item) => Array.from({ length: tooMany }, () => item)),
      });
    }
    options.push({ weight: 1, arbitrary: plausible(items, ctx, fieldName) });
  }
  return fc.oneof(...options);
}

// ---------- bodies ----------

/** Every http(s) URL in the value is pointed at the local origin, so a request never leaves the machine. */
function keepLocal(value: unknown, origin: string, depth = 0): unknown {
  // Deeply nested test values hold no text; walking them would only use up the stack.
  if (depth > 20) return value;
  if (typeof value === "string") {
    if (!/^\s*https?:/i.test(value) || !URL.canParse(value.trim())) return value;
    const url = new URL(value.trim());
    return `${origin}${url.pathname}${url.search}`;
  }
  if (Array.isArray(value)) return value.map((v) => keepLocal(v, origin, depth + 1));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // defineProperty keeps an own "__proto__" key an own key.
      const local = keepLocal(v, origin, depth + 1);
      Object.defineProperty(out, k, { value: local, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

type Body = { payload?: string | Buffer; contentType?: string };

const json = (value: unknown, origin: string): Body => {
  const text = JSON.stringify(keepLocal(value, origin));
  return text === undefined ? { contentType: "application/json" } : { payload: text, contentType: "application/json" };
};

const invalidUtf8 = [
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xc0, 0xaf]),
];

/** JSON bodies that are not JSON, empty, or JSON at the limits of the parser. */
const RAW_JSON_TEXTS = [
  "",
  " ",
  "{",
  "}",
  "[1,]",
  '{"a":}',
  "{'a':1}",
  "nul",
  "undefined",
  "NaN",
  "1e400",
  "-1e400",
  "null",
  "[]",
  "0",
  "true",
  '"text"',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  "\ufeff{}",
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `{"a":"${"x".repeat(1_100_000)}"}`,
];

/** Bodies that are not JSON, not UTF-8, empty, or JSON at the limits of the parser. */
const rawBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom(...RAW_JSON_TEXTS).map((payload) => ({ payload, contentType: "application/json" })),
  fc
    .tuple(fc.constantFrom(...invalidUtf8), fc.constantFrom('{"title":"', '{"content":"', '{"', '"'))
    .map(([bad, start]) => ({
      payload: Buffer.concat([Buffer.from(start), bad, Buffer.from('"}')]),
      contentType: "application/json",
    })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ payload: Buffer.from(bytes), contentType: "application/json" })),
  fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/octet-stream",
        "application/xml",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        "application/json; charset=utf-16le",
        "application/json; charset=latin1",
        "application/merge-patch+json",
      ),
      fc.constantFrom("{}", '{"title":"x"}', "a=1&b=2", "--x\r\n\r\n--x--"),
    )
    .map(([contentType, payload]) => ({ payload, contentType })),
  fc.constant<Body>({ payload: '{"title":"no content type"}' }),
);

/** JSON text of a plausible value, cut short or with bytes that are not UTF-8 spliced in. */
function brokenJson(base: fc.Arbitrary<unknown>, origin: string): fc.Arbitrary<Body> {
  return base.chain((value) => {
    const text = JSON.stringify(keepLocal(value, origin)) ?? "";
    return fc.oneof(
      fc.nat(Math.max(text.length - 1, 0)).map((i) => ({ payload: text.slice(0, i), contentType: "application/json" })),
      fc.tuple(fc.nat(text.length), fc.constantFrom(...invalidUtf8)).map(([i, bad]) => ({
        payload: Buffer.concat([Buffer.from(text.slice(0, i)), bad, Buffer.from(text.slice(i))]),
        contentType: "application/json",
      })),
    );
  });
}

function bodyArbitrary(op: Operation, ctx: FuzzContext): fc.Arbitrary<Body> {
  if (!op.body) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant<Body>({}) },
      { weight: 2, arbitrary: rawBody },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => json(v, ctx.localOrigin)) },
    );
  }
  const base = plausible(op.body, ctx);
  return fc.oneof(
    { weight: 8, arbitrary: malformed(op.body, ctx).map((v) => json(v, ctx.localOrigin)) },
    { weight: 2, arbitrary: base.map((v) => json(v, ctx.localOrigin)) },
    { weight: 2, arbitrary: rawBody },
    { weight: 1, arbitrary: brokenJson(base, ctx.localOrigin) },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
  );
}

// ---------- path and query ----------

/** Path segments already escaped as they go on the wire, many of them deliberately wrong. */
const NASTY_SEGMENTS = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "+1",
  "%201",
  "1%20",
  "2147483647",
  "2147483648",
  "9007199254740991",
  "9007199254740993",
  "99999999999999999999999",
  "abc",
  "null",
  "NaN",
  "Infinity",
  "%00",
  "1%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "%C3%28",
  "%ED%A0%80",
  "%FF",
  "a%2Fb",
  "..",
  "%2e%2e",
  "1;x=1",
  "[]",
  "%5B%5D",
  "x".repeat(201),
  "1".repeat(300),
];

const nastySegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_SEGMENTS),
  fc.string({ unit: "binary", maxLength: 30 }).map(escapeText),
  fc.integer().map(String),
);

function pathArbitrary(op: Operation, ctx: FuzzContext): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  if (names.length === 0) return fc.constant(op.path);
  const segments = names.map((name) => {
    const ids = ctx.idsFor(op.path, name).map(String);
    return ids.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 4, arbitrary: nastySegment })
      : nastySegment;
  });
  return fc.tuple(...segments).map((values) => {
    let path = op.path;
    names.forEach((name, i) => {
      path = path.replace(`{${name}}`, values[i] as string);
    });
    return path;
  });
}

const rawQueryValue: fc.Arbitrary<string> = fc.oneof(
  nastyString.map(escapeText),
  fc.constantFrom("%", "%zz", "%00", "%C3%28", "%ED%A0%80", "%FF", "a+b", "", "=", "&"),
);

function queryArbitrary(op: Operation, ctx: FuzzContext): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === "query");
  const documented = params.map((p) =>
    fc.option(
      fc
        .oneof(
          { weight: 2, arbitrary: plausible(p.schema ?? {}, ctx, p.name).map((v) => escapeText(String(v))) },
          { weight: 3, arbitrary: rawQueryValue },
        )
        .chain((value) =>
          fc.constantFrom(`${p.name}=${value}`, `${p.name}=${value}&${p.name}=${value}`, `${p.name}[]=${value}`),
        ),
      { nil: undefined },
    ),
  );
  const extra = fc.array(
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom("__proto__", "constructor", "state", "code", "error", "id", "userId", "from", "to", ""),
          fc.string({ maxLength: 10 }).map(escapeText),
        ),
        rawQueryValue,
      )
      .map(([k, v]) => `${k}=${v}`),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...documented), extra, fc.boolean()).map(([docParts, extraParts, bare]) => {
    const parts = [...(docParts.filter((p) => p !== undefined) as string[]), ...extraParts];
    if (parts.length === 0) return bare ? "?" : "";
    return `?${parts.join("&")}`;
  });
}

// ---------- whole requests ----------

/** Requests for one operation, signed in (cookie) most of the time. */
export function requestArbitrary(op: Operation, ctx: FuzzContext, cookie: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(pathArbitrary(op, ctx), queryArbitrary(op, ctx), bodyArbitrary(op, ctx), fc.nat(9))
    .map(([path, query, body, dice]) => {
      const headers: Record<string, string> = dice === 0 ? {} : { cookie };
      if (body.contentType) headers["content-type"] = body.contentType;
      return { method: op.method, url: `${path}${query}`, headers, payload: body.payload };
    });
}

// ---------- every field, one at a time ----------

type Path = (string | number)[];
type Node = { path: Path; schema: JsonSchema };
type Variant = { value: unknown; nodes: Node[] };

const under = (key: string | number, nodes: Node[]): Node[] =>
  nodes.map((n) => ({ path: [key, ...n.path], schema: n.schema }));

function exampleString(schema: JsonSchema, ctx: FuzzContext, fieldName?: string): string {
  if (schema.pattern === DATE_PATTERN) return "2030-01-15";
  if (schema.pattern === TIME_PATTERN) return "09:30";
  if (schema.format === "email") return "someone@example.com";
  if (schema.format === "uri") return `${ctx.localOrigin}/dav/`;
  if (fieldName === "key") return "sk-example123";
  if (fieldName === "timeZone") return "Europe/Berlin";
  if (fieldName === "username") return "fuzzuser";
  const text = "Example text".slice(0, schema.maxLength ?? 12);
  return text.padEnd(schema.minLength ?? 1, "x");
}

/**
 * Small values the schema accepts, one for each choice of every anyOf/oneOf, each with the path
 * of every field (and container) in it, so that each can be broken on its own.
 */
function variants(schema: JsonSchema, ctx: FuzzContext, fieldName?: string): Variant[] {
  const self: Node = { path: [], schema };
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return choices.flatMap((c) => variants(c, ctx, fieldName));
  if (schema.enum && schema.enum.length > 0) return [{ value: schema.enum[0], nodes: [self] }];
  switch (schema.type) {
    case "object": {
      const entries = Object.entries(schema.properties ?? {}).map(([k, p]) => [k, variants(p, ctx, k)] as const);
      const base: Record<string, unknown> = {};
      const nodes = [self];
      for (const [key, options] of entries) {
        const first = options[0];
        if (!first) continue;
        if (first.value !== undefined) base[key] = first.value;
        nodes.push(...under(key, first.nodes));
      }
      const result: Variant[] = [{ value: base, nodes }];
      for (const [key, options] of entries) {
        for (const other of options.slice(1)) {
          result.push({ value: { ...base, [key]: other.value }, nodes: under(key, other.nodes) });
        }
      }
      return result;
    }
    case "array": {
      const items = schema.items ? variants(schema.items, ctx, fieldName) : [];
      if (items.length === 0) return [{ value: [], nodes: [self] }];
      return items.map((item, i) => ({
        value: [item.value],
        nodes: [...(i === 0 ? [self] : []), ...under(0, item.nodes)],
      }));
    }
    case "integer":
    case "number": {
      const ids = fieldName ? ctx.idsForField(fieldName) : [];
      const min = (schema.minimum ?? 0) + (schema.exclusiveMinimum === true ? 1 : 0);
      return [{ value: ids[0] ?? Math.max(min, Math.min(1, schema.maximum ?? 1)), nodes: [self] }];
    }
    case "boolean":
      return [{ value: false, nodes: [self] }];
    case "string":
      return [{ value: exampleString(schema, ctx, fieldName), nodes: [self] }];
    default:
      return [{ value: undefined, nodes: [self] }];
  }
}

/** What each field is broken with: NUL text, wrong types, numbers and text out of range, impossible dates. */
function breakages(schema: JsonSchema): unknown[] {
  const out: unknown[] = ["a\u0000b", null];
  if (schema.type === "array") out.push({});
  else out.push([]);
  if (schema.type === "integer" || schema.type === "number") out.push(2 ** 31, 2 ** 53 + 2, 1e300, -1, 0.5);
  if (schema.pattern === DATE_PATTERN) out.push("2023-02-29", "2024-13-01");
  if (schema.pattern === TIME_PATTERN) out.push("24:00", "23:60");
  if (schema.type === "string" && schema.maxLength !== undefined) out.push("x".repeat(schema.maxLength + 1));
  return out;
}

function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = leaf;
  return copy;
}

const QUERY_BREAKAGES = ["%00", "%zz", "%C3%28", "", "-1", "2147483648", "1e400", "x".repeat(3000)];

/**
 * The same for every operation, whatever the random runs pick: every body field broken each way,
 * every raw body, every bad path segment, every bad value of every query parameter.
 */
export function targetedRequests(op: Operation, ctx: FuzzContext, cookie: string): FuzzRequest[] {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const withSegments = (segment?: string) =>
    names.reduce(
      (path, name) => path.replace(`{${name}}`, segment ?? String(ctx.idsFor(op.path, name)[0] ?? 1)),
      op.path,
    );
  const path = withSegments();
  const requests: FuzzRequest[] = [];
  const send = (body: Body, url = path) => {
    const headers: Record<string, string> = { cookie };
    if (body.contentType) headers["content-type"] = body.contentType;
    requests.push({ method: op.method, url, headers, payload: body.payload });
  };
  const all = op.body ? variants(op.body, ctx) : [];
  for (const variant of all) {
    send(json(variant.value, ctx.localOrigin));
    for (const node of variant.nodes) {
      for (const bad of breakages(node.schema)) send(json(setAt(variant.value, node.path, bad), ctx.localOrigin));
    }
  }
  for (const text of RAW_JSON_TEXTS) send({ payload: text, contentType: "application/json" });
  for (const bytes of invalidUtf8) {
    send({
      payload: Buffer.concat([Buffer.from('{"a":"'), bytes, Buffer.from('"}')]),
      contentType: "application/json",
    });
  }
  const base: Body = all[0] ? json(all[0].value, ctx.localOrigin) : {};
  if (names.length > 0) for (const segment of NASTY_SEGMENTS) send(base, withSegments(segment));
  for (const param of op.parameters.filter((p) => p.in === "query")) {
    for (const value of QUERY_BREAKAGES) send(base, `${path}?${param.name}=${value}`);
  }
  return requests;
}

// ---------- multipart (the transcription upload) ----------

type Part = { head: string; data: Buffer };

const audioTypes = [
  "audio/webm",
  "audio/ogg",
  "audio/wav",
  "audio/mpeg",
  "audio/mp4",
  "text/plain",
  "",
  "audio/webm;codecs=opus",
];

/** Multipart bodies from well formed to broken: wrong or missing boundary, parts cut off, odd fields. */
export function multipartArbitrary(path: string, ctx: FuzzContext, cookie: string): fc.Arbitrary<FuzzRequest> {
  const thoughtIds = ctx.idsForField("thoughtId").map(String);
  const filePart: fc.Arbitrary<Part> = fc
    .tuple(
      fc.constantFrom("audio", "audio", "voice", "", 'a"b', "audio\u0000"),
      fc.constantFrom("r.webm", "", "a\u0000.webm", '"quoted".wav', "ü.ogg", "../../x"),
      fc.constantFrom(...audioTypes),
      fc.uint8Array({ maxLength: 600 }),
    )
    .map(([field, file, type, bytes]) => ({
      head: `Content-Disposition: form-data; name="${field}"; filename="${file}"\r\nContent-Type: ${type}`,
      data: Buffer.from(bytes),
    }));
  const fieldPart: fc.Arbitrary<Part> = fc
    .tuple(
      fc.constantFrom("thoughtId", "keep", "x", "", "audio"),
      fc.oneof(fc.constantFrom(...thoughtIds, "true", "1", "0", "false", "", "-1", "abc", "\u0000"), nastyString),
    )
    .map(([name, value]) => ({
      head: `Content-Disposition: form-data; name="${name}"`,
      data: Buffer.from(value),
    }));
  const oddPart: fc.Arbitrary<Part> = fc.constantFrom(
    { head: "Content-Type: audio/webm", data: Buffer.from("no disposition") },
    { head: "not a header at all", data: Buffer.from("x") },
    { head: "Content-Disposition: form-data", data: Buffer.from("no name") },
    { head: `Content-Disposition: form-data; name="audio"; filename*=UTF-8''%FF`, data: Buffer.from("x") },
    { head: `Content-Disposition: attachment; name="audio"`, data: Buffer.from("x") },
  );
  const parts = fc.array(fc.oneof({ weight: 3, arbitrary: filePart }, { weight: 3, arbitrary: fieldPart }, oddPart), {
    maxLength: 8,
  });
  const boundary = fc.oneof(
    fc.constantFrom("dcBoundary", "----WebKitFormBoundary7MA4YWxkTrZu0gW", "a", "x".repeat(71)),
    fc.string({ unit: fc.constantFrom(..."abcXYZ0129-_'()+,./:=? "), minLength: 1, maxLength: 70 }),
  );
  const contentType = fc.constantFrom(
    (b: string) => `multipart/form-data; boundary=${b}`,
    (b: string) => `multipart/form-data; boundary="${b}"`,
    (b: string) => `multipart/form-data; boundary=${b}; charset=utf-8`,
    () => "multipart/form-data",
    () => "multipart/form-data; boundary=",
    () => "multipart/form-data; boundary=somethingElse",
    (b: string) => `multipart/mixed; boundary=${b}`,
    (b: string) => `Multipart/Form-Data; BOUNDARY=${b}`,
  );
  const damage = fc.oneof(
    fc.constant((body: Buffer) => body),
    fc.constant((body: Buffer) => body),
    fc.nat().map((n) => (body: Buffer) => body.subarray(0, body.length === 0 ? 0 : n % body.length)),
    fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 20 })).map(([n, bytes]) => (body: Buffer) => {
      const at = body.length === 0 ? 0 : n % body.length;
      return Buffer.concat([body.subarray(0, at), Buffer.from(bytes), body.subarray(at)]);
    }),
    fc.constant((body: Buffer) => Buffer.from(body.toString("latin1").replaceAll("\r\n", "\n"), "latin1")),
  );
  const query = fc
    .constantFrom("", "?keep=true", "?keep=1", "?keep=maybe", "?thoughtId=abc", "?thoughtId=%00", "?keep=%zz")
    .chain((q) =>
      thoughtIds.length > 0 && q === "" ? fc.constantFrom("", `?thoughtId=${thoughtIds[0]}`) : fc.constant(q),
    );
  return fc.tuple(parts, boundary, contentType, damage, fc.boolean(), query).map(([list, b, type, hurt, close, q]) => {
    const chunks: Buffer[] = [];
    for (const part of list) {
      chunks.push(Buffer.from(`--${b}\r\n${part.head}\r\n\r\n`, "latin1"), part.data, Buffer.from("\r\n"));
    }
    if (close) chunks.push(Buffer.from(`--${b}--\r\n`, "latin1"));
    return {
      method: "POST",
      url: `${path}${q}`,
      headers: { cookie, "content-type": type(b) },
      payload: hurt(Buffer.concat(chunks)),
    };
  });
}
