/**
 * LISTEN on one channel (docs/decisions/017). PostgreSQL: one dedicated connection per process, outside the
 * pool, reopened with a growing pause when it drops; a notification sent while it was down is lost, so every
 * reopening is reported and the caller re-reads what it follows. PGlite is one process's database: its own
 * listen() hears every commit, and there is nothing to lose.
 */
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export interface NotificationHandlers {
  onNotification(payload: string): void;
  /** The connection was lost and is back: notifications may have been missed meanwhile. */
  onReconnect(): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<NotificationListener>;

/** How the listening connection shows in pg_stat_activity (and how a test finds it to cut it). */
export const LISTENER_APPLICATION_NAME = "taprewards-live-listener";

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 2_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export const listenOnPglite =
  (client: PGlite): Listen =>
  async (channel, handlers) => {
    const unsubscribe = await client.listen(channel, (payload) => handlers.onNotification(payload));
    return { close: () => unsubscribe() };
  };

export const listenOnPostgres =
  (url: string): Listen =>
  async (channel, handlers) => {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
    const listener = new PostgresListener(url, channel, handlers);
    await listener.open().catch(async (err: unknown) => {
      await listener.close();
      throw err;
    });
    return listener;
  };

class PostgresListener implements NotificationListener {
  #client: pg.Client | null = null;
  #closed = false;
  #retryMs = FIRST_RETRY_MS;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
  ) {}

  async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_APPLICATION_NAME });
    client.on("notification", (message) => {
      if (message.channel === this.channel && message.payload !== undefined) {
        this.handlers.onNotification(message.payload);
      }
    });
    client.on("error", () => this.#drop(client));
    client.on("end", () => this.#drop(client));
    this.#client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.#closed) await this.close();
    } catch (err) {
      this.#drop(client);
      throw err;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  #drop(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    client.end().catch(() => {});
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      this.open().then(
        () => {
          this.#retryMs = FIRST_RETRY_MS;
          this.handlers.onReconnect();
        },
        // open() has already planned the next try.
        () => {},
      );
    }, this.#retryMs);
    this.#timer.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
  }
}
