import type { FastifyInstance } from "fastify";
import { health } from "#src/api/contracts/operations.ts";
import { registerEndpoint } from "./register-endpoint.ts";

export function registerOperationsRoutes(app: FastifyInstance): void {
  const { engine, config } = app.ctx;
  registerEndpoint(app, health, async () => ({ status: "ok" as const, db: engine, chain: config.chain }));
}
