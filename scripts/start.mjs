// Starts Daily Compass: builds the web app and the server when they are missing or older than
// their sources, then runs the compiled server in this very process. No child process and no
// shell in between, so a process manager's SIGTERM reaches the server itself, which closes and
// exits 0. Run it as `node scripts/start.mjs` under systemd or as a container's command.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// The compiled server bundled into one file (scripts/bundle-server.mjs).
const SERVER_ENTRY = path.join(root, "dist/server/main.cjs");
const WEB_ENTRY = path.join(root, "dist/web/index.html");

/**
 * Newest modification time among the files under these paths (tests excluded), in ms.
 * @param {string[]} paths
 */
function newestSource(paths) {
  let newest = 0;
  const visit = (/** @type {string} */ p) => {
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

/** @param {string} entry @param {string[]} sources */
function isStale(entry, sources) {
  if (!fs.existsSync(entry)) return true;
  return newestSource(sources) > fs.statSync(entry).mtimeMs;
}

/** @param {string} what @param {string[]} args */
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

/**
 * Runs the server bundle (CommonJS) in this process with V8's compiled code kept between starts
 * (docs/decisions/040-compiled-code-kept.md). Without it every start parses the 4 MB bundle and
 * compiles each function it runs; with it V8 reads them back. V8 checks a kept code's version,
 * flags and the source's length but not its text, so the file's name carries a hash of the text.
 * Kept once the server listens, so it holds what a start compiles; made again when V8 turns it
 * down (another Node); a folder that cannot be written to starts as before, every time.
 */
function runServerBundle(/** @type {string} */ file) {
  const source = fs.readFileSync(file, "utf8");
  const hash = crypto.createHash("sha256").update(process.versions.v8).update(source).digest("hex").slice(0, 16);
  const kept = `${file}.${hash}.v8cache`;
  let cachedData;
  try {
    cachedData = fs.readFileSync(kept);
  } catch {
    // Not kept yet.
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  /** @type {{ exports: { started?: Promise<unknown> } }} */
  const bundle = { exports: {} };
  script.runInThisContext()(bundle.exports, module.createRequire(file), bundle, file, path.dirname(file));
  if (cachedData && !script.cachedDataRejected) return;
  Promise.resolve(bundle.exports.started).then(() =>
    setImmediate(() => {
      const temporary = `${kept}.${process.pid}`;
      try {
        fs.writeFileSync(temporary, script.createCachedData());
        fs.renameSync(temporary, kept);
        removeLeftovers(file, kept);
      } catch {
        fs.rmSync(temporary, { force: true });
      }
    }),
  );
}

/**
 * Removes what earlier starts left beside the bundle: code kept under another hash (another Node,
 * or a bundle replaced without the bundler) and the temporary file of a start killed while it
 * wrote, once its process is gone. A file another start is writing or renaming is left alone.
 * @param {string} file
 * @param {string} kept
 */
function removeLeftovers(file, kept) {
  const folder = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  for (const name of fs.readdirSync(folder)) {
    const writer = /\.v8cache\.(\d+)$/.exec(name);
    const leftover = name.startsWith(prefix) && (writer ? !isRunning(Number(writer[1])) : name.endsWith(".v8cache"));
    if (leftover && path.join(folder, name) !== kept) fs.rmSync(path.join(folder, name), { force: true });
  }
}

function isRunning(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

process.env.NODE_ENV ??= "production";
// The old generation grows to at most 1.5 times what was live after V8's last full collection,
// instead of up to 4 times: under a high request rate the heap's peak is garbage waiting for that
// collection (docs/decisions/041-bounded-heap-growth.md). Set before the bundle is compiled, so
// the compiled code kept between starts is made and read under the same flags.
v8.setFlagsFromString("--heap-growing-percent=50");
runServerBundle(SERVER_ENTRY);
