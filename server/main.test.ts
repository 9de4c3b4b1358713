/**
 * The real server process (server/main.ts) as an operator runs it: it stops within its grace
 * period whatever its clients do, and a database that drops its connections does not end it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freshSchema, terminateAndWait, waitFor } from "./testing/postgres-faults.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Server = { port: number; child: ChildProcess; output: () => string; exited: Promise<{ code: number | null }> };

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-main-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  if (onPostgres && !env.DATABASE_URL) {
    const schema = await freshSchema();
    cleanups.push(() => schema.drop());
    env = { ...env, DATABASE_URL: schema.url };
  }
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<{ code: number | null }>((resolve) => child.on("exit", (code) => resolve({ code })));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
      return fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    "the server to listen",
    30_000,
  );
  return { port, child, output: () => output, exited };
}

/** A raw connection that sends `text` and records when the server closes it. */
async function connect(
  port: number,
  text: string,
): Promise<{ socket: net.Socket; received: () => string; closed: Promise<number> }> {
  const socket = net.connect(port, "127.0.0.1");
  cleanups.push(() => socket.destroy());
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.on("data", (d) => {
    received += d;
  });
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  socket.write(text);
  return { socket, received: () => received, closed };
}

/** A keep-alive connection that has had its answer and now sits idle. */
async function idleKeepAlive(port: number) {
  const conn = await connect(port, "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
  await waitFor(async () => conn.received().includes('{"ok":true}'), "the keep-alive answer");
  return conn;
}

const HALF_REQUEST = "POST /api/tasks HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n";

describe("shutting down", () => {
  it("closes idle keep-alive connections at once and exits cleanly", async () => {
    const server = await startServer();
    const idle = await idleKeepAlive(server.port);
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const { code } = await server.exited;
    expect(code).toBe(0);
    await idle.closed;
    // Inside the default grace period of 10 s: nothing waited on the idle connection.
    expect(Date.now() - signalled).toBeLessThan(8_000);
  }, 90_000);

  it("exits within the grace period even when a client never finishes its request", async () => {
    const graceMs = 3_000;
    const server = await startServer({ SHUTDOWN_GRACE_MS: String(graceMs) });
    const idle = await idleKeepAlive(server.port);
    const half = await connect(server.port, HALF_REQUEST);
    await new Promise((r) => setTimeout(r, 100));

    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const { code } = await server.exited;
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(graceMs - 100);
    // Generous for a loaded machine; without the deadline the process never exits.
    expect(took).toBeLessThan(graceMs + 8_000);
    // The idle connection went at once, the stalled one only when the grace period ran out.
    expect((await half.closed) - (await idle.closed)).toBeGreaterThan(graceMs / 2);
    // Cut short: the exit code says so, and the log says why.
    expect(code).toBe(1);
    expect(server.output()).toMatch(/grace period over/);
  }, 90_000);
});

describe("slow clients", () => {
  it("get 408 and are disconnected when their headers do not arrive within 10 seconds", async () => {
    const server = await startServer();
    const opened = Date.now();
    const half = await connect(server.port, HALF_REQUEST);
    const closedAt = await half.closed;
    expect(half.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAt - opened).toBeGreaterThanOrEqual(9_500);
    // Checked every second; generous for a loaded machine (Node's own default is 60 s).
    expect(closedAt - opened).toBeLessThan(20_000);
    // The server itself is unharmed.
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
  }, 90_000);
});

if (onPostgres) {
  describe("a PostgreSQL server that drops the connections", () => {
    it("does not end the process; it answers again with new connections and logs a warning", async () => {
      const schema = await freshSchema();
      cleanups.push(() => schema.drop());
      const server = await startServer({ DATABASE_URL: schema.url });
      const base = `http://127.0.0.1:${server.port}`;
      const ready = () => fetch(`${base}/api/health/ready`).then((r) => r.status);
      expect(await Promise.all([ready(), ready(), ready()])).toEqual([200, 200, 200]);

      for (let i = 0; i < 3; i++) {
        expect(await terminateAndWait(schema.applicationName)).toBeGreaterThan(0);
        await new Promise((r) => setTimeout(r, 100));
        expect(server.child.exitCode).toBeNull();
        expect(await ready()).toBe(200);
      }
      expect(server.output()).toMatch(/database connection lost/);
      expect(server.output()).not.toContain(schema.schema);
    }, 90_000);
  });
}
