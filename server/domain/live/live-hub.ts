/**
 * This instance's open live streams (docs/design.md §10, docs/decisions/017). It listens on the one channel
 * every commit with live events notifies (`stream:seq`, nothing more) and lets the feed of that stream catch
 * its subscriptions up from the log, with one read for all of them (docs/decisions/035). After the listening
 * connection was lost, every feed catches up, so a notification lost meanwhile loses nothing; a sweep of the
 * followed streams' heads also catches up what was committed but never announced (a process that died between
 * its commit and its NOTIFY). A user holds at most `maxStreamsPerUser` streams here: one more ends the oldest.
 */
import type { Kysely } from "kysely";
import type { Clock } from "../../clock.ts";
import type { Listen, NotificationListener } from "../../db/notifications.ts";
import {
  LIVE_CHANNEL,
  liveEventKept,
  liveStreamHeads,
  SESSIONS_ENDED,
} from "../../db/repos/live-events.repo.ts";
import type { Database } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { AdminMetricsFeed } from "./admin-metrics-feed.ts";
import { type LiveSink, LiveSubscription, type LiveViewer } from "./live-subscription.ts";
import { ADMINS_STREAM } from "./live-transaction.ts";
import { StreamFeed } from "./stream-feed.ts";
import { decodePosition } from "./stream-position.ts";

export interface LiveHubSettings {
  /** Comment lines keep proxies and browsers from closing an idle stream (at most 25 s apart). */
  pingIntervalMs: number;
  /** A client this far behind is dropped; it resumes by id (docs/decisions/017). */
  maxBufferedBytes: number;
  /** admin.metrics goes out at most this often. */
  metricsIntervalMs: number;
  /** How often the heads of followed streams are read, for commits whose announcement was lost. */
  sweepIntervalMs: number;
  /**
   * Open streams one user may hold on this instance; one more ends the oldest. A browser holds one per user
   * (its tabs share it), so more are devices, or a script (docs/decisions/035).
   */
  maxStreamsPerUser: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveHubSettings = {
  pingIntervalMs: 20_000,
  maxBufferedBytes: 256 * 1024,
  metricsIntervalMs: 1_000,
  sweepIntervalMs: 5_000,
  maxStreamsPerUser: 8,
};

/** Streams whose heads one sweep query reads. */
const SWEEP_BATCH = 1_000;

export interface LiveHubDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  listen: Listen;
  /** The body of GET /admin/metrics. */
  adminMetrics: () => Promise<unknown>;
  /** A user's sessions ended (announced by any instance), or null: news may have been missed, forget all. */
  sessionsEnded?: (userId: string | null) => void;
  /** A live event's frame was written, this long after its commit (events replayed on resume are not told). */
  delivered?: (latencyMs: number) => void;
}

export class LiveHub {
  readonly #feeds = new Map<string, StreamFeed>();
  readonly #metrics: AdminMetricsFeed;
  #listener: NotificationListener | null = null;
  #closing = false;
  #sweepTimer: NodeJS.Timeout | undefined;
  #sweeping = false;

