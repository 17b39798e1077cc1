/**
 * Counts every answer and its latency by route pattern (`/api/user/:id/points`), never by the raw URL: raw
 * URLs carry ids and would give Prometheus a new series per user. Requests no route matched (404s, scans
 * for /wp-admin) share the one label `unmatched`.
 */
import type { FastifyInstance } from "fastify";
import type { AppMetrics } from "../metrics/app-metrics.ts";

export const UNMATCHED_ROUTE = "unmatched";

export function installHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    const method = request.method;
    metrics.httpRequests.inc({ method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}
