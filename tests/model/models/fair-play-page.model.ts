/** The Fair play page (tests/model/admin.paths.test.ts): its list, an account's panel and the decisions. */
import { fairPlayPageMachine } from "#src/machines/admin/fair-play-page.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { NETWORK_FAILURE, serializeDialogPage } from "./admin-pages.ts";

export const RISK_ACCOUNT = { id: "u1", label: "bot@example.com" };
export const HELD = { id: "w1", label: "12.5 USDT to TDvSsd…9K" };

export const fairPlayPage: ModelOptions<unknown> = {
  input: { search: {}, newId: () => "key", app: createFakeApp().app },
  fakeActors: ["list", "account", "riskDialog", "approveDialog", "rejectDialog"],
  events: [
    { type: "RELOAD" },
    { type: "QUERY", search: { status: "frozen" } },
    { type: "ACCOUNT.OPEN", account: RISK_ACCOUNT },
    { type: "ACCOUNT.CLOSE" },
    { type: "ACCOUNT.RETRY" },
    { type: "xstate.done.actor.account", output: { userId: "u1", score: 70, signals: [] } },
    { type: "xstate.error.actor.account", error: NETWORK_FAILURE },
    // Another admin acted: on the open account (read again), on another (nothing), or events were lost.
    { type: "ADMIN.RISK", userId: "u1", status: "frozen", score: 70 },
    { type: "ADMIN.RISK", userId: "u2", status: "frozen", score: 40 },
    { type: "STREAM.RESET" },
    { type: "RISK.OPEN", action: "freeze" },
    { type: "xstate.done.actor.riskDialog", output: { succeeded: true } },
    { type: "xstate.done.actor.riskDialog", output: { succeeded: false } },
    { type: "APPROVE.OPEN", withdrawal: HELD },
    { type: "REJECT.OPEN", withdrawal: HELD },
    { type: "xstate.done.actor.approveDialog", output: { succeeded: true } },
    { type: "xstate.done.actor.approveDialog", output: { succeeded: false, outdated: true } },
    { type: "xstate.done.actor.approveDialog", output: { succeeded: false } },
    { type: "xstate.done.actor.rejectDialog", output: { succeeded: true } },
    { type: "xstate.done.actor.rejectDialog", output: { succeeded: false } },
  ],
  serializeState: (s: { value: unknown; context: { detail: unknown } }) =>
    JSON.stringify([serializeDialogPage(s), s.context.detail !== null]),
};

export const fairPlayPageModel = registerModel({
  name: "fair-play-page",
  file: "src/machines/admin/fair-play-page.machine.ts",
  machine: fairPlayPageMachine,
  suites: [{ name: "Fair play page", options: fairPlayPage, paths: "transitions" }],
});
