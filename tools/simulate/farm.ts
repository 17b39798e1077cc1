/**
 * The farm simulator (docs/fair-play.md, "The simulator"): a seeded, labelled population taps for D days on a
 * simulated clock; every batch is credited through the server's real token bucket and judged by the real signal
 * functions, score and status; at the end of each day every account asks to withdraw all its USDT, held as the
 * server holds it. Signals are sticky (the score counts each raised signal until a `clear`, which no one does
 * here), so once an account has raised a signal its inputs are no longer measured.
 */
import { type AccountStatusName, SIGNAL_IDS, type SignalId } from "#contracts/fair-play-rules.ts";
import { DEFAULT_MULTIPLIER, MIN_USDT_WITHDRAWAL } from "#contracts/limits.ts";
import { MICRO_PER_UNIT, microFromNumber, microToNumber } from "#contracts/micro.ts";
import {
  DEFAULT_FREEZE_SCORE,
  DEFAULT_REVIEW_SCORE,
  DEFAULT_SIGNAL_WEIGHTS,
  type SignalWeights,
  scoreOf,
  statusFor,
} from "#server/domain/fair-play/score.ts";
import {
  CADENCE_MAX_CV,
  CADENCE_MIN_INTERVALS,
  type CadenceBatch,
  type CreditedMinute,
  capRate,
  freshWithdrawal,
  intervalStats,
  NO_TIMING_MIN_TAPS,
  noTiming,
  type RaisedSignal,
  ROUND_THE_CLOCK_HOURS,
  referralFarmOfFriend,
  referralFarmOfReferrer,
  regularCadence,
  roundTheClock,
  signupBurst,
  type TimingBatch,
} from "#server/domain/fair-play/signals.ts";
import { fullBucket, TAPS_PER_SECOND, type TapBucket, takeTaps } from "#server/domain/taps/token-bucket.ts";
import { buildPopulation, type SimAccount } from "./population.ts";
import { seededRandom } from "./prng.ts";
import {
  type AccountKind,
  DAY_MS,
  hourlySessions,
  personSessions,
  type Session,
  shiftSessions,
  type TraceBatch,
  tapClock,
  tapSession,
} from "./traces.ts";

export interface FarmSettings {
  /** RISK_CAP_RATE_MINUTES */
  capRateMinutes: number;
  /** RISK_SIGNUPS_PER_NETWORK */
  signupsPerNetwork: number;
  /** RISK_REVIEW_SCORE */
  reviewScore: number;
  /** RISK_FREEZE_SCORE */
  freezeScore: number;
  /** WITHDRAWAL_REVIEW_FIRST */
  reviewFirstWithdrawal: boolean;
  /** WITHDRAWAL_REVIEW_ABOVE_USDT */
  reviewAboveUsdt: number;
  weights: SignalWeights;
}

export const DEFAULT_FARM_SETTINGS: FarmSettings = {
  capRateMinutes: 20,
  signupsPerNetwork: 10,
  reviewScore: DEFAULT_REVIEW_SCORE,
  freezeScore: DEFAULT_FREEZE_SCORE,
  reviewFirstWithdrawal: true,
  reviewAboveUsdt: 1_000,
  weights: DEFAULT_SIGNAL_WEIGHTS,
};

