/**
 * Boosters, the specification's "purchase item" (docs/api.md, Economy; docs/decisions/019): bought with
 * points, one at a time, each multiplies what tap batches earn for a while. The booster in force lives on the
 * user's rewards row (factor and end), written with the purchase under the row's lock, so the tap sync reads
 * it with the row it locks anyway. A batch arriving while the booster runs, or at most the grace after it
 * ended (the browser's longest wait before sending taps), is credited at multiplier × factor.
 */
import { randomUUID } from "node:crypto";
import { MICRO_PER_UNIT } from "#contracts/micro.ts";
import type { EconomyConfig } from "../../config.ts";
import { findActiveBooster, insertBoosterPurchase, startBooster } from "../../db/repos/boosters.repo.ts";
import { insertPointsMovement } from "../../db/repos/rewards.repo.ts";
import type { Settings, Uses } from "../deps.ts";
import { refuseIfFrozen } from "../fair-play/money-gate.ts";
import { runIdempotent } from "../idempotency.ts";
import type { LiveTransactionDeps } from "../live/live-transaction.ts";
import { boosterChanged, pointsChanged } from "../live/screen-events.ts";
import { lockRewardsAccount } from "../taps/rewards-account.ts";
import { boosterActive, insufficientPoints, unknownBooster } from "./errors.ts";

export interface BoosterOffer {
  id: string;
  name: string;
  factor: number;
  minutes: number;
  pricePoints: number;
}

/** The catalogue. The factors are not settings: the ids name them (`turbo-2x` is ×2). */
export function boosterCatalogue(config: EconomyConfig["boosters"]): BoosterOffer[] {
  return [
    { id: "turbo-2x", name: "Turbo ×2", factor: 2, ...config.turbo2x },
    { id: "turbo-3x", name: "Turbo ×3", factor: 3, ...config.turbo3x },
  ];
}

/**
 * The factor a tap batch arriving `now` is credited at: the booster's while it runs and for `graceMs` after
 * its end (inclusive: a batch exactly 30 s late still counts), else 1.
 */
export function boostFactorAt(
  booster: { boosterFactor: number; boosterEndsAt: Date | null },
  now: Date,
  graceMs: number,
): number {
  if (booster.boosterEndsAt === null) return 1;
  return now.getTime() <= booster.boosterEndsAt.getTime() + graceMs ? booster.boosterFactor : 1;
}

/** JSON-safe (a replayed Idempotency-Key answers the stored copy): `endsAt` is an ISO string. */
export interface ActiveBooster {
  id: string;
  factor: number;
  endsAt: string;
}

export async function boostersOf(
  deps: Uses<"db" | "clock"> & Settings<"economy">,
  userId: string,
): Promise<{ catalogue: BoosterOffer[]; active: ActiveBooster | null }> {
  const active = await findActiveBooster(deps.db, userId, deps.clock());
  return {
    catalogue: boosterCatalogue(deps.config.economy.boosters),
    active: active
      ? { id: active.boosterId, factor: active.factor, endsAt: active.endsAt.toISOString() }
      : null,
  };
}

export interface BoosterPurchaseResult {
  active: ActiveBooster;
  pointsMicro: number;
  totalTaps: number;
}

/**
 * Checks in this order: the id (404), a booster still running (409 BOOSTER_ACTIVE: nothing to buy while one
 * runs, whatever the points), then the points (409 INSUFFICIENT_POINTS). The price leaves the points as a
 * movement keyed by the purchase.
 */
export function purchaseBooster(
  deps: LiveTransactionDeps & Settings<"economy">,
  request: { userId: string; idempotencyKey: string; boosterId: string },
): Promise<BoosterPurchaseResult> {
  const { userId, boosterId } = request;
  return runIdempotent(
    deps,
    { callerId: userId, key: request.idempotencyKey, scope: "booster-purchase", body: { boosterId } },
    async (trx) => {
      const offer = boosterCatalogue(deps.config.economy.boosters).find((o) => o.id === boosterId);
      if (!offer) throw unknownBooster();
      const now = deps.clock();
      // A frozen or banned account moves nothing (docs/fair-play.md); the standing before the rewards row.
      await refuseIfFrozen(trx, userId);
      const rewards = await lockRewardsAccount(trx, userId, now);
      if (rewards.boosterEndsAt !== null && rewards.boosterEndsAt.getTime() > now.getTime())
        throw boosterActive();
      const priceMicro = offer.pricePoints * MICRO_PER_UNIT;
      if (rewards.pointsMicro < priceMicro) throw insufficientPoints();

      const purchaseId = randomUUID();
      const endsAt = new Date(now.getTime() + offer.minutes * 60_000);
      const pointsMicro = rewards.pointsMicro - priceMicro;
      await insertBoosterPurchase(trx, {
        id: purchaseId,
        userId,
        boosterId: offer.id,
        factor: offer.factor,
        priceMicro,
        startsAt: now,
        endsAt,
      });
      await startBooster(trx, userId, { purchaseId, factor: offer.factor, endsAt, pointsMicro });
      await insertPointsMovement(trx, {
        userId,
        deltaMicro: -priceMicro,
        kind: "booster",
        idempotencyKey: `booster:${purchaseId}`,
        at: now,
      });
      const active = { id: offer.id, factor: offer.factor, endsAt: endsAt.toISOString() };
      pointsChanged(trx, userId, {
        pointsMicro,
        totalTaps: rewards.totalTaps,
        multiplierMicro: rewards.multiplierMicro,
      });
      boosterChanged(trx, userId, active);
      return { active, pointsMicro, totalTaps: rewards.totalTaps };
    },
  );
}
