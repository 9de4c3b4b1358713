import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "./app.ts";
import { deleteExpiredDevices } from "./auth/known-devices.ts";
import { deleteExpiredLoginCounts } from "./auth/login-throttle.ts";
import { deleteExpiredSessions } from "./auth/sessions.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { databaseFault, openDatabase } from "./db/database.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let log: FastifyBaseLogger | undefined;
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionLost: (error) => {
      // Code and message only: the error object carries the connection's settings.
      const fault = databaseFault(error);
      log?.warn(
        { dbFault: { code: fault?.code, message: error.message } },
        "database connection lost; a new one is opened on the next query",
      );
    },
  });
  const app = await buildApp({ config, db: handle.db });
  log = app.log;
  const sweep = setInterval(
    () => {
      deleteExpiredSessions(handle.db).catch((err) => app.log.warn({ err }, "session sweep failed"));
      deleteExpiredLoginCounts(handle.db).catch((err) => app.log.warn({ err }, "sign-in count sweep failed"));
      deleteExpiredDevices(handle.db).catch((err) => app.log.warn({ err }, "known device sweep failed"));
    },
    60 * 60 * 1000,
  );
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    clearInterval(sweep);
    // Requests in flight may finish; whatever is still open after the grace period (a stalled
    // client, a hung query) is cut so the process always ends.
    const deadline = setTimeout(() => {
      app.log.warn({ graceMs: config.shutdownGraceMs }, "grace period over; closing the remaining connections");
      app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownGraceMs);
    try {
      await app.close();
      await handle.close();
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
    clearTimeout(deadline);
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Daily Compass is running at http://localhost:${config.port} (${handle.dialect === "postgres" ? "PostgreSQL" : `SQLite in ${config.dataDir}`})`,
  );
}

/** Settles once the server listens (or has failed to start); scripts/start.mjs waits for it. */
export const started: Promise<void> = main().catch((err) => {
  console.error(err);
  process.exit(1);
});