  constructor(
    private readonly deps: LiveHubDeps,
    readonly settings: LiveHubSettings = DEFAULT_LIVE_SETTINGS,
  ) {
    this.#metrics = new AdminMetricsFeed(
      deps.adminMetrics,
      () => this.#feeds.get(ADMINS_STREAM)?.subscriptions ?? [],
      deps.log,
      settings.metricsIntervalMs,
    );
  }

  async start(): Promise<void> {
    this.#listener = await this.deps.listen(LIVE_CHANNEL, {
      onNotification: (payload) => this.#announced(payload),
      onReconnect: () => {
        this.deps.sessionsEnded?.(null);
        this.#catchUpAll();
      },
    });
    this.#sweepTimer = setInterval(() => void this.#sweep(), this.settings.sweepIntervalMs);
    this.#sweepTimer.unref();
  }

  /** How many streams this instance holds. */
  get openStreams(): number {
    return new Set([...this.#feeds.values()].flatMap((feed) => feed.subscriptions)).size;
  }

  /**
   * Opens a stream for the viewer: from the resumed position when it is still in the log (every later event,
   * once, in order), else from now, after a `reset` frame; without one, from now.
   */
  async open(viewer: LiveViewer, resumeFrom: string | null, sink: LiveSink): Promise<LiveSubscription> {
    const streams = viewer.isAdmin ? [viewer.userId, ADMINS_STREAM] : [viewer.userId];
    const heads = await liveStreamHeads(this.deps.db, streams);
    const resumed = resumeFrom === null ? null : await this.#resumable(streams, heads, resumeFrom);
    const { clock, delivered } = this.deps;
    const openedAt = clock().getTime();
    const subscription = new LiveSubscription(
      viewer,
      resumed ?? heads,
      sink,
      (ended) => this.#forget(ended),
      // Only events committed while the stream was open: a resume's backlog says nothing about latency.
      (event) => {
        const committedAt = event.createdAt.getTime();
        if (delivered && committedAt >= openedAt) delivered(Math.max(0, clock().getTime() - committedAt));
      },
    );
    if (this.#closing) {
      subscription.end();
      return subscription;
    }
    this.#makeRoomFor(viewer.userId);
    const feeds = streams.map((stream) => this.#feedOf(stream));
    for (const feed of feeds) feed.add(subscription);
    if (resumeFrom !== null && resumed === null)
      subscription.send({ id: subscription.id, type: "reset", data: {} });
    try {
      if (viewer.isAdmin) await this.#metrics.greet(subscription);
      for (const feed of feeds) await feed.catchUp();
    } catch (err) {
      subscription.end();
      throw err;
    }
    return subscription;
  }

  /** Ends every open stream (graceful shutdown: clients resume from their last id on another instance). */
  endAll(): void {
    this.#closing = true;
    for (const feed of [...this.#feeds.values()]) {
      for (const subscription of feed.subscriptions) subscription.end();
    }
  }

  async stop(): Promise<void> {
    this.endAll();
    clearInterval(this.#sweepTimer);
    this.#metrics.stop();
    await this.#listener?.close();
    this.#listener = null;
  }

  /** The positions to resume from, or null when some of what came after them is gone (or never existed). */
  async #resumable(
    streams: string[],
    heads: Map<string, number>,
    resumeFrom: string,
  ): Promise<Map<string, number> | null> {
    const positions = decodePosition(resumeFrom, streams.length);
    if (!positions) return null;
    const resumed = new Map<string, number>();
    for (const [index, stream] of streams.entries()) {
      const position = positions[index] ?? 0;
      const head = heads.get(stream) ?? 0;
      if (position > head) return null;
      if (position < head && !(await liveEventKept(this.deps.db, stream, position + 1))) return null;
      resumed.set(stream, position);
    }
    return resumed;
  }

  #announced(payload: string): void {
    if (payload.startsWith(SESSIONS_ENDED)) {
      this.deps.sessionsEnded?.(payload.slice(SESSIONS_ENDED.length));
      return;
    }
    const colon = payload.lastIndexOf(":");
    this.#reached(payload.slice(0, colon), Number(payload.slice(colon + 1)));
    this.#metrics.changed();
  }

  /** The stream now ends at `seq`: if any follower is behind, one read catches them all up. */
  #reached(stream: string, seq: number): void {
    const feed = this.#feeds.get(stream);
    if (feed?.awaits(seq)) void feed.catchUp();
  }

  async #sweep(): Promise<void> {
    if (this.#sweeping) return;
    this.#sweeping = true;
    try {
      const streams = [...this.#feeds.keys()];
      for (let start = 0; start < streams.length; start += SWEEP_BATCH) {
        const heads = await liveStreamHeads(this.deps.db, streams.slice(start, start + SWEEP_BATCH));
        for (const [stream, head] of heads) this.#reached(stream, head);
      }
    } catch (err) {
      this.deps.log.warn({ err }, "live stream sweep failed; trying again next time");
    } finally {
      this.#sweeping = false;
    }
  }

  #catchUpAll(): void {
    for (const feed of this.#feeds.values()) void feed.catchUp();
    this.#metrics.changed();
  }

  #feedOf(stream: string): StreamFeed {
    let feed = this.#feeds.get(stream);
    if (!feed) {
      feed = new StreamFeed(stream, this.deps.db, this.deps.log);
      this.#feeds.set(stream, feed);
    }
    return feed;
  }

  /** Ends the user's oldest streams here until one more fits (every stream of a user follows their own). */
  #makeRoomFor(userId: string): void {
    const own = this.#feeds.get(userId);
    if (!own) return;
    for (const oldest of own.subscriptions) {
      if (own.size < this.settings.maxStreamsPerUser) return;
      oldest.end();
    }
  }

  #forget(subscription: LiveSubscription): void {
    for (const stream of subscription.streams) {
      const feed = this.#feeds.get(stream);
      feed?.delete(subscription);
      if (feed?.size === 0) this.#feeds.delete(stream);
    }
  }
}
