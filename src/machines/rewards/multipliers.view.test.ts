import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { AppLink } from "#src/machines/app.types.ts";
import { multipliersMachine } from "./multipliers.machine.ts";
import { toMultiplierCards, toMultipliersView } from "./multipliers.view.ts";

const options = [
  { multiplier_value: 1, price_usdt: 0 },
  { multiplier_value: 2, price_usdt: 10 },
  { multiplier_value: 5, price_usdt: 40 },
  { multiplier_value: 10, price_usdt: 100 },
];

function snapshotIn(value: Parameters<typeof multipliersMachine.resolveState>[0]["value"], context = {}) {
  const input = { app: {} as AppLink, newId: () => "key-1" };
  const initial = createActor(multipliersMachine, { input }).getSnapshot();
  return multipliersMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

describe("multipliers view", () => {
  it("is closed until opened, then loads, fails with a retry, or shows the catalogue", () => {
    expect(toMultipliersView(snapshotIn("closed")).open).toBe(false);
    expect(toMultipliersView(snapshotIn({ open: "loading" }))).toMatchObject({
      open: true,
      status: "loading",
    });
    expect(toMultipliersView(snapshotIn({ open: "failed" })).status).toBe("failed");
    expect(toMultipliersView(snapshotIn({ open: "ready" }, { options }))).toEqual({
      open: true,
      status: "ready",
      busyValue: null,
      options,
    });
  });

  it("names the multiplier being bought while its purchase is under way", () => {
    const view = toMultipliersView(snapshotIn({ open: "purchasing" }, { options, pendingValue: 5 }));
    expect(view).toMatchObject({ status: "ready", busyValue: 5 });
  });

  it("gives each card its state for the user's multiplier and wallet (docs/product.md §2)", () => {
    expect(toMultiplierCards(options, 2, 50).map((card) => `${card.value}:${card.state}`)).toEqual([
      "1:owned",
      "2:current",
      "5:purchase",
      "10:insufficient",
    ]);
    expect(toMultiplierCards(options, 2, 50)[2]).toEqual({ value: 5, price: 40, state: "purchase" });
  });
});
