/**
 * One descriptor per API route, shared by the server (validation, serialisation, OpenAPI, authorization
 * policy) and the client (types only: import with `import type` so TypeBox stays out of the browser bundle).
 */
import type { Static, TSchema } from "typebox";

/**
 * Who may call a route. Deny by default: the server refuses to register a route without one.
 * - public: anyone; - authenticated: any signed-in account; - self: the signed-in user whose id is the
 *   `:id` path parameter; - admin: role admin; - loopback: only from 127.0.0.1/::1 (local devnet tools);
 *   - metrics: the operator's scraper, with `Authorization: Bearer <METRICS_TOKEN>` (404 while that is unset).
 */
export type Policy = "public" | "authenticated" | "self" | "admin" | "loopback" | "metrics";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface Endpoint {
  readonly method: HttpMethod;
  /** Path under /api, in Fastify's syntax (`/user/:id`). */
  readonly path: string;
  readonly policy: Policy;
  /**
   * With policy `authenticated`: a single-use `?ticket=` from POST /events/ticket may stand in for the bearer
   * token (EventSource cannot send headers). Only GET /events takes one.
   */
  readonly acceptsTicket?: true;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly body?: TSchema;
  readonly querystring?: TSchema;
  readonly params?: TSchema;
  readonly headers?: TSchema;
  /** Success answers by status. Failures all share ErrorBody and are added by the server. */
  readonly response: Readonly<Record<number, TSchema>>;
}

/** Keeps the literal types of a descriptor while checking its shape. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export type BodyOf<E extends Endpoint> = E["body"] extends TSchema ? Static<E["body"]> : undefined;
export type QueryOf<E extends Endpoint> = E["querystring"] extends TSchema
  ? Static<E["querystring"]>
  : undefined;
type SuccessStatus<E extends Endpoint> = Extract<keyof E["response"], 200 | 201 | 202 | 204>;
export type AnswerOf<E extends Endpoint> = E["response"][SuccessStatus<E>] extends TSchema
  ? Static<E["response"][SuccessStatus<E>]>
  : never;
