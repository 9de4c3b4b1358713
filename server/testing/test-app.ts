/**
 * Builds the real app on a fresh database for one test file: a new SQLite file in a temporary
 * folder, or — when TEST_DATABASE_URL is set — a new PostgreSQL schema that is dropped afterwards.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type DbHandle, openDatabase } from "../db/database.ts";
import type { PublicFetchOptions } from "../net/public-fetch.ts";

export type TestApp = {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  /** Registers a new user and returns the Cookie header value of its session. */
  signUp: (username?: string, password?: string) => Promise<{ cookie: string; userId: number; username: string }>;
  close: () => Promise<void>;
};

/** TEST_DATABASE_URL with a user name filled in: pg would otherwise fall back to $USER, often unset in CI. */
function testDatabaseUrl(): string | undefined {
  const raw = process.env.TEST_DATABASE_URL;
  if (!raw) return undefined;
  const url = new URL(raw);
  if (!url.username) url.username = process.env.PGUSER ?? "postgres";
  return url.toString();
}

let counter = 0;
export const uniqueName = (prefix = "user") => `${prefix}${process.pid}x${Date.now().toString(36)}x${counter++}`;

export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    logStream?: NodeJS.WritableStream;
    webDist?: string;
    networkForTests?: PublicFetchOptions["testing"];
    now?: () => number;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-test-"));
  const pgUrl = testDatabaseUrl();
  let databaseUrl: string | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  if (pgUrl) {
    const schema = `t_${uniqueName("s").toLowerCase()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const url = new URL(pgUrl);
    url.searchParams.set("options", `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "100000",
    SIGN_UPS_PER_HOUR: "100000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  config.webDist = opts.webDist;
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    config,
    db: handle.db,
    logStream: opts.logStream,
    networkForTests: opts.networkForTests,
    now: opts.now,
  });
  await app.ready();

  const signUp: TestApp["signUp"] = async (username = uniqueName(), password = "correct horse battery") => {
    const res = await app.inject({ method: "POST", url: "/api/auth/register", payload: { username, password } });
    if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    return { cookie: sessionCookie(res), userId: res.json().user.id, username };
  };

  return {
    app,
    handle,
    config,
    signUp,
    close: async () => {
      await app.close();
      await handle.close();
      await dropSchema?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server instance on the test app's database, with its own connection pool and its own
 * memory, as a second process behind a load balancer would be.
 */
export async function createSecondInstance(
  t: TestApp,
  opts: { now?: () => number } = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const handle = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
  const app = await buildApp({ config: t.config, db: handle.db, now: opts.now });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** The `name=value` pair of the session cookie a response set. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const found = res.cookies.find((c) => c.name.endsWith("dc_session"));
  if (!found) throw new Error("no session cookie in response");
  return `${found.name}=${found.value}`;
}
