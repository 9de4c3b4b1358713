import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import * as esbuild from "esbuild";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { PRERENDERED_PAGES, type PrerenderedPage, prerenderedFile } from "./shared/web-routes.ts";

const root = path.resolve(import.meta.dirname, "web");
const outDir = path.resolve(import.meta.dirname, "dist/web");
const prerenderOutDir = path.resolve(import.meta.dirname, "dist/prerender");
/** The public pages' HTML shell; the prerendered markup goes where its marker is. */
const PUBLIC_SHELL = "public.html";
const ROOT = '<div id="root">';
const PAGE_MARKER = "<!--prerendered-page-->";
/** web/theme.js, read once: its own script on the public pages, the early reads' first part in the app's. */
const THEME_SOURCE = fs.readFileSync(path.join(root, "theme.js"), "utf8");

/**
 * Small modules both the public pages and the signed-in app use from their first screen (all
 * icons: 23 KB). Anything both use that is not here lands in the public pages' chunk, which the
 * signed-in app would then load with its first screen.
 */
const BASICS = [
  /shared[\\/](web-routes|offline)\.ts$/,
  /web[\\/]lib[\\/](api|cn|early-reads|page-data|offline-caches)\.ts$/,
  /web[\\/]components[\\/]ui[\\/](button|input|card)\.tsx$/,
  /node_modules[\\/]lucide-react[\\/]/,
];
const isBasic = (id: string) => BASICS.some((pattern) => pattern.test(id));

/**
 * web/theme.js in the <head> of both HTML shells, before anything is drawn: a classic script (the
 * CSP allows same-origin scripts only, no inline ones) with a hashed name, cached for good. In the
 * built signed-in shell (index.html) it runs as the first part of the early reads' script, one
 * request fewer before the first paint.
 */
function themeScript(): Plugin {
  const source = THEME_SOURCE;
  const hash = crypto.createHash("sha256").update(source).digest("base64url").slice(0, 10);
  const fileName = `assets/theme-${hash}.js`;
  let serving = false;
  return {
    name: "daily-compass:theme-script",
    configResolved(config) {
      serving = config.command === "serve";
    },
    generateBundle() {
      if (this.environment.name === "client") this.emitFile({ type: "asset", fileName, source });
    },
    transformIndexHtml(_html, context) {
      if (!serving && path.basename(context.filename) === "index.html") return [];
      return [{ tag: "script", attrs: { src: serving ? "/theme.js" : `/${fileName}` }, injectTo: "head-prepend" }];
    },
  };
}

/**
 * web/early-reads.ts in the <head> of the signed-in app's shell (index.html) only: bundled apart
 * from the app into one small classic script with a hashed name, so it runs and starts the first
 * screen's reads while the app's scripts download. web/theme.js runs first in the same script.
 * docs/decisions/038-early-first-reads.md
 */
function earlyReadsScript(): Plugin {
  let fileName = "";
  let source = "";
  return {
    name: "daily-compass:early-reads",
    apply: "build",
    buildStart() {
      if (this.environment.name !== "client") return;
      const built = esbuild.buildSync({
        entryPoints: [path.join(root, "early-reads.ts")],
        bundle: true,
        format: "iife",
        minify: true,
        target: "es2020",
        write: false,
      });
      // The theme as the first statements, each in its own try: nothing of it can stop the reads.
      source = `${THEME_SOURCE}\n${built.outputFiles[0].text}`;
      const hash = crypto.createHash("sha256").update(source).digest("base64url").slice(0, 10);
      fileName = `assets/early-reads-${hash}.js`;
    },
    generateBundle() {
      if (this.environment.name === "client") this.emitFile({ type: "asset", fileName, source });
    },
    transformIndexHtml(_html, context) {
      if (path.basename(context.filename) !== "index.html" || !fileName) return [];
      return [{ tag: "script", attrs: { src: `/${fileName}` }, injectTo: "head-prepend" }];
    },
  };
}

/**
 * `vite build` builds the browser bundles, then web/prerender.tsx for Node, then renders each
 * public page into the public shell: dist/web/.pages/<page>.html (shared/web-routes.ts), which
 * the server sends (server/web-pages.ts). docs/decisions/017-prerendered-public-pages.md
 */
