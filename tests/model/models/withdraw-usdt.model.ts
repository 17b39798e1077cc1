/**
 * The Wallet screen's withdraw tab (tests/model/wallet.paths.test.ts): the form, the transfer, following it
 * to its end; and the user's live stream telling of the end (even before the submit's answer).
 */
import { withdrawUsdtMachine } from "#src/machines/wallet/withdraw-usdt.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { numberedIds } from "./doubles.ts";
import { TO } from "./wallet-fixtures.ts";

const ACCEPTED = {
  type: "xstate.done.actor.transfer",
  output: { success: true, withdrawal: { id: "w1", status: "pending", amount: 300, to: TO } },
};
const checked = (status: string) => ({
  type: "xstate.done.actor.checkWithdrawals",
  output: [{ id: "w1", status, amount: 300, to: TO, txId: "t" }],
});

export const withdrawUsdt: ModelOptions<unknown> = {
  input: { app: createFakeApp().app, newId: numberedIds("key") },
  fakeActors: ["transfer", "checkWithdrawals"],
  events: [
    { type: "TO.CHANGE", value: TO },
    { type: "AMOUNT.CHANGE", value: "300" },
    { type: "AMOUNT.CHANGE", value: "299" },
    { type: "SUBMIT", balance: 300 },
    { type: "SUBMIT", balance: 299.99 },
    ACCEPTED,
    { type: "xstate.error.actor.transfer", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
    {
      type: "xstate.error.actor.transfer",
      error: { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance for withdrawal", status: 409 },
    },
    { type: "xstate.after.FOLLOW.withdrawUsdt.follow.waiting" },
    checked("confirmed"),
    checked("failed"),
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.to !== "",
      snapshot.context.amount,
      snapshot.context.following.length,
    ]),
};

export const withdrawUsdtLive: ModelOptions<unknown> = {
  ...withdrawUsdt,
  events: [
    { type: "TO.CHANGE", value: TO },
    { type: "AMOUNT.CHANGE", value: "300" },
    { type: "SUBMIT", balance: 300 },
    ACCEPTED,
    { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "confirmed", txId: "t" },
    { type: "WITHDRAWAL.UPDATED", id: "w1", amount: 300, status: "failed", txId: "t" },
    { type: "STREAM.UP" },
    { type: "STREAM.DOWN" },
    { type: "xstate.after.FOLLOW.withdrawUsdt.follow.waiting" },
    checked("pending"),
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.amount,
      snapshot.context.following,
      Object.keys(snapshot.context.early),
      snapshot.context.streamUp,
    ]),
};

export const withdrawUsdtModel = registerModel({
  name: "withdraw-usdt",
  file: "src/machines/wallet/withdraw-usdt.machine.ts",
  machine: withdrawUsdtMachine,
  suites: [
    { name: "form, transfer and follow-up", options: withdrawUsdt, paths: "transitions" },
    { name: "with the live stream", options: withdrawUsdtLive, paths: "transitions" },
  ],
});