export interface FarmOptions {
  seed: number;
  days: number;
  people?: number;
  bots?: number;
  settings?: Partial<FarmSettings>;
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

export const DEFAULT_PEOPLE = 2_000;
export const DEFAULT_BOTS = 300;
export const DEFAULT_DAYS = 7;
export const DEFAULT_SEED = 1;

/** Monday 5 January 2026, 00:00 UTC: day 0 of every run, so a seed gives the same calendar too. */
const EPOCH_MS = Date.UTC(2026, 0, 5);
const MINUTE_MS = 60_000;
const CAP_PER_MINUTE = TAPS_PER_SECOND * 60;
/** Micro-USDT a credited tap is worth: 0.001 points a tap, 1 point = 1 USDT (POINTS_PER_USDT's default). */
const POINTS_PER_USDT = 1;
const MICRO_PER_TAP = (microFromNumber(DEFAULT_MULTIPLIER) ?? 0) / POINTS_PER_USDT;
/** A referrer gets 10 % of a friend's tap points, at most 1 000 points a UTC day (REFERRAL_* defaults). */
const REFERRAL_SHARE_PERCENT = 10;
const REFERRAL_DAILY_CAP_MICRO = 1_000 * MICRO_PER_UNIT;
/** Batches of a bot drawn tap by tap each day, and at least in each session (see tapSession). */
const EXACT_BOT_BATCHES_A_DAY = 60;
const MIN_EXACT_BATCHES_A_SESSION = 5;
/** How many recent batch summaries the cadence signal looks at. */
const RECENT_CADENCE_BATCHES = 20;

interface AccountState {
  account: SimAccount;
  bucket: TapBucket;
  lastTapMs: number;
  signals: Map<SignalId, RaisedSignal>;
  status: AccountStatusName;
  everReviewed: boolean;
  balanceMicro: number;
  earnedMicro: number;
  withdrawals: number;
  heldForReview: boolean;
  heldAnyReason: boolean;
  outWithoutReviewMicro: number;
  heldMicro: number;
  minuteStartMs: number;
  minuteTaps: number;
  recentMinutes: CreditedMinute[];
  cadence: CadenceBatch[];
  untimed: TimingBatch[];
  hoursByDay: Map<number, Set<number>>;
  referralDay: number;
  referralTodayMicro: number;
}

const at = (ms: number) => new Date(EPOCH_MS + ms);

export function runFarm(options: FarmOptions): FarmResult {
  const settings: FarmSettings = { ...DEFAULT_FARM_SETTINGS, ...options.settings };
  const { days, seed } = options;
  const random = seededRandom(seed);
  const accounts = buildPopulation(random, {
    people: options.people ?? DEFAULT_PEOPLE,
    bots: options.bots ?? DEFAULT_BOTS,
    days,
  });
  const states: AccountState[] = accounts.map((account) => ({
    account,
    bucket: fullBucket(at(account.signupMs)),
    lastTapMs: Number.NEGATIVE_INFINITY,
    signals: new Map(),
    status: "ok",
    everReviewed: false,
    balanceMicro: account.startingUsdtMicro,
    earnedMicro: 0,
    withdrawals: account.withdrewBefore ? 1 : 0,
    heldForReview: false,
    heldAnyReason: false,
    outWithoutReviewMicro: 0,
    heldMicro: 0,
    minuteStartMs: Number.NaN,
    minuteTaps: 0,
    recentMinutes: [],
    cadence: [],
    untimed: [],
    hoursByDay: new Map(),
    referralDay: -1,
    referralTodayMicro: 0,
  }));
  const friendsOf = new Map<number, number[]>();
  for (const account of accounts) {
    if (account.referrer === null) continue;
    const friends = friendsOf.get(account.referrer) ?? [];
    friends.push(account.index);
    friendsOf.set(account.referrer, friends);
  }

  const raise = (state: AccountState, signal: RaisedSignal | null) => {
    if (signal === null || state.signals.has(signal.id)) return;
    state.signals.set(signal.id, signal);
    const score = scoreOf([...state.signals.values()], settings.weights);
    state.status = statusFor(score, { ...settings, current: state.status });
    if (state.status !== "ok") state.everReviewed = true;
  };

  const closeMinute = (state: AccountState) => {
    if (Number.isNaN(state.minuteStartMs)) return;
    const minutes = state.recentMinutes;
    minutes.push({ minuteStart: at(state.minuteStartMs), taps: state.minuteTaps });
    if (minutes.length > settings.capRateMinutes) minutes.shift();
    // Only a minute at the cap can complete a run, so the others need no look (the answer cannot change).
    if (!state.signals.has("cap-rate") && state.minuteTaps * 10 >= CAP_PER_MINUTE * 9) {
      raise(
        state,
        capRate({ minutes, capPerMinute: CAP_PER_MINUTE, capRateMinutes: settings.capRateMinutes }),
      );
    }
    state.minuteStartMs = Number.NaN;
    state.minuteTaps = 0;
  };

  const receiveBatch = (state: AccountState, batch: TraceBatch) => {
    if (state.status === "frozen" || state.status === "banned") return;
    const granted = takeTaps(state.bucket, batch.taps, at(batch.atMs));
    state.bucket = granted.bucket;
    const credited = granted.granted;
    const minuteStartMs = Math.floor(batch.atMs / MINUTE_MS) * MINUTE_MS;
    if (minuteStartMs !== state.minuteStartMs) {
      closeMinute(state);
      state.minuteStartMs = minuteStartMs;
    }
    state.minuteTaps += credited;
    if (credited > 0) {
      const micro = credited * MICRO_PER_TAP;
      state.balanceMicro += micro;
      state.earnedMicro += micro;
      payReferrer(state.account.referrer, micro, batch.atMs);
      const day = Math.floor(batch.atMs / DAY_MS);
      const hours = state.hoursByDay.get(day) ?? new Set<number>();
      state.hoursByDay.set(day, hours);
      const hour = Math.floor((batch.atMs - day * DAY_MS) / 3_600_000);
      if (!hours.has(hour)) {
        hours.add(hour);
        if (hours.size >= ROUND_THE_CLOCK_HOURS && !state.signals.has("round-the-clock")) {
          raise(state, roundTheClock({ hours, day: at(day * DAY_MS) }));
        }
      }
    }
    if (batch.timed) {
      if (batch.intervals === null || state.signals.has("regular-cadence")) return;
      const stats = intervalStats(batch.intervals);
      state.cadence.push({ at: at(batch.atMs), count: stats.count, cv: stats.cv, mean: stats.mean });
      if (state.cadence.length > RECENT_CADENCE_BATCHES) state.cadence.shift();
      if (stats.count >= CADENCE_MIN_INTERVALS && stats.cv !== null && stats.cv < CADENCE_MAX_CV) {
        raise(state, regularCadence(state.cadence));
      }
    } else if (batch.taps >= NO_TIMING_MIN_TAPS && !state.signals.has("no-timing")) {
      const now = at(batch.atMs);
      state.untimed.push({ at: now, taps: batch.taps, hadIntervals: false });
      while ((state.untimed[0]?.at.getTime() ?? Number.POSITIVE_INFINITY) <= now.getTime() - DAY_MS) {
        state.untimed.shift();
      }
      raise(state, noTiming({ batches: state.untimed, now }));
    }
  };

  function payReferrer(referrer: number | null, micro: number, atMs: number) {
    if (referrer === null) return;
    const state = states[referrer] as AccountState;
    const day = Math.floor(atMs / DAY_MS);
    if (state.referralDay !== day) {
      state.referralDay = day;
      state.referralTodayMicro = 0;
    }
    const share = Math.min(
      Math.floor((micro * REFERRAL_SHARE_PERCENT) / 100),
      REFERRAL_DAILY_CAP_MICRO - state.referralTodayMicro,
    );
    state.referralTodayMicro += share;
    state.balanceMicro += share;
    state.earnedMicro += share;
  }

  const sessionsOf = (account: SimAccount, dayStartMs: number): Session[] => {
    const schedule = account.schedule;
    if (schedule.kind === "person") return personSessions(account.random, dayStartMs, schedule.waking);
    if (schedule.kind === "hourly") return hourlySessions(account.random, dayStartMs, [8, 30]);
    return shiftSessions(account.random, dayStartMs, [1, 3], [2, 6]);
  };

  // Sign-ups, in order: each counts the accounts its network created in the 24 hours up to it.
  const signupsByNetwork = new Map<string, AccountState[]>();
  const bySignup = [...states].sort((a, b) => a.account.signupMs - b.account.signupMs);
  const recordSignup = (state: AccountState) => {
    const { network, signupMs } = state.account;
    const recent = (signupsByNetwork.get(network) ?? []).filter(
      (other) => other.account.signupMs > signupMs - DAY_MS,
    );
    recent.push(state);
    signupsByNetwork.set(network, recent);
    // Every account of the burst is "one of" them, the earlier ones too.
    for (const member of recent) {
      raise(
        member,
        signupBurst({ accountsFromNetwork: recent.length, network, limit: settings.signupsPerNetwork }),
      );
    }
  };

  const referralPass = () => {
    for (const [referrer, friends] of friendsOf) {
      const carries = (index: number) =>
        [...(states[index] as AccountState).signals.keys()].some((id) => id !== "referral-farm");
      const flagged = friends.filter(carries);
      raise(states[referrer] as AccountState, referralFarmOfReferrer({ flaggedFriends: flagged.length }));
      for (const friend of friends) {
        raise(
          states[friend] as AccountState,
          referralFarmOfFriend({
            carriesSignal: carries(friend),
            referrerFlaggedFriends: flagged.length,
            referrer: `account ${referrer}`,
          }),
        );
      }
    }
  };

  const withdraw = (state: AccountState, atMs: number) => {
    const amountMicro = state.balanceMicro;
    if (amountMicro < MIN_USDT_WITHDRAWAL * MICRO_PER_UNIT) return;
    if (state.status === "frozen" || state.status === "banned") return;
    // The signal is raised by the request itself, before the server decides whether to hold it.
    raise(
      state,
      freshWithdrawal({ signedUpAt: at(state.account.signupMs), withdrawalAt: at(atMs), amountMicro }),
    );
    const inReview = state.status === "review";
    const held =
      inReview ||
      (settings.reviewFirstWithdrawal && state.withdrawals === 0) ||
      amountMicro >= settings.reviewAboveUsdt * MICRO_PER_UNIT;
    state.withdrawals += 1;
    state.balanceMicro = 0;
    if (inReview) state.heldForReview = true;
    if (held) {
      state.heldAnyReason = true;
      state.heldMicro += amountMicro;
    } else {
      state.outWithoutReviewMicro += amountMicro;
    }
  };

  let nextSignup = 0;
  for (let day = 0; day < days; day += 1) {
    const dayStartMs = day * DAY_MS;
    const dayEndMs = dayStartMs + DAY_MS;
    for (; nextSignup < bySignup.length; nextSignup += 1) {
      const state = bySignup[nextSignup] as AccountState;
      if (state.account.signupMs >= dayEndMs) break;
      recordSignup(state);
    }
    for (const state of states) {
      const { account } = state;
      if (account.signupMs >= dayEndMs) continue;
      const clock = tapClock(account.finger, account.random);
      let exactBatchesLeft = EXACT_BOT_BATCHES_A_DAY;
      for (const session of sessionsOf(account, dayStartMs)) {
        if (session.endMs <= account.signupMs) continue;
        const from = { startMs: Math.max(session.startMs, account.signupMs), endMs: session.endMs };
        // A bot's timer is the same all day: its cadence is judged on its first batches of the day (and of
        // every session), and no more once the signal is raised; a script without timing needs none drawn.
        const measuring = account.sendsIntervals && !state.signals.has("regular-cadence");
        const exactBatches = measuring ? Math.max(MIN_EXACT_BATCHES_A_SESSION, exactBatchesLeft) : 0;
        state.lastTapMs = tapSession(
          from,
          account.finger,
          clock,
          account.random,
          { withIntervals: account.sendsIntervals, lastTapMs: state.lastTapMs, exactBatches },
          (batch) => {
            if (batch.intervals !== null) exactBatchesLeft -= 1;
            receiveBatch(state, batch);
          },
        );
      }
      closeMinute(state);
      for (const key of state.hoursByDay.keys()) if (key < day) state.hoursByDay.delete(key);
    }
    referralPass();
    for (const state of states) {
      if (state.account.signupMs < dayEndMs) withdraw(state, dayEndMs - MINUTE_MS);
    }
    referralPass();
  }
  return summarise(seed, days, states);
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const usdt = (micro: number) => microToNumber(Math.round(micro));

function summarise(seed: number, days: number, states: AccountState[]): FarmResult {
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
  const sum = (list: AccountState[], of: (state: AccountState) => number) =>
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
