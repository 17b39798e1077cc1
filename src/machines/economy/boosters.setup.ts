/**
 * The boosters machine's named implementations (docs/style.md: `setup()` names every actor, action, guard and
 * delay; the chart in boosters.machine.ts refers to them by name).
 */
import { assign, enqueueActions, fromPromise, raise, sendTo, setup } from "xstate";
import { roundToMicro } from "#contracts/micro.ts";
import type { ActiveBooster, BoosterPurchaseAnswer, BoostersAnswer } from "#src/api/economy.ts";
import type { ApiError } from "#src/api/errors.ts";
import type { BoosterChanged } from "#src/machines/live/live.types.ts";
import { attemptAfterFailure } from "#src/machines/shared/attempt-key.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import {
  type Active,
  BOOST_GRACE_MS,
  type BoostersContext,
  type BoostersEmitted,
  type BoostersEvent,
  type BoostersInput,
  purchaseRefusal,
  purchaseSuccess,
  remainingOf,
} from "./boosters.rules.ts";

const activeFromWire = (active: ActiveBooster | null): Active | null =>
  active && { id: active.id, factor: active.factor, endsAt: Date.parse(active.endsAt) };

export const boostersSetup = setup({
  types: {
    context: {} as BoostersContext,
    input: {} as BoostersInput,
    events: {} as BoostersEvent,
    emitted: {} as BoostersEmitted,
  },
  actors: {
    loadBoosters: fromPromise<BoostersAnswer>(notProvided("boosters machine", "loadBoosters")),
    purchaseBooster: fromPromise<BoosterPurchaseAnswer, { boosterId: string; idempotencyKey: string }>(
      notProvided("boosters machine", "purchaseBooster"),
    ),
  },
  guards: {
    enoughPoints: ({ context, event }) => {
      if (event.type !== "PURCHASE") return false;
      const booster = context.catalogue.find((item) => item.id === event.boosterId);
      return booster !== undefined && roundToMicro(event.points) >= roundToMicro(booster.pricePoints);
    },
    running: ({ context }) => context.active !== null && remainingOf(context) > 0,
    over: ({ context }) => context.active === null || remainingOf(context) <= 0,
    inGrace: ({ context }) =>
      context.active !== null && context.now() < context.active.endsAt + BOOST_GRACE_MS,
    /** A start of the booster an attempt in doubt was buying: that purchase went through. */
    confirmsAttempt: ({ context, event }) =>
      event.type === "BOOSTER.CHANGED" && event.active?.id === context.attempt?.boosterId,
  },
  actions: {
    takeList: assign((_, answer: BoostersAnswer) => ({
      catalogue: answer.catalogue,
      active: activeFromWire(answer.active),
    })),
    /** A pushed end keeps the booster until its grace is over: a batch on its way is still boosted. */
    takePush: assign(({ context }, active: BoosterChanged["active"]) => ({
      active:
        active ??
        (context.active && { ...context.active, endsAt: Math.min(context.active.endsAt, context.now()) }),
    })),
    recheckBoost: raise({ type: "BOOST.RECHECK" }),
    beginAttempt: assign(({ context, event }) => {
      const boosterId = event.type === "PURCHASE" ? event.boosterId : "";
      return {
        buying: boosterId,
        attempt:
          context.attempt?.boosterId === boosterId ? context.attempt : { key: context.newId(), boosterId },
      };
    }),
    endAttempt: assign({ attempt: null }),
    stopBuying: assign({ buying: null }),
    applyPurchase: enqueueActions(({ context, enqueue }, answer: BoosterPurchaseAnswer) => {
      enqueue.assign({ active: activeFromWire(answer.active) });
      enqueue.emit(purchaseSuccess(context.catalogue, answer.active.id));
      enqueue.sendTo(context.app, {
        type: "REWARDS.UPDATED",
        pointsMicro: roundToMicro(answer.points),
        ...(answer.totalTaps === undefined ? {} : { totalTaps: answer.totalTaps }),
      });
    }),
    announceConfirmed: enqueueActions(({ context, enqueue }) => {
      if (context.attempt) enqueue.emit(purchaseSuccess(context.catalogue, context.attempt.boosterId));
    }),
    refuse: enqueueActions(({ context, enqueue }, params: { boosterId: string; error: ApiError | null }) => {
      enqueue.emit(purchaseRefusal(context.catalogue, params.boosterId, params.error));
    }),
    /** Says why, keeps the key only while the outcome is unknown, and reads the list again if it is stale. */
    failPurchase: enqueueActions(({ context, enqueue }, error: ApiError) => {
      enqueue.emit(purchaseRefusal(context.catalogue, context.attempt?.boosterId ?? "", error));
      enqueue.assign({ attempt: attemptAfterFailure(context.attempt, error) });
      if (error.code === "BOOSTER_ACTIVE" || error.status === 404) enqueue.raise({ type: "CATALOGUE.STALE" });
    }),
    tick: assign({ remainingMs: ({ context }) => Math.max(0, remainingOf(context)) }),
    tellFactor: sendTo(
      ({ context }) => context.app,
      ({ context }) => ({ type: "BOOST.FACTOR" as const, factor: context.active?.factor ?? 1 }),
    ),
    tellNoFactor: sendTo(({ context }) => context.app, { type: "BOOST.FACTOR" as const, factor: 1 }),
    forgetBoost: assign({ active: null, remainingMs: 0 }),
  },
  delays: {
    /** The next whole second of the countdown (it shows whole seconds, rounded up). */
    TICK: ({ context }) => context.remainingMs % 1000 || 1000,
    GRACE: ({ context }) => Math.max(0, (context.active?.endsAt ?? 0) + BOOST_GRACE_MS - context.now()),
  },
});
