/** The Wallet screen's history (tests/model/wallet-history.paths.test.ts): pages, refreshes, the poll. */
import type { AnyMachineSnapshot } from "xstate";
import { walletHistoryMachine } from "#src/machines/wallet/wallet-history.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";

const row = (id: string, status = "completed") => ({
  id,
  type: "withdraw",
  amount: 300,
  description: "USDT withdrawal to TDvSsd...we9K",
  timestamp: "2026-11-22T08:00:00.000Z",
  status,
});
/** The first page holds a pending withdrawal; a later read of it finds it completed; page two is "b". */
const answerIn = (snapshot: AnyMachineSnapshot) =>
  snapshot.matches("loading")
    ? { transactions: [row("a", "pending")], nextCursor: "c1" }
    : snapshot.matches("refreshing")
      ? { transactions: [row("a")], nextCursor: "c-other" }
      : { transactions: [row("b")], nextCursor: null };

export const walletHistory: ModelOptions<unknown> = {
  input: { app: createFakeApp().app },
  fakeActors: ["loadPage"],
  events: (snapshot) => [
    // The user's live stream: a pushed movement of the wallet, and the stream going up and down.
    { type: "WALLET.UPDATED", balance: 1 },
    { type: "STREAM.UP" },
    { type: "STREAM.DOWN" },
    { type: "RELOAD" },
    { type: "REFRESH" },
    { type: "MORE" },
    { type: "xstate.after.HISTORY_POLL.walletHistory.ready" },
    { type: "xstate.done.actor.loadPage", output: answerIn(snapshot) },
    { type: "xstate.error.actor.loadPage", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.transactions.map((t: { id: string; status: string }) => `${t.id}:${t.status}`),
      snapshot.context.nextCursor,
      snapshot.context.streamUp,
      snapshot.context.behind,
    ]),
};

export const walletHistoryModel = registerModel({
  name: "wallet-history",
  file: "src/machines/wallet/wallet-history.machine.ts",
  machine: walletHistoryMachine,
  suites: [{ name: "pages, refreshes and the poll", options: walletHistory, paths: "shortest" }],
});
