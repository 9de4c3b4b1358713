/**
 * The documented production command, `node scripts/start.mjs`: it runs the compiled server and a
 * process manager's SIGTERM stops it cleanly (exit 0, port closed), with nothing left behind.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
// Past the ports playwright.config.ts gives the suite's own servers.
const port = Number(process.env.E2E_PORT_BASE ?? 3210) + 9;

const portOpen = (p: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(p, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

test("node scripts/start.mjs runs the compiled server and stops on SIGTERM with exit code 0", async () => {
  // A first start may have to compile the server.
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "daily-compass-e2e-start-"));
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
  let stderr = "";
  server.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  let children: string[] = [];
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    server.once("exit", (code, signal) => resolve({ code, signal })),
  );
  try {
    await expect
      .poll(
        async () => {
          if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}: ${stderr}`);
          return fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 230_000, intervals: [100] },
      )
      .toBe(200);

    // The compiled server answers from the very process that was started: no child process
    // (a TypeScript loader, a shell) that a signal would miss.
    expect(fs.existsSync(path.join(root, "dist/server/server/main.js"))).toBe(true);
    children = fs
      .readdirSync(`/proc/${server.pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${server.pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean);
    expect(children).toEqual([]);

    server.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await portOpen(port)).toBe(false);
    expect(stderr).toBe("");
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    for (const pid of children) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // already gone
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
