import { execFileSync } from "node:child_process";

/**
 * Runs one statement on a SQLite file from a process of its own, as another program would (an
 * operator's script, a second server): its locks and its commits are another process's.
 * Answers "locked" when the database refused it as busy once `busyTimeoutMs` had run out.
 */
export function sqliteFromOutside(
  file: string,
  statement: string,
  parameters: unknown[] = [],
  busyTimeoutMs = 5000,
): "written" | "locked" {
  const script = `const Database = require("better-sqlite3");
    const [file, statement, parameters, busyTimeoutMs] = process.argv.slice(1);
    const db = new Database(file);
    db.pragma("busy_timeout = " + Number(busyTimeoutMs));
    try { db.prepare(statement).run(...JSON.parse(parameters)); console.log("written"); }
    catch (e) { if (e.code !== "SQLITE_BUSY") throw e; console.log("locked"); }
    finally { db.close(); }`;
  const args = [file, statement, JSON.stringify(parameters), String(busyTimeoutMs)];
  return execFileSync(process.execPath, ["-e", script, ...args])
    .toString()
    .trim() as "written" | "locked";
}
