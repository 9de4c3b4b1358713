// Development: the API server restarts on every change to server/ or shared/ (tsx watch), and
// Vite serves the web app with hot reload on http://localhost:5173, sending /api to the server.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const apiPort = process.env.PORT ?? "3000";

const children = [
  spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "watch", "--clear-screen=false", "server/main.ts"],
    {
      stdio: "inherit",
      env: { NODE_ENV: "development", ...process.env, PORT: apiPort },
    },
  ),
  spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js")], {
    stdio: "inherit",
    env: { ...process.env, DEV_API_PORT: apiPort },
  }),
];

let stopping = false;
function stop(/** @type {number} */ code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 2000).unref();
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));
for (const child of children) child.on("exit", (code) => stop(code ?? 1));
