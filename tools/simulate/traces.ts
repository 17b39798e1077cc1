/**
 * Seeded tap traces of people and of bots (docs/fair-play.md, "The simulator"): when an account taps during a
 * day (its sessions) and how its taps are spaced within a session (its finger). Shared by the simulator, its
 * tests and the signals' tests, so "a person does not raise this" is checked on the same traces everywhere.
 */
import type { Random } from "./prng.ts";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const MINUTE_MS = 60_000;

/** What kind of account a trace is; everything but `person` is a bot. */
export type AccountKind =
  | "person"
  | "metronome"
  | "jittered"
  | "round-the-clock"
  | "signup-burst"
  | "referral-referrer"
  | "referral-friend";

/** How one account taps: the spacing of its taps and whether its batches carry `intervals`. */
export type Finger =
  | {
      kind: "human";
      /** Taps a second inside a burst, 3–15. */
      rate: number;
      /** Coefficient of variation of intervals inside a burst, 0.2–0.4. */
      variation: number;
      /** Taps in a burst before a pause. */
      burstTaps: [min: number, max: number];
      /** The pause between bursts in ms. */
      pauseMs: [min: number, max: number];
      /** How much slower the last tap of a session is than the first (0.1 = 10 % slower). */
      fatigue: number;
    }
  /** A timer: every tap `intervalMs` after the last, give or take `spread` (0.03 = ±3 %). */
  | { kind: "timer"; intervalMs: number; spread: number };

export interface Session {
  startMs: number;
  endMs: number;
}

/** Draws the interval before the next tap; `progress` is 0 at a session's start and 1 at its end. */
export interface TapClock {
  next(progress: number): number;
}

/** sqrt(3): a uniform draw in [-a, a] has a standard deviation of a / sqrt(3). */
const SQRT3 = Math.sqrt(3);

export function tapClock(finger: Finger, random: Random): TapClock {
  if (finger.kind === "timer") {
    const { intervalMs, spread } = finger;
    return { next: () => intervalMs * (1 + spread * (2 * random.next() - 1)) };
  }
  const base = 1_000 / finger.rate;
  const half = finger.variation * SQRT3;
  let left = random.int(finger.burstTaps[0], finger.burstTaps[1]);
  return {
    next(progress) {
      if (left === 0) {
        left = random.int(finger.burstTaps[0], finger.burstTaps[1]);
        return random.between(finger.pauseMs[0], finger.pauseMs[1]);
      }
      left -= 1;
      return base * (1 + finger.fatigue * progress) * (1 + half * (2 * random.next() - 1));
    },
  };
}

/** A person's finger: bursts of 3–15 taps/s that vary by 20–40 %, pauses of half a second to a few seconds. */
export function humanFinger(random: Random): Finger {
  return {
    kind: "human",
    rate: random.between(3, 15),
    variation: random.between(0.2, 0.4),
    burstTaps: [random.int(5, 15), random.int(20, 80)],
    pauseMs: [random.between(300, 800), random.between(1_500, 6_000)],
    fatigue: random.between(0.05, 0.4),
  };
}

/** When a person is awake, in UTC: 16 hours from a wake-up hour that depends on where they live. */
export interface Waking {
  wakeHourUtc: number;
  awakeHours: number;
}

export function personWaking(random: Random): Waking {
  return { wakeHourUtc: random.int(0, 23), awakeHours: random.between(14, 17) };
}

/**
 * A person's sessions in one day: on most days 1–8 sessions of 1–10 minutes while awake (a few play on and
 * off all evening), none on some days.
 */
export function personSessions(random: Random, dayStartMs: number, waking: Waking): Session[] {
  if (random.chance(0.25)) return [];
  const sessions: Session[] = [];
  const count = random.chance(0.1) ? random.int(6, 10) : random.int(1, 5);
  const wakeMs = dayStartMs + waking.wakeHourUtc * HOUR_MS;
  for (let index = 0; index < count; index += 1) {
    const startMs = wakeMs + random.between(0, waking.awakeHours) * HOUR_MS;
    sessions.push({ startMs, endMs: startMs + random.between(1, 10) * MINUTE_MS });
  }
  sessions.sort((a, b) => a.startMs - b.startMs);
  // One finger, one session at a time: one that would start before the last ends waits a few minutes after it.
  for (let index = 1; index < sessions.length; index += 1) {
    const previous = sessions[index - 1] as Session;
    const session = sessions[index] as Session;
    if (session.startMs < previous.endMs) {
      const lengthMs = session.endMs - session.startMs;
      session.startMs = previous.endMs + random.between(1, 5) * MINUTE_MS;
      session.endMs = session.startMs + lengthMs;
    }
  }
  return sessions;
}

/** A bot that runs a few long shifts a day (metronome and jittered scripts, burst and farm accounts). */
export function shiftSessions(
  random: Random,
  dayStartMs: number,
  shifts: [min: number, max: number],
  hours: [min: number, max: number],
): Session[] {
  const sessions: Session[] = [];
  const count = random.int(shifts[0], shifts[1]);
  const slotMs = DAY_MS / count;
  for (let index = 0; index < count; index += 1) {
    const lengthMs = Math.min(slotMs, random.between(hours[0], hours[1]) * HOUR_MS);
    const startMs = dayStartMs + index * slotMs + random.between(0, slotMs - lengthMs);
    sessions.push({ startMs, endMs: startMs + lengthMs });
  }
  return sessions;
}

