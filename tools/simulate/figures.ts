/** The simulator's figures from each account's outcome (docs/fair-play.md, "The simulator": the figures). */
import { SIGNAL_IDS, type SignalId } from "#contracts/fair-play-rules.ts";
import { microToNumber } from "#contracts/micro.ts";
import type { SimAccount } from "./population.ts";
import type { AccountKind } from "./traces.ts";

/** What the run left of one account: enough to judge the signals and count the money. */
export interface Outcome {
  account: SimAccount;
  signals: ReadonlyMap<SignalId, unknown>;
  everReviewed: boolean;
  earnedMicro: number;
  outWithoutReviewMicro: number;
  heldMicro: number;
  heldForReview: boolean;
  heldAnyReason: boolean;
}

export interface SignalFigures {
  id: SignalId;
  precision: number;
  recall: number;
  /** How many bots and people carry it at the end. */
  bots: number;
  people: number;
}

export interface KindFigures {
  kind: AccountKind;
  accounts: number;
  reviewed: number;
  earnedUsdt: number;
  outWithoutReviewUsdt: number;
}

export interface FarmResult {
  seed: number;
  days: number;
  population: { bots: number; people: number };
  signals: SignalFigures[];
  /** Accounts that reached review at least once, judged as a test for "is a bot". */
  overall: { precision: number; recall: number };
  botUsdtEarned: number;
  botUsdtOutWithoutReview: number;
  /** USDT bots asked for that was held for a person (review, first withdrawal, or the amount). */
  botUsdtHeld: number;
  peopleHeldShare: number;
  /** People held at least once for any reason, the first-withdrawal rule included (not the goal's figure). */
  peopleHeldAnyReasonShare: number;
  /** People who reached review at least once, whether or not they asked to withdraw then. */
  peopleReviewedShare: number;
  kinds: KindFigures[];
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const usdt = (micro: number) => microToNumber(Math.round(micro));

export function summarise(seed: number, days: number, states: readonly Outcome[]): FarmResult {
  const bots = states.filter((state) => state.account.bot);
  const people = states.filter((state) => !state.account.bot);
  const signals = SIGNAL_IDS.map((id): SignalFigures => {
    const onBots = bots.filter((state) => state.signals.has(id)).length;
    const onPeople = people.filter((state) => state.signals.has(id)).length;
    // A signal raised on no one made no false alarm: its precision is 1.
    return {
      id,
      precision: onBots + onPeople === 0 ? 1 : onBots / (onBots + onPeople),
      recall: share(onBots, bots.length),
      bots: onBots,
      people: onPeople,
    };
  });
  const reviewedBots = bots.filter((state) => state.everReviewed).length;
  const reviewedPeople = people.filter((state) => state.everReviewed).length;
  const sum = (list: readonly Outcome[], of: (state: Outcome) => number) =>
    list.reduce((total, state) => total + of(state), 0);
  const kinds = [...new Set(states.map((state) => state.account.kind))].map((kind): KindFigures => {
    const ofKind = states.filter((state) => state.account.kind === kind);
    return {
      kind,
      accounts: ofKind.length,
      reviewed: ofKind.filter((state) => state.everReviewed).length,
      earnedUsdt: usdt(sum(ofKind, (state) => state.earnedMicro)),
      outWithoutReviewUsdt: usdt(sum(ofKind, (state) => state.outWithoutReviewMicro)),
    };
  });
  return {
    seed,
    days,
    population: { bots: bots.length, people: people.length },
    signals,
    overall: {
      precision: reviewedBots + reviewedPeople === 0 ? 1 : reviewedBots / (reviewedBots + reviewedPeople),
      recall: share(reviewedBots, bots.length),
    },
    botUsdtEarned: usdt(sum(bots, (state) => state.earnedMicro)),
    botUsdtOutWithoutReview: usdt(sum(bots, (state) => state.outWithoutReviewMicro)),
    botUsdtHeld: usdt(sum(bots, (state) => state.heldMicro)),
    peopleHeldShare: share(people.filter((state) => state.heldForReview).length, people.length),
    peopleHeldAnyReasonShare: share(people.filter((state) => state.heldAnyReason).length, people.length),
    peopleReviewedShare: share(reviewedPeople, people.length),
    kinds,
  };
}
