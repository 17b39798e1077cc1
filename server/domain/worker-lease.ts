/**
 * A round that one instance at a time should run (the chain worker: docs/design.md §14). Each round first
 * takes or extends a lease row; another instance's unexpired lease means "not this time". The lease outlives
 * a few rounds, so a holder that died is replaced within a few intervals, and a stopping one lets go at once.
 */
import { randomUUID } from "node:crypto";
import { releaseLease, takeLease } from "../db/repos/worker-leases.repo.ts";
import type { Uses } from "./deps.ts";

export interface WorkerLease {
  /** True when this instance holds the lease for the next `ms`. */
  take(): Promise<boolean>;
  release(): Promise<void>;
}

export function workerLease(deps: Uses<"db" | "clock">, name: string, ms: number): WorkerLease {
  const holder = randomUUID();
  return {
    take() {
      const now = deps.clock();
      return takeLease(deps.db, { name, holder, now, until: new Date(now.getTime() + ms) });
    },
    release: () => releaseLease(deps.db, name, holder),
  };
}
