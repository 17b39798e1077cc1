/**
 * How a process stops (docs/decisions/030): from the moment it is told to, /api/ready answers 503 while every
 * request is still served, for the drain time, so a load balancer takes it out before it stops listening;
 * then open event streams end, in-flight requests finish and the app closes. All of it within SHUTDOWN_LIMIT_MS,
 * after which the process exits anyway.
 */
import type { FastifyInstance } from "fastify";

/** The whole stop, drain included: the drain setting is at most 5 s (server/settings.ts). */
export const SHUTDOWN_LIMIT_MS = 10_000;

export interface StopOptions {
  drainMs: number;
  /** Why (the signal), for the log. */
  reason: string;
  /** Called when the limit passes before everything has closed (server.ts exits the process). */
  onOverrun?: () => void;
  /** What else to close once the app has, inside the same limit (the database the process opened). */
  afterClose?: () => Promise<void>;
}

/** Marks the instance as draining at once, waits the drain time, then closes the app. */
export async function drainAndClose(app: FastifyInstance, options: StopOptions): Promise<void> {
  const { drainMs, reason } = options;
  app.ctx.lifecycle.draining = true;
  const overrun = setTimeout(() => options.onOverrun?.(), SHUTDOWN_LIMIT_MS);
  overrun.unref();
  // A keep-alive connection whose request finishes during the shutdown would otherwise stay open for the
  // keep-alive timeout; close each one as soon as it is idle.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    if (drainMs > 0) {
      app.log.info({ reason, drainMs }, "draining: /api/ready now answers 503, requests are still served");
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    app.log.info({ reason }, "shutting down: finishing in-flight requests");
    await app.close();
    await options.afterClose?.();
  } finally {
    clearInterval(closeIdle);
    clearTimeout(overrun);
  }
}
