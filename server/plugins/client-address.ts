/**
 * The caller's address behind a trusted proxy (TRUST_PROXY, docs/decisions/036). request.ip is then the
 * right-most X-Forwarded-For hop the trusted proxies did not add: the address the proxy saw. That hop is still
 * text someone sent (a proxy writing `unknown`, or a caller reaching the server past the proxy), and as a
 * rate-limit or sign-up key a made-up value is a fresh counter for every request. So a hop that is not an IP
 * address is replaced by the socket's address (the proxy's, or the caller's own), logged and counted.
 * The loopback policy reads the socket directly and refuses forwarded requests; it does not depend on this.
 */
import type { FastifyInstance } from "fastify";
import { isIpAddress } from "../domain/client-address.ts";
import type { AppMetrics } from "../metrics/app-metrics.ts";

/** What is kept of an unusable hop in the log: enough to recognise it, never a whole header. */
const LOGGED_CHARACTERS = 64;

export function installClientAddressCheck(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook("onRequest", async (request) => {
    // Without the header request.ip is the socket's address.
    if (request.headers["x-forwarded-for"] === undefined) return;
    const forwarded = request.ip;
    if (isIpAddress(forwarded)) return;
    // request.ip is a getter on Fastify's request prototype; an own property of this request shadows it, so
    // every later reader (sign-up, login, forgot-password, Telegram sign-in) sees the same, usable address.
    Object.defineProperty(request, "ip", { value: request.socket.remoteAddress, enumerable: true });
    metrics.forwardedForUnusable.inc();
    request.log.warn(
      { forwardedFor: String(forwarded).slice(0, LOGGED_CHARACTERS), socketAddress: request.ip },
      "X-Forwarded-For names no IP address; the socket's address is used",
    );
  });
}
