/**
 * What domain functions need from the running app, passed explicitly (no globals) so tests can build one
 * with a fake clock or mailer. server/plugins/app-context.ts composes it from what each plugin opened.
 */
import type { Kysely } from "kysely";
import type { BackgroundTasks } from "./background.ts";
import type { ChainGateway } from "./chain/gateway.ts";
import type { HdWallet } from "./chain/keys.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { DatabaseEngine, PoolUse } from "./db/database.ts";
import type { Database } from "./db/schema.ts";
import type { SessionCache } from "./domain/auth/session-cache.ts";
import type { LiveHub } from "./domain/live/live-hub.ts";
import type { ChainProbe } from "./domain/operations/chain-probe.ts";
import type { SyncHints } from "./domain/taps/sync-hints.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { AppMetrics } from "./metrics/app-metrics.ts";

export interface AppContext {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  background: BackgroundTasks;
  log: Logger;
  /** The chain the wallet lives on (local devnet or TRON). */
  chain: ChainGateway;
  /** The platform's HD wallet: deposit addresses and the hot wallet. */
  wallet: HdWallet;
  /** This instance's open live streams (docs/decisions/017). */
  live: LiveHub;
  /** Access tokens this instance checked lately (docs/decisions/027). */
  sessions: SessionCache;
  /** Players' rewards rows as this instance last saw them, by user id: hints for the next tap sync (decision 028). */
  syncHints: SyncHints;
  /** Set when the process has been told to stop: /api/ready fails so a load balancer drains it. */
  lifecycle: { draining: boolean };
  /** This instance's Prometheus metrics (docs/decisions/030). */
  metrics: AppMetrics;
  /** Whether the chain gateway answers, probed at most every 30 s (readiness and metrics). */
  chainProbe: ChainProbe;
  /** The PostgreSQL pool's connections; undefined on PGlite, which has none. */
  poolUse?: () => PoolUse;
}
