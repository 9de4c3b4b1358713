/**
 * Tools for provoking real PostgreSQL faults in tests: a fresh schema whose connections carry a
 * unique application_name (so an admin connection can terminate exactly those backends and no one
 * else's), and a TCP relay in front of the server that can drop every connection and refuse new
 * ones, the way a database restart or failover looks from the app.
 */
import net from "node:net";
import pg from "pg";
import { uniqueName } from "./test-app.ts";

/** TEST_DATABASE_URL with a user name filled in (pg would otherwise fall back to $USER). */
export function adminUrl(): string {
  const raw = process.env.TEST_DATABASE_URL;
  if (!raw) throw new Error("TEST_DATABASE_URL is not set");
  const url = new URL(raw);
  if (!url.username) url.username = process.env.PGUSER ?? "postgres";
  return url.toString();
}

export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export type FreshSchema = {
  schema: string;
  /** Database URL for the app: this schema first on the search path, this application name. */
  url: string;
  applicationName: string;
  drop: () => Promise<void>;
};

/**
 * A new empty schema. `options` adds server settings for the app's connections
 * (e.g. `-c default_transaction_read_only=on`).
 */
export async function freshSchema(opts: { schema?: string; options?: string } = {}): Promise<FreshSchema> {
  const schema = opts.schema ?? `f_${uniqueName("s").toLowerCase()}`;
  const applicationName = `dc-${schema}`.slice(0, 63);
  await adminQuery(`create schema if not exists "${schema}"`);
  return {
    schema,
    url: urlFor(schema, applicationName, opts.options),
    applicationName,
    drop: async () => {
      await adminQuery(`drop schema if exists "${schema}" cascade`);
    },
  };
}

/** A URL on an existing schema (another app on the same data, with other settings). */
export function urlFor(schema: string, applicationName: string, options = ""): string {
  const url = new URL(adminUrl());
  url.searchParams.set("options", `-c search_path=${schema} ${options}`.trim());
  url.searchParams.set("application_name", applicationName);
  return url.toString();
}

export type Backend = { pid: number; state: string | null; wait_event_type: string | null };

export function backendsOf(applicationName: string): Promise<Backend[]> {
  return adminQuery<Backend>(
    "select pid, state, wait_event_type from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()",
    [applicationName],
  );
}

/** Terminates every server process serving this application name, as an administrator or a restart would. */
export async function terminateBackends(applicationName: string): Promise<number> {
  const rows = await adminQuery<{ ok: boolean }>(
    "select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()",
    [applicationName],
  );
  return rows.filter((r) => r.ok).length;
}

/**
 * Terminates the server processes serving this application name and waits until each has exited.
 * Only those: a server that opens a new connection meanwhile (a timer's query) is not waited for.
 * Answers how many were terminated.
 */
export async function terminateAndWait(applicationName: string): Promise<number> {
  const rows = await adminQuery<{ pid: number; ok: boolean }>(
    "select pid, pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()",
    [applicationName],
  );
  const ended = new Set(rows.filter((r) => r.ok).map((r) => r.pid));
  await waitFor(
    async () => (await backendsOf(applicationName)).every((b) => !ended.has(b.pid)),
    "the terminated backends to exit",
  );
  return ended.size;
}

export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export type TcpRelay = {
  /** The database URL rewritten to go through the relay. */
  url: string;
  /** Drops every relayed connection and refuses new ones (connection refused) until `up()`. */
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
};

/** A TCP relay in front of the database named by `url`, listening on a free local port. */
export async function startTcpRelay(url: string): Promise<TcpRelay> {
  const target = new URL(url);
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(targetPort, target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  const relayed = new URL(url);
  relayed.hostname = "127.0.0.1";
  relayed.port = String(port);
  return { url: relayed.toString(), down: stop, up: listen, close: stop };
}
