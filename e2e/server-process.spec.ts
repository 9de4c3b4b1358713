/**
 * The documented production command, `node scripts/start.mjs`: it runs the compiled server and a
 * process manager's SIGTERM stops it cleanly (exit 0, port closed), with nothing left behind.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { root, startOwnServer } from "./own-server.ts";

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
  // Past the ports playwright.config.ts gives the suite's own servers.
  const own = await startOwnServer({
    portOffset: 9,
    args: ["scripts/start.mjs"],
    dataPrefix: "start",
    timeoutMs: 230_000,
  });
  const server = own.process;
  let children: string[] = [];
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    server.once("exit", (code, signal) => resolve({ code, signal })),
  );
  try {
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
    expect(await portOpen(own.port)).toBe(false);
    expect(own.stderr()).toBe("");
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    for (const pid of children) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // already gone
      }
    }
    fs.rmSync(own.dataDir, { recursive: true, force: true });
  }
});
