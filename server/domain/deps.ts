/**
 * What the running app lends the domain, one member per resource; the app context (server/context.ts) is
 * these plus the engine and the configuration. A domain function takes the part it uses,
 * `Uses<"db" | "clock">` and, for settings, `Settings<"publicUrl">`: its signature says what it touches, a test
 * builds only that, and a caller holding the whole app context passes it as it is. The domain never imports
 * the app context itself.
 */
import type { Kysely } from "kysely";
import type { BackgroundTasks } from "../background.ts";
import type { ChainGateway } from "../chain/gateway.ts";
import type { HdWallet } from "../chain/keys.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { PoolUse } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { AppMetrics } from "../metrics/app-metrics.ts";
import type { SessionCache } from "./auth/session-cache.ts";
import type { LiveHub } from "./live/live-hub.ts";
import type { ChainProbe } from "./operations/chain-probe.ts";
import type { SyncHints } from "./taps/sync-hints.ts";

export interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  /** Work that runs after the answer has gone out. */
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
  /** Players' rewards rows as this instance last saw them (docs/decisions/028). */
  syncHints: SyncHints;
  /** Set when the process has been told to stop. */
  lifecycle: { draining: boolean };
  /** This instance's Prometheus metrics (docs/decisions/030). */
  metrics: AppMetrics;
  /** Whether the chain gateway answers, probed at most every 30 s. */
  chainProbe: ChainProbe;
  /** The PostgreSQL pool's connections; undefined on PGlite, which has none. */
  poolUse?: () => PoolUse;
}

/** The members of Deps a function uses. */
export type Uses<K extends keyof Deps> = Pick<Deps, K>;

/** The settings a function reads, as `config.<name>`. */
export type Settings<K extends keyof Config> = { config: Pick<Config, K> };
