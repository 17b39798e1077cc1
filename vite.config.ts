import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress.ts";
import { prerender } from "./scripts/prerender.ts";

const apiPort = process.env.PORT ?? "3000";

export default defineConfig({
  // The router plugin must run before react() so route files are code-split first.
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // The public pages as HTML, hydrated in the browser (docs/decisions/043); compressed below with the rest.
    prerender(),
    // .br and .gz beside every text file, sent as they are (docs/decisions/021).
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    reportCompressedSize: true,
    manifest: true,
  },
});
