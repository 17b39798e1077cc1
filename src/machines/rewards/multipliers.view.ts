/**
 * What the Multipliers dialog shows of its machine; each card's state also needs the user's figures (the
 * taps actor's multiplier and wallet balance), so `toMultiplierCards` takes them beside the catalogue.
 */
import type { SnapshotFrom } from "xstate";
import type { MultiplierOption } from "#src/api/rewards.ts";
import { type CardState, cardState, type multipliersMachine } from "./multipliers.machine.ts";

export type MultipliersSnapshot = SnapshotFrom<typeof multipliersMachine>;

export interface MultipliersView {
  open: boolean;
  status: "loading" | "failed" | "ready";
  /** The multiplier being bought, while its purchase is under way. */
  busyValue: number | null;
  options: MultiplierOption[];
}

export function toMultipliersView(snapshot: MultipliersSnapshot): MultipliersView {
  return {
    open: snapshot.matches("open"),
    status: snapshot.hasTag("loading")
      ? "loading"
      : snapshot.matches({ open: "failed" })
        ? "failed"
        : "ready",
    busyValue: snapshot.context.pendingValue,
    options: snapshot.context.options,
  };
}

export interface MultiplierCard {
  value: number;
  price: number;
  state: CardState;
}

/** The catalogue as cards, in its order, each in the state docs/product.md §2 gives it for these figures. */
export const toMultiplierCards = (
  options: readonly MultiplierOption[],
  currentMultiplier: number,
  walletBalance: number,
): MultiplierCard[] =>
  options.map((option) => ({
    value: option.multiplier_value,
    price: option.price_usdt,
    state: cardState(option, currentMultiplier, walletBalance),
  }));
