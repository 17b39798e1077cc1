/** What the streak card shows, derived from the streak machine's snapshot. */
import type { SnapshotFrom } from "xstate";
import type { streakMachine } from "./streak.machine.ts";

export type StreakSnapshot = SnapshotFrom<typeof streakMachine>;

const DAY_MS = 86_400_000;
const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

export type DayState = "claimed" | "today" | "missed";

export interface StreakView {
  status: "loading" | "failed" | "ready";
  current: number;
  best: number;
  freezes: number;
  nextReward: number;
  claimedToday: boolean;
  claiming: boolean;
  claimError: string | null;
  /** The last seven UTC days, today last, each marked as the run of claimed days covers it. */
  week: Array<{ name: (typeof DAY_NAMES)[number]; date: string; isToday: boolean; state: DayState }>;
}

/**
 * The last seven UTC days, today last (today is the day `resetsAt` ends), so a run shows whichever weekday it
 * began on. The run is drawn as the `current` days up to the last claim (today if claimed, else yesterday);
 * days a freeze covered are not streak days and are not told apart here (docs/decisions/020).
 */
export function weekOf(resetsAt: string, current: number, claimedToday: boolean): StreakView["week"] {
  const todayStart = Date.parse(resetsAt) - DAY_MS;
  if (!Number.isFinite(todayStart)) return [];
  const lastClaim = claimedToday ? todayStart : todayStart - DAY_MS;
  const firstClaim = lastClaim - (current - 1) * DAY_MS;
  return [6, 5, 4, 3, 2, 1, 0].map((daysAgo) => {
    const day = todayStart - daysAgo * DAY_MS;
    const claimed = current > 0 && day >= firstClaim && day <= lastClaim;
    const state: DayState = claimed ? "claimed" : daysAgo === 0 ? "today" : "missed";
    const name = DAY_NAMES[(new Date(day).getUTCDay() + 6) % 7]!;
    return { name, date: new Date(day).toISOString().slice(0, 10), isToday: daysAgo === 0, state };
  });
}

export function toStreakView(snapshot: StreakSnapshot): StreakView {
  const { streak, claimError } = snapshot.context;
  return {
    status: snapshot.hasTag("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "ready",
    current: streak?.current ?? 0,
    best: streak?.best ?? 0,
    freezes: streak?.freezes ?? 0,
    nextReward: streak?.nextReward ?? 1,
    claimedToday: snapshot.matches({ ready: "claimed" }),
    claiming: snapshot.hasTag("busy"),
    claimError,
    week: streak ? weekOf(streak.resetsAt, streak.current, snapshot.matches({ ready: "claimed" })) : [],
  };
}
