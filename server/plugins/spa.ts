/**
 * Serves the built SPA from dist/ and answers everything that matched no route: unknown /api paths get a JSON
 * 404; the public pages the build wrote as HTML (`/`, `/auth` in each form: docs/decisions/043) get their own
 * file; any other GET from a browser (Accept: text/html) gets index.html, the empty shell, so client-side
 * routes survive a reload; without a build, a plain 503 says how to make one.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PRERENDERED_PAGES, prerenderedPageFor } from "#contracts/prerendered-pages.ts";
import { sendError } from "./errors.ts";

export const isApiPath = (url: string) =>
  url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

const NOT_BUILT =
  "TapRewards: the web app has not been built yet. Run `npm run build` (or use `npm start`, which builds it), then reload.\n";

const isRead = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";

function wantsHtml(request: FastifyRequest): boolean {
  if (!isRead(request)) return false;
  const accept = request.headers.accept ?? "";
  return accept.includes("text/html") || accept.includes("application/xhtml+xml");
}

/** The built page for this address, if the build wrote one (an older or partial build may not have). */
function builtPageFile(url: string, distDir: string): string | undefined {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  const file = prerenderedPageFor(pathname, searchParams.get("mode"))?.file;
  return file && existsSync(path.join(distDir, file)) ? file : undefined;
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

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    // `/` answers every client, as the static folder's index did before the pages were built.
    const isHome = isRead(request) && new URL(url, "http://localhost").pathname === "/";
    if (isApiPath(url) || !(isHome || wantsHtml(request))) {
      return sendError(reply, {
        status: 404,
        code: "NOT_FOUND",
        message: "There is nothing at this address.",
      });
    }
    if (!existsSync(indexPath)) return reply.code(503).type("text/plain; charset=utf-8").send(NOT_BUILT);
    // Through the static handler, so a page and the shell are sent compressed like every other file.
    const file = builtPageFile(url, distDir) ?? "index.html";
    return reply.code(200).header("cache-control", "no-cache").sendFile(file);
  };
  // The built pages' paths are routes of their own: the static folder would answer `/` with its index.html,
  // the shell, and sendFile needs the static plugin, absent without a build (then `answer` says so).
  const pagePaths = new Set(PRERENDERED_PAGES.map((page) => new URL(page.href, "http://localhost").pathname));
  if (existsSync(distDir)) for (const pagePath of pagePaths) app.get(pagePath, answer);
  app.setNotFoundHandler(answer);
}
