/**
 * The boosters machine's types and words (docs/product.md, Rewards area). The specification's purchase texts
 * are kept word for word: `Insufficient points`, `Purchase successful!`, `Failed to process purchase`; the
 * description under each says what happened or what to do next.
 */
import type { Booster } from "#src/api/economy.ts";
import type { ApiError } from "#src/api/errors.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { BoosterChanged } from "#src/machines/live/live.types.ts";

/** A batch arriving this long after a booster ended is still credited at its factor (docs/api.md, Economy). */
export const BOOST_GRACE_MS = 30_000;

/** The running booster; `endsAt` in ms since the epoch. */
export type Active = { id: string; factor: number; endsAt: number };

export interface BoostersInput {
  /** The root actor: it hands the factor and the points a purchase leaves to the taps actor. */
  app: AppLink;
  now: () => number;
  newId: () => string;
}

export interface BoostersContext extends BoostersInput {
  catalogue: Booster[];
  active: Active | null;
  /** What is left of the running booster at the last tick, in ms. */
  remainingMs: number;
  /** The purchase in doubt or under way: its Idempotency-Key and the booster it is for. */
  attempt: { key: string; boosterId: string } | null;
  /** The booster being bought while `purchasing`. */
  buying: string | null;
}

export type BoostersEvent =
  | { type: "PURCHASE"; boosterId: string; points: number }
  | { type: "RETRY" }
  | BoosterChanged
  | { type: "STREAM.RESET" }
  /** Internal: the list no longer matches the server's (a refusal said so). */
  | { type: "CATALOGUE.STALE" }
  /** Internal: the running booster changed; the boost region settles on none, active or grace. */
  | { type: "BOOST.RECHECK" };

export type BoostersEmitted = {
  type: "toast";
  tone: "success" | "error";
  title: string;
  description?: string;
};

export const PURCHASE_SUCCESSFUL = "Purchase successful!";
export const INSUFFICIENT_POINTS = "Insufficient points";
export const PURCHASE_FAILED = "Failed to process purchase";

export const remainingOf = (context: Pick<BoostersContext, "active" | "now">) =>
  context.active ? context.active.endsAt - context.now() : 0;

const nameOf = (catalogue: Booster[], boosterId: string) =>
  catalogue.find((item) => item.id === boosterId)?.name ?? "Your booster";

export function purchaseSuccess(catalogue: Booster[], boosterId: string): BoostersEmitted {
  const booster = catalogue.find((item) => item.id === boosterId);
  return {
    type: "toast",
    tone: "success",
    title: PURCHASE_SUCCESSFUL,
    description: booster
      ? `${booster.name} is on: ×${booster.factor} points per tap for ${booster.minutes} minutes.`
      : "Your booster is on.",
  };
}

/** What a refused or failed purchase says; `error` null never happens in the chart but keeps this total. */
export function purchaseRefusal(catalogue: Booster[], boosterId: string, error: ApiError | null) {
  const booster = catalogue.find((item) => item.id === boosterId);
  const toast = (title: string, description: string): BoostersEmitted => ({
    type: "toast",
    tone: "error",
    title,
    description,
  });
  switch (error?.code) {
    case "INSUFFICIENT_POINTS":
      return toast(
        INSUFFICIENT_POINTS,
        `${nameOf(catalogue, boosterId)} costs ${booster?.pricePoints ?? 100} points. Keep tapping, then buy it.`,
      );
    case "BOOSTER_ACTIVE":
      return toast(PURCHASE_FAILED, "A booster is already running. Buy the next one when it ends.");
    default:
      return error?.status === 404
        ? toast(PURCHASE_FAILED, "This booster is no longer offered. The list has been refreshed.")
        : toast(PURCHASE_FAILED, "Check your connection and press Buy again: you will not be charged twice.");
  }
}
