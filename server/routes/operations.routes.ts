/** Liveness, readiness and metrics for the people who run the service (docs/decisions/030, docs/ops/). */
import type { FastifyInstance } from "fastify";
import { health, metrics, ready } from "#contracts/operations.ts";
import { scrapeMetrics } from "../domain/operations/metrics-scrape.ts";
import { checkReadiness } from "../domain/operations/readiness.ts";
import { registerEndpoint } from "./register-endpoint.ts";

export function registerOperationsRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  // Alive, and nothing more: it touches neither the database nor the chain, and stays 200 while the process
  // drains, so a supervisor never restarts an instance that is only finishing its requests.
  registerEndpoint(app, health, async () => ({
    status: "ok" as const,
    db: ctx.engine,
    chain: ctx.config.chain,
  }));

  registerEndpoint(app, ready, async () => checkReadiness(ctx));

  registerEndpoint(app, metrics, async ({ reply }) => {
    const scraped = await scrapeMetrics(ctx);
    reply.type(scraped.contentType).header("cache-control", "no-store");
    return scraped.text;
  });
}
