/**
 * Readiness (GET /api/ready; docs/decisions/030): may a load balancer send this instance requests? Not from
 * the moment it was told to stop (it keeps serving what arrives while the balancer notices), and not while
 * its database does not answer. The chain is reported but does not take the instance out: every instance
 * shares the same TronGrid, so an outage there would take them all out for nothing, while taps, the wallet's
 * figures and the back office still work; the chain_up metric and its alert tell the operator instead.
 */
import { pingDatabase } from "../../db/read-models/operations.read-model.ts";
import { AppError } from "../../errors.ts";
import type { Uses } from "../deps.ts";
import { type ChainStatus, withTimeout } from "./chain-probe.ts";

/**
 * Inside the load balancer's check time-out (`timeout check 1500ms` in scripts/lib/haproxy.mjs); long enough
 * that a busy database, which every instance shares, does not take instances out one by one.
 */
export const DATABASE_PING_TIMEOUT_MS = 1_000;

export const draining = () =>
  new AppError("DRAINING", "This instance is shutting down. Send requests to another one.");

export interface Readiness {
  status: "ready";
  db: "ok";
  chain: ChainStatus | "unknown";
}

export async function checkReadiness(
  deps: Uses<"db" | "log" | "lifecycle" | "chainProbe">,
): Promise<Readiness> {
  if (deps.lifecycle.draining) throw draining();
  try {
    await withTimeout(pingDatabase(deps.db), DATABASE_PING_TIMEOUT_MS, "the database");
  } catch (err) {
    deps.log.warn({ err }, "readiness: the database did not answer");
    throw new AppError("DATABASE_UNAVAILABLE", "This instance cannot reach its database.");
  }
  // The stop may have begun while the database answered.
  if (deps.lifecycle.draining) throw draining();
  return { status: "ready", db: "ok", chain: deps.chainProbe.current() };
}
