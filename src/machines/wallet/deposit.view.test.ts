import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { ChainTransaction } from "#src/api/wallet.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import { depositMachine } from "./deposit.machine.ts";
import { selectDepositLoading, selectUsdtBalance, toDepositView } from "./deposit.view.ts";

const ADDRESS = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
const receive: ChainTransaction = {
  txId: "a".repeat(64),
  type: "receive",
  value: 12.5,
  status: "pending",
  timestamp: "2026-11-23T07:00:00.000Z",
};

/** A snapshot in `value` with `context` over the machine's first one (no actor runs: a view reads only). */
function snapshotIn(value: Parameters<typeof depositMachine.resolveState>[0]["value"], context = {}) {
  const initial = createActor(depositMachine, { input: { app: {} as AppLink, userId: "u1" } }).getSnapshot();
  return depositMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

describe("deposit view", () => {
  it("shows a spinner while the user record loads, and no balance yet", () => {
    const snapshot = snapshotIn("loading");
    expect(toDepositView(snapshot).status).toBe("loading");
    expect(selectDepositLoading(snapshot)).toBe(true);
    expect(selectUsdtBalance(snapshot)).toBe("N/A");
  });

  it.each([
    ["loadFailed", "loadFailed"],
    ["noAddress", "noAddress"],
    ["generating", "generating"],
  ] as const)("names the %s state for the tab", (value, status) => {
    const snapshot = snapshotIn(value);
    expect(toDepositView(snapshot).status).toBe(status);
    expect(selectDepositLoading(snapshot)).toBe(false);
  });

  it("shows the address, balance and transfers once ready, and says when it is reading them again", () => {
    const context = { address: ADDRESS, balance: 312.5, explorer: "https://x/tx/", transactions: [receive] };
    const reading = snapshotIn({ ready: { chain: "refreshing", clipboard: "idle" } }, context);
    expect(toDepositView(reading)).toEqual({
      status: "ready",
      address: ADDRESS,
      balance: 312.5,
      transactions: [receive],
      explorer: "https://x/tx/",
      refreshing: true,
    });
    expect(selectUsdtBalance(reading)).toBe("312.5000");
    const idle = snapshotIn({ ready: { chain: "idle", clipboard: "idle" } }, context);
    expect(toDepositView(idle).refreshing).toBe(false);
    expect(toDepositView(idle).status).toBe("ready");
  });
});
