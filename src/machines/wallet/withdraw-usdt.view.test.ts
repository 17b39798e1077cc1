import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { MIN_USDT_WITHDRAWAL } from "#contracts/limits.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import { withdrawUsdtMachine } from "./withdraw-usdt.machine.ts";
import { toWithdrawUsdtView } from "./withdraw-usdt.view.ts";

const ADDRESS = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";

function snapshotIn(form: "idle" | "submitting", context = {}) {
  const input = { app: {} as AppLink, newId: () => "key-1" };
  const initial = createActor(withdrawUsdtMachine, { input }).getSnapshot();
  return withdrawUsdtMachine.resolveState({
    value: { form, follow: "idle" },
    context: { ...initial.context, ...context },
  });
}

describe("withdraw USDT view", () => {
  it("says what is missing from an empty form", () => {
    expect(toWithdrawUsdtView(snapshotIn("idle"))).toEqual({
      to: "",
      amount: "",
      minimum: MIN_USDT_WITHDRAWAL,
      addressProblem: "Enter the TRC20 address to send to.",
      amountProblem: "Enter an amount above 0.",
      busy: false,
    });
  });

  it("has no problem to show for a valid address and amount, and is busy while sending", () => {
    const view = toWithdrawUsdtView(snapshotIn("submitting", { to: ADDRESS, amount: "300" }));
    expect(view).toMatchObject({ to: ADDRESS, amount: "300", addressProblem: null, amountProblem: null });
    expect(view.busy).toBe(true);
  });

  it("names a bad address and an amount under the minimum", () => {
    const view = toWithdrawUsdtView(snapshotIn("idle", { to: "T123", amount: "299.99" }));
    expect(view.addressProblem).toMatch(/valid TRC20 address/);
    expect(view.amountProblem).toBe(`The minimum withdrawal is ${MIN_USDT_WITHDRAWAL} USDT.`);
  });
});
