/** What screens show of the boosters actor (the Rewards page's cards, the tap screen's boost line). */
import type { SnapshotFrom } from "xstate";
import type { boostersMachine } from "./boosters.machine.ts";

export type BoostersSnapshot = SnapshotFrom<typeof boostersMachine>;

/** "4:59": minutes and seconds left, seconds rounded up so it reads 0:01 until the very end. */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export type BoosterCardState = "buy" | "buying" | "running" | "wait";

export interface BoostersView {
  status: "loading" | "failed" | "ready";
  cards: Array<{
    id: string;
    name: string;
    factor: number;
    minutes: number;
    price: number;
    state: BoosterCardState;
  }>;
  /** The running booster and its countdown; null when none runs (its grace is not shown). */
  running: { id: string; name: string; factor: number; countdown: string } | null;
}

export function toBoostersView(snapshot: BoostersSnapshot): BoostersView {
  const { catalogue, active, remainingMs, buying } = snapshot.context;
  const isRunning = snapshot.matches({ boost: "active" }) && active !== null;
  const status = snapshot.hasTag("loading")
    ? "loading"
    : snapshot.matches({ catalogue: "failed" })
      ? "failed"
      : "ready";
  return {
    status,
    cards: catalogue.map((booster) => ({
      id: booster.id,
      name: booster.name,
      factor: booster.factor,
      minutes: booster.minutes,
      price: booster.pricePoints,
      state:
        buying === booster.id
          ? "buying"
          : isRunning && active.id === booster.id
            ? "running"
            : isRunning || buying !== null
              ? "wait"
              : "buy",
    })),
    running: isRunning
      ? {
          id: active.id,
          name: catalogue.find((booster) => booster.id === active.id)?.name ?? "Booster",
          factor: active.factor,
          countdown: formatCountdown(remainingMs),
        }
      : null,
  };
}

/** The tap screen's line: "×2 boost · 4:59", or null. */
export const selectBoostLine = (snapshot: BoostersSnapshot) => {
  const { running } = toBoostersView(snapshot);
  return running ? `×${running.factor} boost · ${running.countdown}` : null;
};
