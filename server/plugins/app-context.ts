/**
 * Composes `app.ctx`, the one handle routes and domain functions use (server/context.ts), from what the
 * resource plugins opened (database, mail, chain, live) and the instance's in-memory state. It owns the
 * background tasks (work started after an answer went out) and waits for them on close: registered after the
 * resource plugins, so their onClose hooks, which Fastify runs in the reverse order of registration, come
 * after this one and the tasks never find the mailer or the database closed. Wrapped with fastify-plugin so
 * `app.ctx` decorates the root, where every route can read it.
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { BackgroundTasks } from "../background.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import type { SessionCache } from "../domain/auth/session-cache.ts";
import { createSyncHints } from "../domain/taps/sync-hints.ts";
import type { AppMetrics } from "../metrics/app-metrics.ts";

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface AppContextOptions {
  config: Config;
  clock: Clock;
  sessions: SessionCache;
  metrics: AppMetrics;
}

const appContext: FastifyPluginAsync<AppContextOptions> = async (
  app,
  { config, clock, sessions, metrics },
) => {
  const { database, chain } = app;
  const background = new BackgroundTasks(app.log);
  const ctx: AppContext = {
    db: database.db,
    engine: database.engine,
    config,
    clock,
    mailer: app.mailer,
    background,
    log: app.log,
    chain: chain.gateway,
    wallet: chain.wallet,
    live: app.live,
    sessions,
    syncHints: createSyncHints(),
    lifecycle: { draining: false },
    metrics,
    chainProbe: chain.probe,
    ...(database.poolUse ? { poolUse: database.poolUse } : {}),
  };
  app.decorate("ctx", ctx);
  app.addHook("onClose", () => background.drain());
};

export const appContextPlugin = fp(appContext, {
  name: "app-context",
  fastify: "5.x",
  dependencies: ["database", "mail", "chain", "live"],
});