async function prerenderPublicPages(): Promise<void> {
  const entry = pathToFileURL(path.join(prerenderOutDir, "prerender.js")).href;
  const { renderPage } = (await import(entry)) as { renderPage: (page: PrerenderedPage) => string };
  const shellPath = path.join(outDir, PUBLIC_SHELL);
  const shell = fs.readFileSync(shellPath, "utf8");
  if (!shell.includes(`${ROOT}${PAGE_MARKER}`)) throw new Error(`${PUBLIC_SHELL} lost its ${ROOT}${PAGE_MARKER}`);
  for (const page of PRERENDERED_PAGES) {
    const file = path.join(outDir, prerenderedFile(page));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const html = renderPage(page);
    fs.writeFileSync(
      file,
      shell.replace(`${ROOT}${PAGE_MARKER}`, () => `<div id="root" data-page="${page}">${html}`),
    );
  }
  // The shell itself is no page to serve, and the Node build has done its job.
  fs.rmSync(shellPath);
  fs.rmSync(prerenderOutDir, { recursive: true, force: true });
}

/**
 * The web app manifest and the service worker (web/sw/sw.ts, built with Workbox's injectManifest),
 * for the browser build only: docs/decisions/029-installable-offline.md. The worker precaches the
 * hashed bundles, fonts and icons; the HTML (chosen per cookie by the server, decision 017) and the
 * compressed twins (`.br`, `.gz`: the browser asks for the file and the server picks the twin) are
 * not precached.
 */
function installable(): Plugin[] {
  const plugins = VitePWA({
    strategies: "injectManifest",
    srcDir: "sw",
    filename: "sw.ts",
    // Registered by the signed-in app itself (web/lib/service-worker.ts), with its update prompt.
    injectRegister: false,
    manifestFilename: "manifest.webmanifest",
    includeAssets: [],
    manifest: {
      id: "/",
      name: "Daily Compass",
      short_name: "Compass",
      description: "A calm daily planner for ADHD and other neurodivergent minds.",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      background_color: "#0f1217",
      theme_color: "#0f1217",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    injectManifest: {
      // A classic script, as the page registers it: built as one, the worker needs no option
      // to keep its imports inline (the module build's prints a deprecation warning).
      rollupFormat: "iife",
      globPatterns: ["assets/**/*.{js,css,woff2}", "icons/*.png", "favicon.svg", "intl-warm.js"],
      globIgnores: ["**/*.map", "**/*.br", "**/*.gz", ".pages/**", "**/*.html"],
      // The bundles have their hash in their names already.
      dontCacheBustURLsMatching: /^assets\//,
    },
  });
  // The worker belongs to the browser build, not to the prerendering one.
  return plugins.map((plugin) => ({ ...plugin, applyToEnvironment: (env) => env.name === "client" }));
}

export default defineConfig({
  root: "web",
  plugins: [
    react(),
    tailwindcss(),
    earlyReadsScript(),
    themeScript(),
    // A .br and a .gz next to each text file of the build; the server sends those as they are
    // (server/static-files.ts). Source maps are not served, so not compressed either.
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/], logLevel: "silent" }),
    ...installable(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    // Maps are written for error reports (dist/web/assets/*.map) but bundles do not point at them,
    // and the server never serves them (docs/decisions/018-lean-serving.md).
    sourcemap: "hidden",
    // Every browser the build targets preloads modules itself: no polyfill script.
    modulePreload: { polyfill: false },
  },
  environments: {
    client: {
      build: {
        rollupOptions: {
          input: { app: path.join(root, "index.html"), public: path.join(root, PUBLIC_SHELL) },
          output: {
            // A public page loads four scripts (React, the basics it shares with the signed-in
            // app, the public pages, its entry) rather than a dozen small chunks, and the
            // signed-in app loads the public pages only when it shows one.
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                { name: "basics", test: isBasic, priority: 2 },
                { name: "public-pages", test: /web[\\/]app[\\/]public-app\.tsx$/, priority: 1 },
                // The rest of the signed-in app's first load: one chunk instead of a dozen small
                // ones, each a request of its own on a slow connection.
                {
                  name: "app-first",
                  tags: ["$initial"],
                  test: /node_modules|web[\\/](app|features|lib|components|pages)[\\/]|shared[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        outDir: prerenderOutDir,
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        rollupOptions: { input: { prerender: path.join(root, "prerender.tsx") } },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client);
      await builder.build(builder.environments.ssr);
      await prerenderPublicPages();
    },
  },
  server: { port: 5173, proxy: { "/api": `http://localhost:${process.env.DEV_API_PORT ?? 3000}` } },
});
