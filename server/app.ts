/**
 * Builds the whole HTTP application (fastify/demo style): server.ts only listens, tests call buildApp() and
 * use app.inject(). Resolves once the app is ready, so a mis-registered route fails here, at start-up.
 */
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from "fastify";
import { ErrorBody } from "#contracts/common.ts";
import { microFromNumber } from "#contracts/micro.ts";
import { BackgroundTasks } from "./background.ts";
import type { ChainGateway } from "./chain/gateway.ts";
import { type DevnetGateway, seedDevnetHotWallet } from "./chain/local/devnet-gateway.ts";
import { setUpChain } from "./chain/setup.ts";
import { startChainWorker } from "./chain/worker.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { dummyPasswordHash } from "./domain/auth/passwords.ts";
import { SessionCache } from "./domain/auth/session-cache.ts";
import { startBoardMarks } from "./domain/economy/board-marks.ts";
import { startBoosterSweep } from "./domain/economy/booster-sweep.ts";
import { seedDemoTreasury } from "./domain/ledger/demo-treasury.ts";
import { DEFAULT_LIVE_SETTINGS, LiveHub, type LiveHubSettings } from "./domain/live/live-hub.ts";
import { MAINTENANCE_INTERVAL_MS, runMaintenance } from "./domain/maintenance.ts";
import { createChainProbe } from "./domain/operations/chain-probe.ts";
import { startReconciliation } from "./domain/operations/reconcile-worker.ts";
import { createSyncHints } from "./domain/taps/sync-hints.ts";
import type { Mailer } from "./mail/mailer.ts";
import { createOutboxMailer } from "./mail/outbox-mailer.ts";
import { createSmtpMailer } from "./mail/smtp-mailer.ts";
import { createAppMetrics } from "./metrics/app-metrics.ts";
import { type PeriodicJob, startPeriodic } from "./periodic.ts";
import { installClientAddressCheck } from "./plugins/client-address.ts";
import { answerMalformedRequest, installErrorHandler } from "./plugins/errors.ts";
import { installHttpMetrics } from "./plugins/http-metrics.ts";
import { installOpenApi } from "./plugins/openapi.ts";
import { generateRequestId, installRequestIdHeader } from "./plugins/request-id.ts";
import { installCors, installSecurityHeaders, installTransportHeaders } from "./plugins/security.ts";
import { installSpa } from "./plugins/spa.ts";
import { adminMetricsBody, registerAdminRoutes } from "./routes/admin.routes.ts";
import { registerAuthRoutes } from "./routes/auth.routes.ts";
import { registerDevnetRoutes } from "./routes/devnet.routes.ts";
import { registerEventsRoutes } from "./routes/events.routes.ts";
import { registerOperationsRoutes } from "./routes/operations.routes.ts";
import { installRouteGuard, type RegisteredRoute } from "./routes/register-endpoint.ts";
import { registerRewardsRoutes } from "./routes/rewards.routes.ts";
import { registerUserRoutes } from "./routes/user.routes.ts";
import { registerWalletRoutes } from "./routes/wallet.routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every /api route with its policy (the authorization tests walk this list). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

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
   * reconciliation, maintenance) on their timers;
   * the server does, tests drive rounds themselves.
   */
  chainWorker?: boolean;
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

  const ownsDatabase = options.db === undefined;
  const handle = options.db ?? (await openDatabase(config));
  try {
    if (ownsDatabase) await migrateToLatest(handle.db);
    const clock = options.clock ?? systemClock;
    const smtpMailer = config.smtpUrl
      ? createSmtpMailer(handle.db, clock, { smtpUrl: config.smtpUrl, from: config.mailFrom })
      : null;
    const chain = await setUpChain({ config, db: handle.db, clock, log: app.log });
    const sessions = new SessionCache();
    const metrics = createAppMetrics();
    const chainGateway = options.chain ?? chain.gateway;
    const ctx: AppContext = {
      db: handle.db,
      engine: handle.engine,
      config,
      clock,
      mailer: options.mailer ?? smtpMailer ?? createOutboxMailer(handle.db, clock, app.log),
      background: new BackgroundTasks(app.log),
      log: app.log,
      chain: chainGateway,
      wallet: chain.wallet,
      sessions,
      syncHints: createSyncHints(),
      live: new LiveHub(
        {
          db: handle.db,
          clock,
          log: app.log,
          listen: handle.listen,
          adminMetrics: () => adminMetricsBody(ctx),
          // Another instance ended a user's sessions, or this one may have missed such news.
          sessionsEnded: (userId) => (userId === null ? sessions.clear() : sessions.forgetUser(userId)),
          delivered: (latencyMs) => metrics.eventDelivery.observe(latencyMs / 1000),
        },
        { ...DEFAULT_LIVE_SETTINGS, ...options.live },
      ),
      lifecycle: { draining: false },
      metrics,
      chainProbe: createChainProbe({ chain: chainGateway, wallet: chain.wallet, log: app.log }),
      ...(handle.poolUse ? { poolUse: handle.poolUse } : {}),
    };
    await ctx.live.start();
    // Open streams never finish on their own: end them first, so closing does not wait for them.
    app.addHook("preClose", async () => ctx.live.endAll());
    const registeredRoutes: RegisteredRoute[] = [];
    app.decorate("ctx", ctx);
    app.decorate("registeredRoutes", registeredRoutes);
    app.decorateRequest("auth", null);

    installRouteGuard(app, registeredRoutes);
    installRequestIdHeader(app);
    installHttpMetrics(app, metrics);
    if (config.trustProxy !== false) installClientAddressCheck(app, metrics);
    installErrorHandler(app);
    installCors(app, config.corsOrigins);
    await installSecurityHeaders(app, { telegram: config.telegramBotToken !== null });
    installTransportHeaders(app);
    await installOpenApi(app);
    app.addSchema(ErrorBody);

    registerOperationsRoutes(app);
    registerAuthRoutes(app);
    registerUserRoutes(app);
    registerWalletRoutes(app);
    registerAdminRoutes(app);
    registerEventsRoutes(app);
    registerRewardsRoutes(app);
    if (config.chain === "local" && ctx.chain.kind === "local") {
      const devnet = ctx.chain as DevnetGateway;
      if (devnetRoutesAllowed(config)) registerDevnetRoutes(app);
      const demoMicro = microFromNumber(config.demoTreasuryUsdt) ?? 0;
      await seedDemoTreasury(handle.db, demoMicro, clock());
      await seedDevnetHotWallet(devnet, demoMicro);
    }
    for (const plugin of options.plugins ?? []) await app.register(plugin);
    await installSpa(app, options.distDir ?? DEFAULT_DIST_DIR);

    // Computed once up front so the first unknown-email login is not slower than the rest.
    app.addHook("onReady", async () => {
      await dummyPasswordHash();
    });
    const jobs: PeriodicJob[] = [];
    if (options.chainWorker) {
      app.addHook("onReady", async () => {
        jobs.push(startChainWorker(ctx));
        jobs.push(startBoosterSweep(ctx));
        jobs.push(startBoardMarks(ctx));
        if (config.reconcileIntervalMs > 0) jobs.push(startReconciliation(ctx));
        jobs.push(
          startPeriodic(
            "maintenance",
            MAINTENANCE_INTERVAL_MS,
            () => runMaintenance(ctx).then(() => {}),
            ctx.log,
          ),
        );
      });
    }
    // In-flight requests have finished by now; wait for their after-answer work, then let go of the rest.
    app.addHook("onClose", async () => {
      for (const job of jobs) await job.stop();
      await ctx.background.drain();
      await ctx.live.stop();
      smtpMailer?.close();
      if (ownsDatabase) await handle.close();
    });
    await app.ready();
    return app;
  } catch (err) {
    await app.close().catch(() => {});
    if (ownsDatabase) await handle.close().catch(() => {});
    throw err;
  }
}
