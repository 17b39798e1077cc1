/**
 * Boosters, the product's "purchase item" (docs/product.md, Rewards area; docs/decisions/020). App-lifetime:
 * one per signed-in user, a child of the root actor (`system.get("boosters")`), because the tap screen and the
 * Rewards page both show the running booster and a push must reach it wherever the user is.
 * Regions (parallel):
 * - catalogue: loading → ready | failed (RETRY); STREAM.RESET and a refusal that says our list is stale
 *   (BOOSTER_ACTIVE, 404) read it again.
 * - purchase: idle ⇄ purchasing. A purchase needs the booster's price in points (100): below it the machine
 *   says `Insufficient points` without calling the server. The Idempotency-Key stays with the booster until
 *   the server answered definitively (src/machines/shared/attempt-key.ts); a pushed start of that very
 *   booster settles an attempt in doubt.
 * - boost: none | active.counting (an `after` tick at each whole second of the countdown) → grace → none.
 *   Grace is the 30 s after the end in which a batch that arrives is still credited at the factor
 *   (docs/api.md, Economy), so pending taps keep counting at it until then.
 * The factor that applies to a batch sent now goes to the taps actor through the root (BOOST.FACTOR); the
 * points a purchase leaves go there as REWARDS.UPDATED.
 */

import type { Booster } from "#src/api/economy.ts";
import { apiErrorOf } from "#src/machines/shared/api-error.ts";
import { boostersSetup } from "./boosters.setup.ts";

export const boostersMachine = boostersSetup.createMachine({
  id: "boosters",
  context: ({ input }) => ({
    catalogue: [] as Booster[],
    active: null,
    remainingMs: 0,
    attempt: null,
    buying: null,
    app: input.app,
    now: input.now,
    newId: input.newId,
  }),
  type: "parallel",
  on: {
    "BOOSTER.CHANGED": [
      {
        guard: "confirmsAttempt",
        actions: [
          { type: "takePush", params: ({ event }) => event.active },
          "recheckBoost",
          "announceConfirmed",
          "endAttempt",
        ],
      },
      { actions: [{ type: "takePush", params: ({ event }) => event.active }, "recheckBoost"] },
    ],
  },
  states: {
    catalogue: {
      initial: "loading",
      on: { "STREAM.RESET": ".loading", "CATALOGUE.STALE": ".loading" },
      states: {
        loading: {
          tags: ["loading"],
          invoke: {
            id: "loadBoosters",
            src: "loadBoosters",
            onDone: {
              target: "ready",
              actions: [{ type: "takeList", params: ({ event }) => event.output }, "recheckBoost"],
            },
            onError: "failed",
          },
        },
        failed: { on: { RETRY: "loading" } },
        ready: {},
      },
    },
    purchase: {
      initial: "idle",
      states: {
        idle: {
          on: {
            PURCHASE: [
              { guard: "enoughPoints", target: "purchasing", actions: "beginAttempt" },
              {
                actions: {
                  type: "refuse",
                  params: ({ event }) => ({
                    boosterId: event.boosterId,
                    error: { code: "INSUFFICIENT_POINTS", message: "Insufficient points", status: 409 },
                  }),
                },
              },
            ],
          },
        },
        purchasing: {
          tags: ["busy"],
          exit: "stopBuying",
          // The answer decides this attempt, not a push that may come first.
          on: {
            "BOOSTER.CHANGED": {
              actions: [{ type: "takePush", params: ({ event }) => event.active }, "recheckBoost"],
            },
          },
          invoke: {
            id: "purchaseBooster",
            src: "purchaseBooster",
            input: ({ context }) => ({
              boosterId: context.attempt?.boosterId ?? "",
              idempotencyKey: context.attempt?.key ?? context.newId(),
            }),
            onDone: {
              target: "idle",
              actions: [
                { type: "applyPurchase", params: ({ event }) => event.output },
                "endAttempt",
                "recheckBoost",
              ],
            },
            onError: {
              target: "idle",
              actions: { type: "failPurchase", params: ({ event }) => apiErrorOf(event.error) },
            },
          },
        },
      },
    },
    boost: {
      initial: "none",
      on: { "BOOST.RECHECK": ".checking" },
      states: {
        checking: {
          always: [
            { guard: "running", target: "active" },
            // A booster read or pushed in its grace still boosts the batches on their way: the taps count at it.
            { guard: "inGrace", target: "grace", actions: "tellFactor" },
            { target: "none", actions: "tellNoFactor" },
          ],
        },
        none: { entry: "forgetBoost" },
        active: {
          entry: "tellFactor",
          initial: "counting",
          states: {
            counting: {
              entry: "tick",
              always: { guard: "over", target: "#boosters.boost.grace" },
              after: { TICK: { target: "counting", reenter: true } },
            },
          },
        },
        grace: {
          entry: "tick",
          after: { GRACE: { target: "none", actions: "tellNoFactor" } },
        },
      },
    },
  },
});
