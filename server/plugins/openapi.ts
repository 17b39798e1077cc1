/**
 * The OpenAPI document, generated from the route schemas (which come from contracts/), at
 * /api/docs/json, with Swagger UI at /api/docs.
 */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";

export const DOCS_PREFIX = "/api/docs";

export const isDocsPath = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "TapRewards API",
        version: "0.1.0",
        description: "Tap-to-earn rewards: accounts, points, multipliers, USDT wallet and back office.",
      },
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "Access token" } },
      },
    },
    // Shared schemas (ErrorBody) keep their $id as their name in components.schemas.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { validatorUrl: null } as object });
}
