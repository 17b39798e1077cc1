/**
 * Serves the built SPA from dist/ and answers everything that matched no route: unknown /api paths get a JSON
 * 404; any other GET from a browser (Accept: text/html) gets index.html so client-side routes survive a
 * reload; without a build, a plain 503 says how to make one.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendError } from "./errors.ts";

export const isApiPath = (url: string) =>
  url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

const NOT_BUILT =
  "TapRewards: the web app has not been built yet. Run `npm run build` (or use `npm start`, which builds it), then reload.\n";

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const accept = request.headers.accept ?? "";
  return accept.includes("text/html") || accept.includes("application/xhtml+xml");
}

export async function installSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = path.join(distDir, "index.html");
  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: "/",
      wildcard: true,
      // The build writes .br and .gz copies (scripts/precompress.ts): sent as they are, with
      // Content-Encoding and Vary, to browsers that accept them (docs/decisions/021).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/; index.html must be re-read to pick up a new build.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        // The same address answers brotli, gzip or plain bytes: a shared cache must keep them apart.
        reply.header("vary", "Accept-Encoding");
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (isApiPath(url) || !wantsHtml(request)) {
      return sendError(reply, {
        status: 404,
        code: "NOT_FOUND",
        message: "There is nothing at this address.",
      });
    }
    if (!existsSync(indexPath)) return reply.code(503).type("text/plain; charset=utf-8").send(NOT_BUILT);
    // Through the static handler, so a client route gets index.html compressed like `/` does.
    return reply.code(200).header("cache-control", "no-cache").sendFile("index.html");
  });
}
