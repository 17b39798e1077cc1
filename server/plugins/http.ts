/**
 * What every answer shares: request ids, HTTP metrics, the client-address check behind a proxy, the error
 * handler, CORS, security and transport headers, and the OpenAPI document. Wrapped with fastify-plugin: its
 * hooks and error handler must apply to every route of the app, not only to routes registered inside it.
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { ErrorBody } from "#contracts/common.ts";
import { installClientAddressCheck } from "./client-address.ts";
import { installErrorHandler } from "./errors.ts";
import { installHttpMetrics } from "./http-metrics.ts";
import { installOpenApi } from "./openapi.ts";
import { installRequestIdHeader } from "./request-id.ts";
import { installCors, installSecurityHeaders, installTransportHeaders } from "./security.ts";

const http: FastifyPluginAsync = async (app) => {
  const { config, metrics } = app.ctx;
  installRequestIdHeader(app);
  installHttpMetrics(app, metrics);
  if (config.trustProxy !== false) installClientAddressCheck(app, metrics);
  installErrorHandler(app);
  installCors(app, config.corsOrigins);
  await installSecurityHeaders(app, { telegram: config.telegramBotToken !== null });
  installTransportHeaders(app);
  await installOpenApi(app);
  app.addSchema(ErrorBody);
};

export const httpPlugin = fp(http, { name: "http", fastify: "5.x", dependencies: ["app-context", "auth"] });
