import type { FastifyInstance } from "fastify";
import { health } from "#src/api/contracts/operations.ts";
import { AppError } from "../errors.ts";
import { registerEndpoint } from "./register-endpoint.ts";

export function registerOperationsRoutes(app: FastifyInstance): void {
  const { engine, config, lifecycle } = app.ctx;
  registerEndpoint(app, health, async () => {
    // A draining instance still serves requests; only the load balancer's health check is told to go away.
    if (lifecycle.draining) {
      throw new AppError(503, "DRAINING", "This instance is shutting down. Send requests to another one.");
    }
    return { status: "ok" as const, db: engine, chain: config.chain };
  });
}
