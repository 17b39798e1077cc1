/**
 * The one HTTP client of the SPA (docs/product.md §7, §8). Every call resolves to `{ data, error }` and never
 * rejects. It reads no storage (the bearer token comes from `getToken`) and does nothing about an error: what
 * follows one, a 401 included (the session machines clear the stored session), is the machines' decision.
 */
import { createFetch, FetchError, ofetch } from "ofetch";
import {
  type ApiError,
  type ApiResult,
  errorFromFailedResponse,
  errorFromSuccessBody,
  NETWORK_ERROR,
  REQUEST_ERROR,
  UNKNOWN_ERROR,
} from "./errors.ts";

export type { ApiError, ApiResult } from "./errors.ts";

export const REQUEST_TIMEOUT_MS = 10_000;

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** Which stored session authorises the call: the user's (default), the admin's, or none. */
  auth?: "user" | "admin" | "none";
  /** Lets a request outlive the page (tap sync on pagehide). */
  keepalive?: boolean;
  signal?: AbortSignal;
}

interface ClientConfig {
  baseURL: string;
  /** The access token of the stored session a call names (`auth`), or null when there is none. */
  getToken: (auth: "user" | "admin") => string | null;
  fetch?: typeof globalThis.fetch;
}

export function createApiClient(config: ClientConfig) {
  const base = config.fetch ? createFetch({ fetch: config.fetch }) : ofetch;
  const http = base.create({
    baseURL: config.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    retry: false,
  });

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const auth = options.auth ?? "user";
    let headers: Record<string, string>;
    try {
      const token = auth === "none" ? null : config.getToken(auth);
      headers = {
        // The JSON content type of docs/product.md §7, on requests that carry JSON: a bodiless POST with it
        // is invalid JSON.
        ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...options.headers,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      };
    } catch {
      return { data: null, error: REQUEST_ERROR };
    }

    try {
      const response = await http.raw(path, {
        method,
        headers,
        ...(options.body !== undefined ? { body: options.body as Record<string, unknown> } : {}),
        ...(options.query ? { query: options.query } : {}),
        ...(options.keepalive ? { keepalive: true } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const inBodyError = errorFromSuccessBody(response._data, response.status);
      if (inBodyError) return { data: null, error: inBodyError };
      return { data: (response._data ?? null) as T, error: null };
    } catch (failure) {
      return { data: null, error: normaliseThrown(failure) };
    }
  }

  return clientOf(request);
}

type Request = <T>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<ApiResult<T>>;

/** A client around one `request` function: it and its per-method shorthands. */
export function clientOf(request: Request) {
  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>("POST", path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>("PATCH", path, { ...options, body }),
    delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>("DELETE", path, { ...options, body }),
  };
}

/** Exported for tests: maps whatever the HTTP library threw to a normalised error. */
export function normaliseThrown(failure: unknown): ApiError {
  if (failure instanceof FetchError || (failure instanceof Error && "response" in failure)) {
    const fetchError = failure as FetchError;
    if (fetchError.response) {
      return errorFromFailedResponse(fetchError.data, fetchError.response.status, fetchError.message);
    }
    // No response: refused connection, DNS, offline, or our 10 s time-out.
    if (
      fetchError.cause instanceof TypeError &&
      /invalid url|failed to parse url/i.test(fetchError.cause.message)
    ) {
      return REQUEST_ERROR;
    }
    return NETWORK_ERROR;
  }
  if (failure instanceof TypeError) return REQUEST_ERROR;
  return UNKNOWN_ERROR;
}

export type ApiClient = ReturnType<typeof createApiClient>;
