import { buildApp } from "./app.ts";
import { deleteExpiredSessions } from "./auth/sessions.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";

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
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, db: handle.db });
  const sweep = setInterval(
    () => {
      deleteExpiredSessions(handle.db).catch((err) => app.log.warn({ err }, "session sweep failed"));
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
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Daily Compass is running at http://localhost:${config.port} (${handle.dialect === "postgres" ? "PostgreSQL" : `SQLite in ${config.dataDir}`})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
