/**
 * Reads GET /api/events the way a browser would: a real HTTP connection (inject does not stream) and a small
 * SSE parser. Frames are kept in arrival order; next() waits for the next one not yet taken.
 */
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

export interface SseFrame {
  id?: string;
  event: string;
  data: unknown;
}

/** The app's address, listening on a free loopback port first if it is not yet. */
export async function baseUrlOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface OpenOptions {
  token?: string;
  ticket?: string;
  /** Sent as the Last-Event-ID header. */
  lastEventId?: string;
  /** Sent as ?lastEventId=. */
  lastEventIdQuery?: string;
}

export class SseClient {
  readonly frames: SseFrame[] = [];
  readonly comments: string[] = [];
  #taken = 0;
  #ended = false;
  #wake: (() => void)[] = [];
  readonly #abort = new AbortController();

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly body: string | null,
  ) {}

  static async open(app: FastifyInstance, options: OpenOptions): Promise<SseClient> {
    const url = new URL("/api/events", await baseUrlOf(app));
    if (options.ticket) url.searchParams.set("ticket", options.ticket);
    if (options.lastEventIdQuery) url.searchParams.set("lastEventId", options.lastEventIdQuery);
    const headers: Record<string, string> = { accept: "text/event-stream" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lastEventId) headers["last-event-id"] = options.lastEventId;
    const abort = new AbortController();
    const res = await fetch(url, { headers, signal: abort.signal });
    if (!res.headers.get("content-type")?.startsWith("text/event-stream")) {
      return new SseClient(res.status, res.headers, await res.text());
    }
    const client = new SseClient(res.status, res.headers, null);
    client.#abort.signal.addEventListener("abort", () => abort.abort());
    void client.#read(res);
    return client;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** The next frame not taken yet, waiting for it up to `timeoutMs`. */
  async next(timeoutMs = 3_000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length <= this.#taken) {
      if (this.#ended) throw new Error("the stream ended");
      if (!(await this.#waitUntil(deadline))) throw new Error(`no frame within ${timeoutMs} ms`);
    }
    const frame = this.frames[this.#taken];
    this.#taken += 1;
    return frame as SseFrame;
  }

  /** The next `count` frames. */
  async take(count: number, timeoutMs = 3_000): Promise<SseFrame[]> {
    const frames: SseFrame[] = [];
    for (let i = 0; i < count; i += 1) frames.push(await this.next(timeoutMs));
    return frames;
  }

  /** Frames that arrived and were not taken, after waiting `ms` for more. */
  async rest(ms = 300): Promise<SseFrame[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    const rest = this.frames.slice(this.#taken);
    this.#taken = this.frames.length;
    return rest;
  }

  async untilEnded(timeoutMs = 3_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.#ended) {
      if (!(await this.#waitUntil(deadline))) throw new Error(`still open after ${timeoutMs} ms`);
    }
  }

  close(): void {
    this.#abort.abort();
  }

  #waitUntil(deadline: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
      this.#wake.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  #notify(): void {
    for (const wake of this.#wake.splice(0)) wake();
  }

  async #read(res: Response): Promise<void> {
    const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer += chunk.value;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          this.#parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
        this.#notify();
      }
    } catch {
      // Aborted by close(), or the server cut the connection.
    } finally {
      this.#ended = true;
      this.#notify();
    }
  }

  #parse(block: string): void {
    const frame: { id?: string; event?: string; data?: string } = {};
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) {
        this.comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(":");
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") frame.id = value;
      else if (field === "event") frame.event = value;
      else if (field === "data") frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    }
    if (frame.event === undefined && frame.data === undefined) return;
    this.frames.push({
      ...(frame.id === undefined ? {} : { id: frame.id }),
      event: frame.event ?? "message",
      data: frame.data === undefined ? undefined : JSON.parse(frame.data),
    });
  }
}
