/**
 * Security headers (helmet) and CORS. The CSP allows exactly what the built SPA and the Swagger UI page load:
 * scripts, styles, images and API calls from our own origin (plus inline styles and data: images, which the
 * UI libraries use). CORS stays closed (no headers at all) unless CORS_ORIGIN lists origins.
 * With Telegram sign-in on (docs/decisions/031) the page may also load Telegram's Mini App script and be framed
 * by Telegram's web client, which shows Mini Apps in an iframe; nothing else may frame it.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isDocsPath } from "./openapi.ts";
import { isApiPath } from "./spa.ts";

const TELEGRAM_SCRIPT_ORIGIN = "https://telegram.org";
const TELEGRAM_WEB_CLIENT = "https://web.telegram.org";

export async function installSecurityHeaders(
  app: FastifyInstance,
  options: { telegram: boolean } = { telegram: false },
): Promise<void> {
  await app.register(helmet, {
    global: true,
    // X-Frame-Options cannot name another site; CSP frame-ancestors says who may frame the page instead.
    frameguard: options.telegram ? false : { action: "sameorigin" },
    // Sent below only over HTTPS: over plain http (a LAN install) it would be ignored at best.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "script-src": options.telegram ? ["'self'", TELEGRAM_SCRIPT_ORIGIN] : ["'self'"],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": options.telegram ? [TELEGRAM_WEB_CLIENT] : ["'none'"],
        "form-action": ["'self'"],
        // No upgrade-insecure-requests: local installs are served over plain http on a LAN address.
      },
    },
  });
}

const ALLOWED_METHODS = "GET, POST, PATCH, PUT, DELETE";
const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, X-Request-Id";
const EXPOSED_HEADERS = "Retry-After, X-Request-Id";

export function installCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  if (allowedOrigins.length === 0) return;
  const allowed = new Set(allowedOrigins);
  app.addHook("onRequest", async (request, reply) => {
    const origin = request.headers.origin;
    reply.header("vary", "Origin");
    if (typeof origin !== "string" || !allowed.has(origin)) return;
    reply.header("access-control-allow-origin", origin);
    reply.header("access-control-expose-headers", EXPOSED_HEADERS);
    const isPreflight = request.method === "OPTIONS" && request.headers["access-control-request-method"];
    if (isPreflight) {
      reply
        .header("access-control-allow-methods", ALLOWED_METHODS)
        .header("access-control-allow-headers", ALLOWED_HEADERS)
        .header("access-control-max-age", "600")
        .code(204)
        .send();
      return reply;
    }
  });
}

const HSTS = "max-age=31536000; includeSubDomains";

/** HSTS when the request came over HTTPS; also for answers written to the socket directly (GET /events). */
export const httpsOnlyHeaders = (request: FastifyRequest): Record<string, string> =>
  request.protocol === "https" ? { "strict-transport-security": HSTS } : {};

/**
 * HSTS only when the request came over HTTPS (directly, or as a proxy trusted by TRUST_PROXY says through
 * X-Forwarded-Proto), and `Cache-Control: no-store` on every API answer: they carry accounts, balances and
 * tokens, which no shared cache or back button should keep.
 */
export function installTransportHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of Object.entries(httpsOnlyHeaders(request))) reply.header(name, value);
    if (isApiPath(request.url) && !isDocsPath(request.url)) reply.header("cache-control", "no-store");
    return payload;
  });
}
