import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { migrateToLatest } from "./migrate.ts";

let t: TestApp | undefined;
afterAll(() => t?.close());

/**
 * Each table's columns. On PostgreSQL only this test's own schema is read: the introspection of
 * every schema fails when another test drops its schema at that moment.
 */
async function columnsByTable(app: TestApp): Promise<Map<string, string[]>> {
  if (app.handle.dialect === "postgres") {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(app.handle.db);
    const byName = new Map<string, string[]>();
    for (const r of rows.rows) byName.set(r.table_name, [...(byName.get(r.table_name) ?? []), r.column_name]);
    return byName;
  }
  const tables = await app.handle.db.introspection.getTables();
  return new Map(tables.map((x) => [x.name, x.columns.map((c) => c.name)]));
}

describe("migrations", () => {
  it("build the whole schema on an empty database and are a no-op the second time", async () => {
    t = await createTestApp();
    const byName = await columnsByTable(t);
    for (const name of [
      "users",
      "sessions",
      "tasks",
      "quick_wins",
      "thoughts",
      "projects",
      "project_tasks",
      "events",
      "user_settings",
      "mood_entries",
      "user_secrets",
      "thought_audio",
      "login_throttle",
      "known_devices",
      "rate_limit_counts",
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    expect(byName.get("events")).toEqual(
      expect.arrayContaining([
        "title",
        "description",
        "location",
        "date",
        "start_time",
        "duration",
        "category",
        "google_id",
        "google_calendar_id",
        "created_at",
      ]),
    );
    expect(byName.get("tasks")).toEqual(
      expect.arrayContaining(["title", "category", "time_estimate", "due_time", "due_date", "completed", "created_at"]),
    );
    expect(byName.get("user_settings")).toEqual(expect.arrayContaining(["theme", "tone", "help_level", "time_zone"]));
    expect(await migrateToLatest(t.handle.db as never, t.handle.dialect)).toEqual([]);
  });

  it("leave a SQLite file in the data folder with WAL and foreign keys on", async () => {
    if (process.env.TEST_DATABASE_URL) return expect(t?.handle.dialect).toBe("postgres");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-mig-"));
    const { openDatabase } = await import("./database.ts");
    const h = await openDatabase({ dataDir: dir });
    const { sql } = await import("kysely");
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(h.db)).rows[0].journal_mode).toBe("wal");
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(h.db)).rows[0].foreign_keys).toBe(1);
    await h.close();
    expect(fs.existsSync(path.join(dir, "daily-compass.sqlite"))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

// Only PostgreSQL is shared by instances that start together; a SQLite file serialises its writers.
if (process.env.TEST_DATABASE_URL) {
  describe("instances starting together on an empty PostgreSQL database", () => {
    it("all start, every time", async () => {
      const { freshSchema } = await import("../testing/postgres-faults.ts");
      const { openDatabase } = await import("./database.ts");
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dc-mig-"));
      for (let round = 0; round < 5; round++) {
        const schema = await freshSchema();
        try {
          const starts = await Promise.allSettled(
            Array.from({ length: 6 }, () => openDatabase({ databaseUrl: schema.url, dataDir })),
          );
          for (const s of starts) if (s.status === "fulfilled") await s.value.close();
          const failures = starts.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
          expect(failures, `round ${round}`).toEqual([]);
        } finally {
          await schema.drop();
        }
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }, 120_000);
  });
}
