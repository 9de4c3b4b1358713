/**
 * A server of a spec's own, for specs that need a process they control (its start, its signals)
 * or a data folder they can reach. Each spec gives its own port offset past the ports
 * playwright.config.ts uses (E2E_PORT_BASE + 0…7), so specs on different workers never meet.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

export const root = path.resolve(import.meta.dirname, "..");

export type OwnServer = {
  process: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
  /** SIGTERM, wait for the exit, remove the data folder. */
  stop: () => Promise<void>;
};

export const ownServerPort = (offset: number) => Number(process.env.E2E_PORT_BASE ?? 3210) + offset;

/**
 * Starts `node <args>` in the repository with a fresh data folder and waits for its first 200
 * from /api/health. Node itself, not npx: SIGTERM must reach the server, not a wrapper.
 */
export async function startOwnServer(opts: {
  portOffset: number;
  args: string[];
  dataPrefix: string;
  timeoutMs: number;
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const port = ownServerPort(opts.portOffset);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `daily-compass-e2e-${opts.dataPrefix}-`));
  const child = spawn(process.execPath, opts.args, {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...opts.env },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
          return fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: opts.timeoutMs, intervals: [100] },
      )
      .toBe(200);
  } catch (error) {
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { process: child, port, base, dataDir, stderr: () => stderr, stop };
}
