/**
 * Turns a contract descriptor into a Fastify route: prefix /api, its schemas (validation, serialisation,
 * OpenAPI), the shared error body for every failure status, and its policy. Deny by default: installRouteGuard
 * makes start-up fail if any /api route was registered another way, without a policy.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Static, TSchema } from "typebox";
import type { AnswerOf, BodyOf, Endpoint, Policy, QueryOf } from "#contracts/endpoint.ts";
import type { AuthenticatedSession } from "../domain/auth/sessions.ts";
import { isDocsPath } from "../plugins/openapi.ts";
import { policyHook } from "../plugins/policies.ts";
import { isApiPath } from "../plugins/spa.ts";
import { textFieldCoercer } from "./query-coercion.ts";

export const API_PREFIX = "/api";

declare module "fastify" {
  interface FastifyContextConfig {
    policy?: Policy;
  }
}

export interface RegisteredRoute {
  method: string;
  path: string;
  policy: Policy;
}

type ParamsOf<E extends Endpoint> = E["params"] extends TSchema ? Static<E["params"]> : Record<string, never>;
type AuthOf<E extends Endpoint> = E["policy"] extends "public" | "loopback" | "metrics"
  ? null
  : AuthenticatedSession;

export interface EndpointCall<E extends Endpoint> {
  body: BodyOf<E>;
  query: QueryOf<E>;
  params: ParamsOf<E>;
  auth: AuthOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends Endpoint> = (call: EndpointCall<E>) => Promise<AnswerOf<E>>;

const errorBody = { $ref: "ErrorBody#" };

function successStatus(endpoint: Endpoint): number {
  const status = Object.keys(endpoint.response)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  if (status === undefined) throw new Error(`${endpoint.method} ${endpoint.path} declares no 2xx answer`);
  return status;
}

/** Everything of a route but its handler: path, schemas, policy, query coercion. */
function routeOf(app: FastifyInstance, endpoint: Endpoint) {
  const needsToken = endpoint.policy !== "public" && endpoint.policy !== "loopback";
  const coerceQuery = textFieldCoercer(endpoint.querystring);
  const coerceParams = textFieldCoercer(endpoint.params);
  return {
    method: endpoint.method,
    url: `${API_PREFIX}${endpoint.path}`,
    config: { policy: endpoint.policy },
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      response: { ...endpoint.response, "4xx": errorBody, "5xx": errorBody },
      ...(needsToken ? { security: [{ bearerAuth: [] }] } : {}),
    },
    onRequest: policyHook(app.ctx, endpoint.policy, { acceptsTicket: endpoint.acceptsTicket === true }),
    ...(coerceQuery || coerceParams
      ? {
          preValidation: async (request: FastifyRequest) => {
            coerceQuery?.(request.query as Record<string, unknown>);
            coerceParams?.(request.params as Record<string, unknown>);
          },
        }
      : {}),
  };
}

const callOf = <E extends Endpoint>(request: FastifyRequest, reply: FastifyReply): EndpointCall<E> => ({
  body: request.body as BodyOf<E>,
  query: request.query as QueryOf<E>,
  params: request.params as ParamsOf<E>,
  auth: request.auth as AuthOf<E>,
  request,
  reply,
});

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<NoInfer<E>>,
): void {
  const status = successStatus(endpoint);
  app.route({
    ...routeOf(app, endpoint),
    handler: async (request, reply) => {
      const answer = await handler(callOf<E>(request, reply));
      reply.code(status);
      return status === 204 ? reply.send() : answer;
    },
  });
}

/**
 * A route that writes its answer to the socket itself (text/event-stream): the same policy, schemas and
 * checks as any other, answered with the error body until the handler starts; the reply is hijacked for it.
 */
export function registerStreamEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (call: EndpointCall<NoInfer<E>>) => Promise<void>,
): void {
  app.route({
    ...routeOf(app, endpoint),
    // A HEAD twin would open a stream with no body to send, and use up a ticket.
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      reply.hijack();
      await handler(callOf<E>(request, reply)).catch((err: unknown) => {
        request.log.error({ err }, "stream failed");
        reply.raw.destroy();
      });
    },
  });
}

/**
 * Records every route and refuses any /api route without a policy (the documentation pages under /api/docs
 * are public by nature). Must be installed before any route is registered.
 */
export function installRouteGuard(app: FastifyInstance, registered: RegisteredRoute[]): void {
  app.addHook("onRoute", (route) => {
    if (!isApiPath(route.url)) return;
    const policy = route.config?.policy ?? (isDocsPath(route.url) ? "public" : undefined);
    const methods = [route.method].flat();
    if (!policy) {
      throw new Error(
        `${methods.join(",")} ${route.url} has no authorization policy: register it with registerEndpoint()`,
      );
    }
    for (const method of methods) {
      // Fastify adds a HEAD twin to every GET route with the same hooks; listing it would add nothing.
      if (method === "HEAD") continue;
      registered.push({ method, path: route.url, policy });
    }
  });
}
