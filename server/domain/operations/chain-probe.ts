/**
 * Whether the chain gateway answers, asked at most every PROBE_INTERVAL_MS per instance: a load balancer
 * checks readiness every half second, and on TRON each probe is a TronGrid call with a rate limit. Callers
 * that arrive while a probe runs share it. The probe asks for the hot wallet's USDT balance, which every
 * withdrawal depends on.
 */
import { HOT_WALLET_INDEX } from "../../chain/keys.ts";
import type { Uses } from "../deps.ts";

export const PROBE_INTERVAL_MS = 30_000;
export const PROBE_TIMEOUT_MS = 3_000;

export type ChainStatus = "ok" | "unavailable";

export interface ChainProbe {
  /**
   * The last probe's answer without waiting ("unknown" before the first one ends); starts a new probe when
   * that one is stale. Readiness uses this: a load balancer's check must not wait on TronGrid.
   */
  current(): ChainStatus | "unknown";
  /** A probe's answer no older than PROBE_INTERVAL_MS, waiting for one if needed (the metrics scrape). */
  fresh(): Promise<ChainStatus>;
}

export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createChainProbe(deps: Uses<"chain" | "wallet" | "log">): ChainProbe {
  let last: { at: number; status: ChainStatus } | null = null;
  let running: Promise<ChainStatus> | null = null;
  const probe = async (): Promise<ChainStatus> => {
    try {
      await withTimeout(
        deps.chain.tokenBalanceMicro(deps.wallet.addressAt(HOT_WALLET_INDEX)),
        PROBE_TIMEOUT_MS,
        "the chain gateway",
      );
      return "ok";
    } catch (err) {
      deps.log.warn({ err }, "chain probe failed");
      return "unavailable";
    }
  };
  // Wall time on purpose: a test's frozen clock must not freeze the cache.
  const stale = () => last === null || Date.now() - last.at >= PROBE_INTERVAL_MS;
  const start = () => {
    running ??= probe().then((status) => {
      last = { at: Date.now(), status };
      running = null;
      return status;
    });
    return running;
  };
  return {
    current() {
      if (stale()) void start();
      return last?.status ?? "unknown";
    },
    async fresh() {
      if (!stale() && last) return last.status;
      return start();
    },
  };
}
