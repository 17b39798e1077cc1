// Compiles the server (TypeScript, `#server/*` and `#src/*` imports) into one ES module, dist-server/server.mjs,
// that plain `node` runs: no TypeScript compiler at every start, and less memory (docs/decisions/025).
// Packages stay outside the bundle and load from node_modules as usual.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, "server", "server.ts")],
    outfile: path.join(root, "dist-server", "server.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
