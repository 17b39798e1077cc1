/**
 * The TronGrid HTTP API as plain JSON calls. Anything that is not a JSON object with a 2xx status (network
 * failure, time-out, 429 rate limit, 5xx, an HTML error page) becomes ChainUnavailable: the caller tries again
 * on its next round, so there are no retries here and Retry-After only goes into the message.
 */
import { ChainUnavailable } from "../gateway.ts";

export interface TronGridOptions {
  apiUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** A decoded JSON object whose fields are not trusted yet: every reader checks what it uses. */
export type Answer = Record<string, unknown>;

export interface TronGridClient {
  get(path: string): Promise<Answer>;
  post(path: string, body: unknown): Promise<Answer>;
}

export function createTronGridClient(options: TronGridOptions): TronGridClient {
  const baseUrl = options.apiUrl.replace(/\/+$/, "");
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/json",
    ...(options.apiKey ? { "TRON-PRO-API-KEY": options.apiKey } : {}),
  };
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> {
    const endpoint = path.split("?")[0];
    let response: Response;
    let text: string;
    try {
      // One deadline for the whole exchange: a node that sends headers and then stalls is a time-out too.
      const signal = AbortSignal.timeout(options.timeoutMs);
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal,
      });
      text = await response.text();
    } catch (err) {
      throw new ChainUnavailable(`TronGrid did not answer ${endpoint}`, { cause: err });
    }
    if (!response.ok) {
      const retry = response.headers.get("retry-after");
      throw new ChainUnavailable(
        `TronGrid answered ${response.status} to ${endpoint}${retry ? ` (retry after ${retry} s)` : ""}`,
      );
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch (err) {
      throw new ChainUnavailable(`TronGrid answered ${endpoint} with something that is not JSON`, {
        cause: err,
      });
    }
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
      throw new ChainUnavailable(`TronGrid answered ${endpoint} with JSON that is not an object`);
    }
    return answer as Answer;
  }
  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
  };
}