/** A bot that taps every hour of the day, `minutes` at a time, so no hour is left without taps. */
export function hourlySessions(
  random: Random,
  dayStartMs: number,
  minutes: [min: number, max: number],
): Session[] {
  const sessions: Session[] = [];
  for (let hour = 0; hour < 24; hour += 1) {
    const lengthMs = random.between(minutes[0], minutes[1]) * MINUTE_MS;
    const startMs = dayStartMs + hour * HOUR_MS + random.between(0, HOUR_MS - lengthMs);
    sessions.push({ startMs, endMs: startMs + lengthMs });
  }
  return sessions;
}

/** The batches a session sends, as our client does: every ~6 s while tapping, at once at 1 000 taps. */
export interface TraceBatch {
  atMs: number;
  taps: number;
  /** Whether the sender sends `intervals` with its batches (our client always does; a bare script may not). */
  timed: boolean;
  /**
   * One per tap (ms since the tap before, 0 when none within 60 s); null when the sender omits them, or when the
   * simulator counted a timer's taps without drawing each (see `exactBatches` in tapSession). Read it during
   * `send`: the array is reused for the next batch.
   */
  intervals: number[] | null;
}

export const BATCH_EVERY_MS = 6_000;
export const MAX_TAPS_PER_CLIENT_BATCH = 1_000;
const NO_PREVIOUS_TAP_MS = 60_000;

export interface SessionOptions {
  withIntervals: boolean;
  /** The account's last tap before this session: a session's first interval is 0 when it is over 60 s ago. */
  lastTapMs: number;
  /**
   * How many batches to draw tap by tap. A timer's later batches are counted from its mean interval without
   * drawing each tap (a bot at the cap taps a billion times a week); a person's are always drawn.
   */
  exactBatches: number;
}

/**
 * Walks the taps of one session and hands each batch to `send` (no list of every tap is ever built). Answers
 * the time of the session's last tap.
 */
export function tapSession(
  session: Session,
  finger: Finger,
  clock: TapClock,
  random: Random,
  options: SessionOptions,
  send: (batch: TraceBatch) => void,
): number {
  const { withIntervals } = options;
  const toProgress = 1 / (session.endMs - session.startMs);
  const human = finger.kind === "human";
  // One array for every batch of the session: `send` reads it before the next tap is drawn.
  const intervals: number[] = [];
  let previousMs = options.lastTapMs;
  // A session that starts before the last one's final tap (one crossing midnight) goes on after it.
  let tapMs = Math.max(session.startMs, options.lastTapMs + 1_000);
  let batchStartMs = 0;
  let taps = 0;
  let batchesLeft = options.exactBatches;
  const flush = (atMs: number) => {
    if (taps === 0) return;
    send({ atMs, taps, timed: withIntervals, intervals: withIntervals ? intervals : null });
    intervals.length = 0;
    taps = 0;
    batchesLeft -= 1;
  };
  while (tapMs < session.endMs && (human || batchesLeft > 0)) {
    if (taps > 0 && tapMs - batchStartMs >= BATCH_EVERY_MS) {
      flush(batchStartMs + BATCH_EVERY_MS + random.between(0, 300));
      if (!human && batchesLeft <= 0) break;
    }
    if (taps === 0) batchStartMs = tapMs;
    if (withIntervals) {
      const gap = tapMs - previousMs;
      intervals.push(gap > NO_PREVIOUS_TAP_MS ? 0 : Math.round(gap));
    }
    taps += 1;
    previousMs = tapMs;
    if (taps === MAX_TAPS_PER_CLIENT_BATCH) flush(tapMs);
    tapMs += clock.next((tapMs - session.startMs) * toProgress);
  }
  if (finger.kind === "timer" && tapMs < session.endMs) {
    // The rest of a timer's session, counted: one tap per mean interval, a batch every ~6 s.
    const perBatch = BATCH_EVERY_MS / finger.intervalMs;
    let owed = 0;
    for (let startMs = tapMs; startMs < session.endMs; startMs += BATCH_EVERY_MS) {
      const windowMs = Math.min(BATCH_EVERY_MS, session.endMs - startMs);
      owed += (perBatch * windowMs) / BATCH_EVERY_MS;
      const count = Math.floor(owed);
      owed -= count;
      if (count > 0) send({ atMs: startMs + windowMs, taps: count, timed: withIntervals, intervals: null });
      previousMs = startMs + windowMs;
    }
    return previousMs;
  }
  flush(Math.min(previousMs + 500, session.endMs + 500));
  return previousMs;
}

/** Every batch one person sends over `days` days, intervals copied: the human trace the signals' tests use. */
export function personBatches(random: Random, days: number): TraceBatch[] {
  const finger = humanFinger(random);
  const waking = personWaking(random);
  const clock = tapClock(finger, random);
  const batches: TraceBatch[] = [];
  let lastTapMs = Number.NEGATIVE_INFINITY;
  for (let day = 0; day < days; day += 1) {
    for (const session of personSessions(random, day * DAY_MS, waking)) {
      lastTapMs = tapSession(
        session,
        finger,
        clock,
        random,
        { withIntervals: true, lastTapMs, exactBatches: Number.POSITIVE_INFINITY },
        (batch) => batches.push({ ...batch, intervals: batch.intervals && [...batch.intervals] }),
      );
    }
  }
  return batches;
}
