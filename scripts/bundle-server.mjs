// Bundles the compiled server (dist/server/server/main.js, written by `tsc -p
// server/tsconfig.build.json`) and the packages it imports at start into one file,
// dist/server/main.mjs, which `npm start` runs. Node then reads and compiles one file instead of
// resolving and loading some thousand modules, which is most of a start's time
// (docs/decisions/018-lean-serving.md). Left outside: native modules, and the packages the server
// imports only when first needed (the assistant SDK, undici, tsdav, qrcode, web-push, pg), which
// still load from node_modules at that moment. The common password list is in the bundle, made only
// when a password is first chosen.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const SERVER_BUNDLE = path.join(root, "dist/server/main.mjs");

/**
 * Each character past ASCII as its `\u` escape (two for a character past the 16-bit range). A
 * character escaped with a backslash (`\’` in a regular expression) loses that backslash.
 */
export function escapeNonAscii(source) {
  return source.replace(/(\\*)([\u0080-\uffff])/g, (_, slashes, c) => {
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
  await build({
    entryPoints: [path.join(root, "dist/server/server/main.js")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
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
    // For reading a stack trace: `node --enable-source-maps dist/server/main.mjs`.
    sourcemap: "linked",
    // CommonJS packages inside an ES module need a require of their own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: "warning",
    plugins: [asciiSource],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleServer();
}
