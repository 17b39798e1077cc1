/**
 * The Wallet screen's deposit tab (tests/model/wallet.paths.test.ts): the address, generating one, listings,
 * copying; and the user's live stream (pushed deposits, the stream up and down, the poll while it is down).
 */
import { depositMachine } from "#src/machines/wallet/deposit.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { ADDRESS, TX_ID, tx } from "./wallet-fixtures.ts";

const listed = (status: string) => ({
  type: "xstate.done.actor.refresh",
  output: { balance: 5, transactions: [tx(status)], explorer: "e/" },
});

export const deposit: ModelOptions<unknown> = {
  input: { app: createFakeApp().app, userId: "u1" },
  fakeActors: ["loadAddress", "generate", "refresh", "copyAddress"],
  events: [
    { type: "GENERATE" },
    { type: "REFRESH" },
    { type: "RETRY" },
    { type: "COPY" },
    { type: "xstate.done.actor.loadAddress", output: ADDRESS },
    { type: "xstate.done.actor.loadAddress", output: null },
    { type: "xstate.error.actor.loadAddress", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
    { type: "xstate.done.actor.generate", output: { address: ADDRESS, saved: true } },
    { type: "xstate.error.actor.generate", error: { code: "SERVER_ERROR", message: "x", status: 500 } },
    listed("pending"),
    listed("confirmed"),
    { type: "xstate.done.actor.copyAddress" },
    { type: "xstate.error.actor.copyAddress", error: new Error("denied") },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.address !== null,
      snapshot.context.transactions.map((t: { status: string }) => t.status),
    ]),
};

export const depositLive: ModelOptions<unknown> = {
  ...deposit,
  events: [
    { type: "xstate.done.actor.loadAddress", output: ADDRESS },
    listed("pending"),
    listed("confirmed"),
    { type: "DEPOSIT.UPDATED", txId: TX_ID, amount: 5, status: "pending" },
    { type: "DEPOSIT.UPDATED", txId: TX_ID, amount: 5, status: "credited" },
    { type: "STREAM.UP" },
    { type: "STREAM.DOWN" },
    { type: "xstate.after.POLL.deposit.ready.chain.idle" },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.transactions.map((t: { status: string }) => t.status),
      snapshot.context.seen,
      snapshot.context.streamUp,
    ]),
};

export const depositModel = registerModel({
  name: "deposit",
  file: "src/machines/wallet/deposit.machine.ts",
  machine: depositMachine,
  suites: [
    { name: "address, listings and copy", options: deposit, paths: "transitions" },
    { name: "with the live stream", options: depositLive, paths: "transitions" },
  ],
});
