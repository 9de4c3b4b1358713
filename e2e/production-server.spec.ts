/**
 * The production server as `node scripts/start.mjs` runs it: one bundled file (scripts/
 * bundle-server.mjs) with some packages left to load from node_modules when first needed. The
 * other specs run the TypeScript sources; this one drives the bundle through the calls that need
 * what it bundled or left outside: sign-up (argon2, the password list), the two-factor QR code,
 * the OpenAPI document, lists, the calendar file, a compressed answer, the offline assistant's
 * patterns of characters past ASCII (written as escapes in the bundle) and the web app's files.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type OwnServer, root, startOwnServer } from "./own-server.ts";

let server: OwnServer | undefined;
let base = "";

// One server at a time on this spec's port: the second test restarts it.
test.describe.configure({ mode: "serial" });

// Past the ports playwright.config.ts and server-process.spec.ts use.
const startBundled = (timeoutMs = 60_000) =>
  startOwnServer({ portOffset: 8, args: ["scripts/start.mjs"], dataPrefix: "bundle", timeoutMs });

/** V8's compiled code that scripts/start.mjs keeps beside the bundle once the server listens. */
const keptCode = () =>
  fs
    .readdirSync(path.join(root, "dist/server"))
    .filter((name) => name.endsWith(".v8cache"))
    .map((name) => path.join(root, "dist/server", name));

test.beforeAll(async () => {
  // A first start may have to build.
  test.setTimeout(240_000);
  server = await startBundled(230_000);
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
});

test("the bundled server answers every kind of call, and loads the rest when first needed", async () => {
  const bundle = fs.readFileSync(path.join(root, "dist/server/main.cjs"), "utf8");
  // All ASCII, so V8 keeps the running script's source at one byte per character, not two.
  const beyondAscii = [...bundle.matchAll(/[\u0080-\uffff]+/g)].map((m) => bundle.slice(m.index - 30, m.index + 10));
  expect(beyondAscii).toEqual([]);
  const json = { "content-type": "application/json" };
  const register = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: "bundled", password: "password" }),
  });
  // The common-password list is loaded on first use.
  expect(register.status).toBe(400);
  expect((await register.json()).field).toBe("password");

  const signUp = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: "bundled", password: "a calm and steady bundle" }),
  });
  expect(signUp.status).toBe(201);
  const cookie = (signUp.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const authed = { ...json, cookie };

  const setup = await fetch(`${base}/api/auth/2fa/setup`, { method: "POST", headers: authed });
  expect(setup.status).toBe(200);
  expect((await setup.json()).qrCode).toMatch(/^data:image\/svg\+xml/);

  for (let i = 0; i < 12; i++) {
    const created = await fetch(`${base}/api/tasks`, {
      method: "POST",
      headers: authed,
      body: JSON.stringify({ title: `Task number ${i} with a title long enough to compress` }),
    });
    expect(created.status).toBe(201);
  }
  // fetch() asks for br and gzip and decodes what comes back.
  const tasks = await fetch(`${base}/api/tasks`, { headers: { cookie } });
  expect(tasks.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
  expect(await tasks.json()).toHaveLength(12);

  const event = await fetch(`${base}/api/events`, {
    method: "POST",
    headers: authed,
    body: JSON.stringify({ title: "Lunch", date: "2030-05-01", startTime: "12:00", duration: 60 }),
  });
  expect(event.status).toBe(201);
  const ics = await fetch(`${base}/api/events.ics`, { headers: { cookie } });
  expect(await ics.text()).toContain("SUMMARY:Lunch");

  const suggestions = await fetch(`${base}/api/ai/categorize`, {
    method: "POST",
    headers: authed,
    body: JSON.stringify({ content: "Call the dentist tomorrow" }),
  });
  expect(suggestions.status).toBe(200);

  // The lead-in's dash and the ellipsis are written as escapes in the bundle, and still match.
  const stepsFor = async (task: string) => {
    const answer = await fetch(`${base}/api/ai/breakdown`, {
      method: "POST",
      headers: authed,
      body: JSON.stringify({ task }),
    });
    expect(answer.status).toBe(200);
    return (await answer.json()).steps as string[];
  };
  const plain = await stepsFor("write the report");
  expect(plain.join(" ")).toContain("the report");
  expect(await stepsFor("todo \u2013 write the report\u2026")).toEqual(plain);

  const doc = await fetch(`${base}/api/docs/json`);
  expect((await doc.json()).openapi).toMatch(/^3\./);

  const page = await fetch(`${base}/settings`);
  expect(page.headers.get("content-type")).toContain("text/html");
  expect((await fetch(`${base}/robots.txt`)).status).toBe(200);
  expect(server?.stderr()).toBe("");
});

test("a restart runs the compiled code the last start kept, and makes it again when it is damaged", async () => {
  test.setTimeout(120_000);
  // Kept once the server listened.
  await expect.poll(() => keptCode().length, { timeout: 10_000 }).toBe(1);
  const [file] = keptCode() as [string];
  /** Restarts the server and tells whether the kept code was taken as it was (not made again). */
  const restartTakes = async (kept: Buffer) => {
    await server?.stop();
    server = await startBundled();
    const signUp = await fetch(`${server.base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "restarted", password: "a calm and steady bundle" }),
    });
    expect(signUp.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.stderr()).toBe("");
    return keptCode().length === 1 && fs.readFileSync(file).equals(kept);
  };
  expect(await restartTakes(fs.readFileSync(file))).toBe(true);

  // Left beside it: the temporary file of a start killed while writing, and the code kept for
  // another Node (its V8 version is in the hash). Keeping code anew clears both.
  const killedStart = spawnSync(process.execPath, ["-e", ""]).pid;
  const leftovers = [`${file}.${killedStart}`, path.join(path.dirname(file), "main.cjs.0123456789abcdef.v8cache")];
  for (const leftover of leftovers) fs.writeFileSync(leftover, "left over");

  // Damaged (a disk error, a copy cut short): the server starts all the same and keeps it anew.
  const damaged = Buffer.alloc(fs.statSync(file).size, 7);
  fs.writeFileSync(file, damaged);
  expect(await restartTakes(damaged)).toBe(false);
  await expect.poll(() => fs.readFileSync(file).equals(damaged), { timeout: 10_000 }).toBe(false);
  expect(leftovers.filter((leftover) => fs.existsSync(leftover))).toEqual([]);
  expect(await restartTakes(fs.readFileSync(file))).toBe(true);
});
