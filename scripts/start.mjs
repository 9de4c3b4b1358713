// Starts Daily Compass: builds the web app and the server when they are missing or older than
// their sources, then runs the compiled server in this very process. No child process and no
// shell in between, so a process manager's SIGTERM reaches the server itself, which closes and
// exits 0. Run it as `node scripts/start.mjs` under systemd or as a container's command.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// The compiled server bundled into one file (scripts/bundle-server.mjs).
const SERVER_ENTRY = path.join(root, "dist/server/main.mjs");
const WEB_ENTRY = path.join(root, "dist/web/index.html");

/** Newest modification time among the files under these paths (tests excluded), in ms. */
function newestSource(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

function isStale(entry, sources) {
  if (!fs.existsSync(entry)) return true;
  return newestSource(sources) > fs.statSync(entry).mtimeMs;
}

function build(what, args) {
  console.log(`Building the ${what}…`);
  const result = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`Building the ${what} failed.`);
    process.exit(result.status ?? 1);
  }
}

if (isStale(WEB_ENTRY, ["web", "shared", "vite.config.ts", "tsconfig.base.json"])) {
  build("web app", [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"]);
}
if (isStale(SERVER_ENTRY, ["server", "shared", "tsconfig.base.json", "scripts/bundle-server.mjs"])) {
  fs.rmSync(path.join(root, "dist/server"), { recursive: true, force: true });
  build("server", [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "server/tsconfig.build.json"]);
  build("server bundle", [path.join(root, "scripts/bundle-server.mjs")]);
}

process.env.NODE_ENV ??= "production";
// Node 22+ keeps compiled module code between starts; Node 20 has no such cache and skips this.
module.enableCompileCache?.(path.join(root, "node_modules/.cache/node-compile-cache"));
await import(pathToFileURL(SERVER_ENTRY).href);
