import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig({
  root: "web",
  plugins: [
    react(),
    tailwindcss(),
    // A .br and a .gz next to each text file of the build; the server sends those as they are
    // (server/static-files.ts). Source maps are not served, so not compressed either.
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/], logLevel: "silent" }),
  ],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    // Maps are written for error reports (dist/web/assets/*.map) but bundles do not point at them,
    // and the server never serves them (docs/decisions/018-lean-serving.md).
    sourcemap: "hidden",
  },
  server: { port: 5173, proxy: { "/api": `http://localhost:${process.env.DEV_API_PORT ?? 3000}` } },
});
