/**
 * Builds the whole HTTP application (fastify/demo style): server.ts only listens, tests call buildApp() and
 * use app.inject(). Resolves once the app is ready, so a mis-registered route fails here, at start-up.
 *
 * The app is a list of plugins (server/plugins/, docs/architecture.md), each owning what it opens and closing
 * it on onClose. Fastify runs onClose hooks in the reverse order of registration, so the order below is also
 * the shutdown's, backwards: open streams end first (preClose), then the jobs stop, the background tasks
 * finish, the live hub stops listening, the mailer closes, and the database, registered first, closes last.
 * A start-up failure closes whatever had been opened by then the same way.
 */
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from "fastify";
import type { ChainGateway } from "./chain/gateway.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { SessionCache } from "./domain/auth/session-cache.ts";
import type { LiveHubSettings } from "./domain/live/live-hub.ts";
import type { Mailer } from "./mail/mailer.ts";
import { createAppMetrics } from "./metrics/app-metrics.ts";
import { appContextPlugin } from "./plugins/app-context.ts";
import { authPlugin } from "./plugins/auth.ts";
import { chainPlugin } from "./plugins/chain.ts";
import { databasePlugin } from "./plugins/db.ts";
import { answerMalformedRequest } from "./plugins/errors.ts";
import { httpPlugin } from "./plugins/http.ts";
import { jobsPlugin } from "./plugins/jobs.ts";
import { livePlugin } from "./plugins/live.ts";
import { mailPlugin } from "./plugins/mail.ts";
import { generateRequestId } from "./plugins/request-id.ts";
import { installSpa } from "./plugins/spa.ts";
import { adminMetricsBody, registerAdminRoutes } from "./routes/admin.routes.ts";
import { registerAuthRoutes } from "./routes/auth.routes.ts";
import { registerDevnetRoutes } from "./routes/devnet.routes.ts";
import { registerEventsRoutes } from "./routes/events.routes.ts";
import { registerFairPlayRoutes } from "./routes/fair-play.routes.ts";
import { registerHeldWithdrawalRoutes } from "./routes/held-withdrawals.routes.ts";
import { registerOperationsRoutes } from "./routes/operations.routes.ts";
import { registerRewardsRoutes } from "./routes/rewards.routes.ts";
import { registerUserRoutes } from "./routes/user.routes.ts";
import { registerWalletRoutes } from "./routes/wallet.routes.ts";

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database; the caller closes it. Without one the app opens (and closes) its own. */
  db?: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
  /** Where the built SPA lives (default: dist/ at the project root). */
  distDir?: string;
  /** Replaces the chain gateway the configuration asks for (tests: TRON against a fake TronGrid). */
  chain?: ChainGateway;
  /**
   * Runs the background jobs (deposit watcher, withdrawal worker, booster sweep, leaderboard marks,
   * reconciliation, maintenance: server/plugins/jobs.ts) on their timers;
   * the server does, tests drive rounds themselves.
   */
  runBackgroundJobs?: boolean;
  /** Extra plugins registered after the API routes (tests use it to add routes). */
  plugins?: FastifyPluginAsync[];
  /** Timings and limits of the live streams (tests shorten the ping interval). */
  live?: Partial<LiveHubSettings>;
}

export const BODY_LIMIT_BYTES = 16 * 1024;
const DEFAULT_DIST_DIR = fileURLToPath(new URL("../dist", import.meta.url));

/**
 * Which X-Forwarded-For hops request.ip may come from (docs/decisions/036). `true` is one proxy in front, not
 * Fastify's "trust every hop", which makes the left-most value, the one any client writes, the address. A hop
 * count trusts that many proxies (Fastify 5 ignores a plain number); a list trusts the proxies it names.
 */
function trustProxyOption(value: Config["trustProxy"]) {
  const hops = value === true ? 1 : value;
  return typeof hops === "number" ? (_address: string, hop: number) => hop < hops : hops;
}

/**
 * The devnet's test tools exist only on a local trial: never in production, and never behind a reverse proxy
 * (TRUST_PROXY set), where the proxy's loopback address would make every visitor look local.
 */
export const devnetRoutesAllowed = (config: Config) =>
  config.chain === "local" && !config.production && config.trustProxy === false;

/** The API itself: each area's routes, registered from their contracts on the root (server/routes/). */
function registerApiRoutes(app: FastifyInstance): void {
  registerOperationsRoutes(app);
  registerAuthRoutes(app);
  registerUserRoutes(app);
  registerWalletRoutes(app);
  registerAdminRoutes(app);
  registerEventsRoutes(app);
  registerRewardsRoutes(app);
  registerFairPlayRoutes(app);
  registerHeldWithdrawalRoutes(app);
  const { config, chain } = app.ctx;
  if (config.chain === "local" && chain.kind === "local" && devnetRoutesAllowed(config)) {
    registerDevnetRoutes(app);
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: generateRequestId,
    requestIdHeader: false,
    clientErrorHandler: answerMalformedRequest,
    // No coercion ("1e3" is not 1000), no silent dropping of unknown fields, first error only.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  const clock = options.clock ?? systemClock;
  // In-memory state the live hub and the routes share; nothing to close.
  const sessions = new SessionCache();
  const metrics = createAppMetrics();
  try {
    await app.register(databasePlugin, { config, given: options.db });
    await app.register(chainPlugin, { config, clock, given: options.chain });
    await app.register(mailPlugin, { config, clock, given: options.mailer });
    await app.register(livePlugin, {
      clock,
      settings: options.live,
      sessions,
      metrics,
      adminMetrics: () => adminMetricsBody(app.ctx),
    });
    await app.register(appContextPlugin, { config, clock, sessions, metrics });
    await app.register(authPlugin);
    await app.register(httpPlugin);
    registerApiRoutes(app);
    for (const plugin of options.plugins ?? []) await app.register(plugin);
    await installSpa(app, options.distDir ?? DEFAULT_DIST_DIR);
    await app.register(jobsPlugin, { runBackgroundJobs: options.runBackgroundJobs === true });
    await app.ready();
    return app;
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }
}
