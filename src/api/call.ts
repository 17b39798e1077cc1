/**
 * A typed call of one API route, from its descriptor in contracts/ (docs/architecture.md, "One contract, two
 * sides"): the body, query and path parameters it takes and the answer it gives are the descriptor's types.
 *
 * The descriptors are TypeBox values, and importing them would ship TypeBox to the browser; so the client
 * imports them as types only, and keeps each route's method and path as a plain value (`route`). Those two
 * are checked against the descriptor's own literals: a misspelt path or a wrong method does not compile.
 */
import type { AnswerOf, BodyOf, Endpoint, QueryOf } from "#contracts/endpoint.ts";
import type { ApiClient, RequestOptions } from "./client.ts";
import type { ApiResult } from "./errors.ts";

/** What the browser keeps of a descriptor: its method and path as values, the rest as its type. */
export interface Route<E extends Endpoint> {
  readonly method: E["method"];
  readonly path: E["path"];
  /** Never set: it carries the descriptor's type to `call`. */
  readonly endpoint?: E;
}

/**
 * The route of the descriptor `E`; `method` and `path` must be its own (`route<typeof me>("GET", "/auth/me")`).
 * Marked free of side effects so a facade's table of routes is dropped from a chunk that uses none of them.
 */
/*#__NO_SIDE_EFFECTS__*/
export function route<E extends Endpoint>(method: E["method"], path: E["path"]): Route<E> {
  return { method, path };
}

/** The `:name` parameters of a Fastify path: `/user/:id/points` → "id". */
type ParamNames<TPath extends string> = TPath extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : TPath extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsPart<E extends Endpoint> = [ParamNames<E["path"]>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<E["path"]>, string> };
type BodyPart<E extends Endpoint> = undefined extends BodyOf<E> ? { body?: BodyOf<E> } : { body: BodyOf<E> };
type QueryPart<E extends Endpoint> =
  QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> };

/** What a call of `E` takes besides the route: its path parameters, body and query, and how to send it. */
export type CallOptions<E extends Endpoint> = ParamsPart<E> &
  BodyPart<E> &
  QueryPart<E> &
  Pick<RequestOptions, "headers" | "auth" | "keepalive" | "signal">;

/** The options may be left out when nothing in them is required. */
type CallArgs<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The only part of the client a call needs. */
export type Requester = Pick<ApiClient, "request">;

/** `/user/:id/points` with `{ id }` → `/user/<id, URL-encoded>/points`. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

/** Calls the route through the client: resolves to `{ data, error }` like every request, never rejects. */
export function call<E extends Endpoint>(
  client: Requester,
  route: Route<E>,
  ...options: CallArgs<E>
): Promise<ApiResult<AnswerOf<E>>>;
export function call(
  client: Requester,
  route: Route<Endpoint>,
  ...args: unknown[]
): Promise<ApiResult<unknown>> {
  // The one cast of the file: TypeScript cannot relate a generic call's options to this shape, but the
  // signature above only lets through options built from CallOptions<E>, which always fit it.
  const { params, ...request } = (args[0] ?? {}) as LooseOptions;
  return client.request(route.method, fillPath(route.path, params), request);
}

/** What the implementation sees of any call's options; the overload above keeps each call typed. */
interface LooseOptions extends Pick<RequestOptions, "headers" | "auth" | "keepalive" | "signal"> {
  params?: Readonly<Record<string, string>>;
  body?: unknown;
  query?: RequestOptions["query"];
}
