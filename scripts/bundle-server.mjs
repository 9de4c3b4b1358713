// Bundles the compiled server (dist/server/server/main.js, written by `tsc -p
// server/tsconfig.build.json`) and the packages it imports at start into one CommonJS file,
// dist/server/main.cjs, which `npm start` runs (scripts/start.mjs, with V8's compiled code kept
// between starts). Node then reads and compiles one file instead of resolving and loading some
// thousand modules, which is most of a start's time (docs/decisions/018-lean-serving.md). Left
// outside: native modules, and the packages the server imports only when first needed (the
// assistant SDK, undici, tsdav, qrcode, web-push, pg), which still load from node_modules at that
// moment. The common password list is in the bundle, made only when a password is first chosen.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const SERVER_BUNDLE = path.join(root, "dist/server/main.cjs");

/**
 * Each character past ASCII as its `\u` escape (two for a character past the 16-bit range). A
 * character escaped with a backslash (`\’` in a regular expression) loses that backslash.
 */
export function escapeNonAscii(/** @type {string} */ source) {
  return source.replace(/(\\*)([\u0080-\uffff])/g, (_, /** @type {string} */ slashes, /** @type {string} */ c) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    return `${kept}\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/**
 * V8 keeps a script's source for as long as the script runs, at one byte per character when
 * every character is ASCII and two otherwise: one `’` would make the bundle's 4 MB take 8. esbuild
 * escapes strings and templates itself but not regular expressions, `String.raw` templates or
 * comments, so each file is escaped as it is read. An escape means the same character in a
 * regular expression, a string, a cooked template, an identifier or a comment; in a raw template
 * it would stay an escape, and the bundled code's only raw templates with such characters are
 * sources of regular expressions (server/ai/categorize-cues.ts), where it means the character again.
 */
/** @type {import("esbuild").Plugin} */
const asciiSource = {
  name: "ascii-source",
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, "utf8");
      if (!/[\u0080-\uffff]/.test(source)) return undefined;
      return { contents: escapeNonAscii(source), loader: /\.[cm]?ts$/.test(args.path) ? "ts" : "js" };
    });
  },
};

export async function bundleServer() {
  // Compiled code kept for an earlier bundle (scripts/start.mjs) is of no use to this one.
  const folder = path.dirname(SERVER_BUNDLE);
  for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
    if (name.endsWith(".v8cache")) fs.rmSync(path.join(folder, name), { force: true });
  }
  await build({
    entryPoints: [path.join(root, "dist/server/server/main.js")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    // CommonJS, because V8 can keep the compiled code of a script (vm.Script) between starts and
    // Node 20 cannot do so for an ES module. What the server imports when first needed is then
    // required at that moment (a script's own import() would need vm's experimental loader).
    format: "cjs",
    supported: { "dynamic-import": false },
    target: "node20",
    external: [
      // Native: loaded from their packages, which find their binaries themselves.
      "better-sqlite3",
      "@node-rs/argon2",
      "pg-native",
      // Imported on first use only.
      "pg",
      "openai",
      "undici",
      "tsdav",
      "qrcode",
      "web-push",
    ],
    // Smaller to read and compile; names stay, so stack traces still say where.
    minifyWhitespace: true,
    minifySyntax: true,
    // For reading a stack trace: `node --enable-source-maps dist/server/main.cjs`.
    sourcemap: "linked",
    // The server's modules are ES modules: strict, as they were, and where one asks for its own
    // address it gets the bundle's.
    define: { "import.meta.url": "__bundleUrl" },
    banner: { js: '"use strict";const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    logLevel: "warning",
    plugins: [asciiSource],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleServer();
}
