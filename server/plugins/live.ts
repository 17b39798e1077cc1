/**
 * The live hub (docs/decisions/017): this instance's open event streams and its LISTEN on the database.
 * Started here; on close its streams end first (preClose, so closing does not wait for streams that never
 * finish on their own), then it stops listening (onClose). Wrapped with fastify-plugin so `app.live` decorates
 * the root for the app context.
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Clock } from "../clock.ts";
import type { SessionCache } from "../domain/auth/session-cache.ts";
import { DEFAULT_LIVE_SETTINGS, LiveHub, type LiveHubSettings } from "../domain/live/live-hub.ts";
import type { AppMetrics } from "../metrics/app-metrics.ts";

declare module "fastify" {
  interface FastifyInstance {
    live: LiveHub;
  }
}

export interface LiveOptions {
  clock: Clock;
  /** Timings and limits of the streams (tests shorten the ping interval). */
  settings?: Partial<LiveHubSettings>;
  /** The access tokens this instance checked lately: forgotten when another instance ends sessions. */
  sessions: SessionCache;
  metrics: AppMetrics;
  /** The body of GET /admin/metrics, pushed to admins' streams. */
  adminMetrics: () => Promise<unknown>;
}

const live: FastifyPluginAsync<LiveOptions> = async (app, options) => {
  const { sessions, metrics } = options;
  const { db, listen } = app.database;
  const hub = new LiveHub(
    {
      db,
      clock: options.clock,
      log: app.log,
      listen,
      adminMetrics: options.adminMetrics,
      // Another instance ended a user's sessions, or this one may have missed such news.
      sessionsEnded: (userId) => (userId === null ? sessions.clear() : sessions.forgetUser(userId)),
      delivered: (latencyMs) => metrics.eventDelivery.observe(latencyMs / 1000),
    },
    { ...DEFAULT_LIVE_SETTINGS, ...options.settings },
  );
  await hub.start();
  app.addHook("preClose", async () => hub.endAll());
  app.addHook("onClose", () => hub.stop());
  app.decorate("live", hub);
};

export const livePlugin = fp(live, { name: "live", fastify: "5.x", dependencies: ["database"] });
