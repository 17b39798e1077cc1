/**
 * The TronGrid HTTP API as plain JSON calls. Anything that is not a JSON answer with a 2xx status (network
 * failure, time-out, 429 rate limit, 5xx, HTML error page) becomes ChainUnavailable: the caller tries again on
 * its next round, so there are no retries here.
 */
import { ChainUnavailable } from "../gateway.ts";

export interface TronGridOptions {
  apiUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}

export type TronGridClient = ReturnType<typeof createTronGridClient>;

export function createTronGridClient(options: TronGridOptions) {
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    ...(options.apiKey ? { "TRON-PRO-API-KEY": options.apiKey } : {}),
  };
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const url = `${options.apiUrl}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new ChainUnavailable(`TronGrid did not answer ${path}`, { cause: err });
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) {
      const retry = response.headers.get("retry-after");
      throw new ChainUnavailable(
        `TronGrid answered ${response.status} to ${path}${retry ? ` (retry after ${retry} s)` : ""}`,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch (err) {
      throw new ChainUnavailable(`TronGrid answered ${path} with something that is not JSON`, { cause: err });
    }
  }
  return {
    get: <T>(path: string) => call<T>("GET", path),
    post: <T>(path: string, body: unknown) => call<T>("POST", path, body),
  };
}
