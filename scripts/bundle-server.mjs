// Bundles the compiled server (dist/server/server/main.js, written by `tsc -p
// server/tsconfig.build.json`) and the packages it imports at start into one file,
// dist/server/main.mjs, which `npm start` runs. Node then reads and compiles one file instead of
// resolving and loading some thousand modules, which is most of a start's time
// (docs/decisions/018-lean-serving.md). Left outside: native modules, and the packages the server
// imports only when first needed (the assistant SDK, undici, tsdav, qrcode, pg), which still
// load from node_modules at that moment. The common password list is in the bundle, made only
// when a password is first chosen.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const SERVER_BUNDLE = path.join(root, "dist/server/main.mjs");

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
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleServer();
}
