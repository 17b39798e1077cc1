/**
 * Writes the public pages as HTML at build time (docs/decisions/043). A Vite plugin (vite.config.ts), so every
 * `vite build` has them: once the app is written, it bundles src/prerender/render-page.tsx for Node with the
 * same route components, renders each page of contracts/prerendered-pages.ts, and writes it into dist/ with
 * the stylesheet inlined and its chunks preloaded. The precompress plugin then compresses them with the rest.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { PRERENDERED_PAGES } from "../contracts/prerendered-pages.ts";
import type { renderPage as RenderPage } from "../src/prerender/render-page.tsx";
import { pageHtml, problemsOf } from "./prerender/page-html.ts";
import { moduleKeysFor, preloadUrls, type ViteManifest } from "./prerender/preloads.ts";

/** Bundles the render for Node into `outDir` and answers its entry file. */
async function bundleRender(root: string, outDir: string): Promise<string> {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    // The same route files, split the same way as in the browser's build.
    plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react()],
    resolve: {
      // The router's client tree (src/router.tsx): export conditions fix its `isServer` flag per build, and
      // Node's select the server tree. This variant leaves it to the router's option, which says client.
      alias: [
        {
          find: "@tanstack/router-core/isServer",
          replacement: path.join(root, "node_modules/@tanstack/router-core/dist/esm/isServer/development.js"),
        },
      ],
    },
    // Bundled, so the alias above reaches the router's own imports; everything else loads from node_modules.
    ssr: { noExternal: [/^@tanstack\//] },
    build: {
      ssr: path.join(root, "src/prerender/render-page.tsx"),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: "render-page.mjs" } },
    },
  });
  return path.join(outDir, "render-page.mjs");
}

/** The contents of every stylesheet the shell links, by URL path. */
function stylesOf(shell: string, outDir: string): Map<string, string> {
  const urls = [...shell.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1]!);
  return new Map(urls.map((url) => [url, readFileSync(path.join(outDir, url), "utf8").trim()]));
}

export async function prerenderPages(root: string, outDir: string): Promise<void> {
  // Inside node_modules so the bundle's bare imports (react, xstate, …) resolve from the project.
  const bundleDir = path.join(root, "node_modules/.cache/taprewards-prerender");
  try {
    const entry = await bundleRender(root, bundleDir);
    const { renderPage }: { renderPage: typeof RenderPage } = await import(
      `${pathToFileURL(entry).href}?build=${Date.now()}`
    );
    const shell = readFileSync(path.join(outDir, "index.html"), "utf8");
    const manifest: ViteManifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));
    const styles = stylesOf(shell, outDir);
    for (const page of PRERENDERED_PAGES) {
      const { markup, routeIds } = await renderPage(page.href);
      const preloads = preloadUrls(manifest, moduleKeysFor(routeIds));
      const html = pageHtml(shell, { href: page.href, markup, styles, preloads });
      const problems = problemsOf(html);
      if (problems.length > 0) throw new Error(`Prerendered ${page.href}: ${problems.join("; ")}`);
      const file = path.join(outDir, page.file);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, html);
    }
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
}

/** The Vite plugin: renders the pages once the app's files are written, before closeBundle compresses them. */
export function prerender(): Plugin {
  let root = process.cwd();
  let outDir = "dist";
  return {
    name: "taprewards-prerender",
    apply: (config, { command }) => command === "build" && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await prerenderPages(root, outDir);
    },
  };
}
