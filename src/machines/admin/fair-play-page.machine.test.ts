import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { withLoader } from "#src/machines/shared/list-page.machine.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import { ALREADY_DECIDED, PAGE_FAILURES, REASON_LENGTH } from "./admin.messages.ts";
import type { FairPlaySearch } from "./admin.search.ts";
import type { FairPlayData, FairPlayQuery, FormSuccess, RiskAccountData } from "./admin.types.ts";
import { adminFormMachine, type SubmitInput } from "./admin-form.machine.ts";
import { fairPlayListMachine, fairPlayQueryOf } from "./fair-play-list.machine.ts";
import { fairPlayPageMachine } from "./fair-play-page.machine.ts";
import { toFairPlayPanel, toFairPlayView } from "./fair-play-page.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const BOT = { id: "u1", label: "bot@example.com" };
const HELD = { id: "w1", label: "12.50 USDT to TDvSsd...we9K" };
const DATA: FairPlayData = {
  risk: { items: [], nextCursor: "r2" },
  held: { items: [], nextCursor: null },
};
const DETAIL = { userId: "u1", score: 70, status: "review", signals: [] } as unknown as RiskAccountData;
const CONFLICT_409 = { code: "WITHDRAWAL_DECIDED", message: "x", status: 409 };

function start(
  search: FairPlaySearch,
  options: { submit?: Array<FormSuccess | object>; account?: Array<RiskAccountData | Error> } = {},
) {
  const queries: FairPlayQuery[] = [];
  const accounts: string[] = [];
  const submitted: SubmitInput[] = [];
  const fake = createFakeApp({ streamsUp: { admin: true } });
  const dialog = adminFormMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }: { input: SubmitInput }) => {
        submitted.push(input);
        const next = options.submit?.shift() ?? new Error("down");
        if (next instanceof Error || !("title" in next)) throw next;
        return next as FormSuccess;
      }),
    },
  });
  const actor = createActor(
    fairPlayPageMachine.provide({
      actors: {
        list: withLoader(
          fairPlayListMachine,
          fromPromise(async ({ input }: { input: FairPlayQuery }) => {
            queries.push(input);
            return DATA;
          }),
        ),
        account: fromPromise(async ({ input }: { input: string }) => {
          accounts.push(input);
          const next = options.account?.shift() ?? DETAIL;
          if (next instanceof Error) throw next;
          return next;
        }),
        riskDialog: dialog,
        approveDialog: dialog,
        rejectDialog: dialog,
      },
    }),
    { input: { search, newId: () => "key", app: fake.app } },
  );
  const toasts: string[] = [];
  actor.on("toast", (event) => toasts.push(`${event.title}: ${event.description}`));
  actor.start();
  const form = (name: "riskDialog" | "approveDialog" | "rejectDialog") => {
    const child = actor.getSnapshot().children[name]!;
    child.on("toast", (event) => toasts.push(`${event.title}: ${event.description}`));
    return child;
  };
  const panel = () => toFairPlayPanel(actor.getSnapshot());
  const view = () => toFairPlayView(actor.getSnapshot().children.list?.getSnapshot());
  return { actor, queries, accounts, submitted, toasts, form, panel, view, push: fake.push };
}

describe("Fair play page machine", () => {
  it("reads the open account again when another admin acts on it, and not for another account", async () => {
    const { actor, accounts, push } = start({});
    await flush();
    push("admin", { type: "ADMIN.RISK", userId: "u1", status: "frozen", score: 70 });
    await flush();
    expect(accounts).toEqual([]); // no panel open: nothing to read
    actor.send({ type: "ACCOUNT.OPEN", account: BOT });
    await flush();
    expect(accounts).toEqual(["u1"]);
    push("admin", { type: "ADMIN.RISK", userId: "u2", status: "frozen", score: 40 });
    await flush();
    expect(accounts).toEqual(["u1"]);
    expect(actor.getSnapshot().matches({ account: "shown" })).toBe(true);
    push("admin", { type: "ADMIN.RISK", userId: "u1", status: "frozen", score: 70 });
    await flush();
    expect(accounts).toEqual(["u1", "u1"]);
    // An event that names no account, or lost events, may be about it: read it again.
    push("admin", { type: "ADMIN.RISK", userId: "", status: "ok", score: 0 });
    await flush();
    push("admin", { type: "STREAM.RESET" });
    await flush();
    expect(accounts).toEqual(["u1", "u1", "u1", "u1"]);
    expect(actor.getSnapshot().matches({ account: "shown" })).toBe(true);
    actor.send({ type: "ACCOUNT.CLOSE" });
    push("admin", { type: "ADMIN.RISK", userId: "u1", status: "ok", score: 0 });
    await flush();
    expect(accounts).toHaveLength(4);
  });

  it("asks for accounts in review when the URL names no filter, and for the URL's filter and pages", async () => {
    expect(fairPlayQueryOf({})).toEqual({ risk: { status: "review" }, held: {} });
    expect(fairPlayQueryOf({ status: "appealed", cursors: "a,b", hcursors: "h" })).toEqual({
      risk: { status: "appealed", cursor: "b" },
      held: { cursor: "h" },
    });
    const { queries, view } = start({ status: "frozen" });
    await flush();
    expect(queries).toEqual([{ risk: { status: "frozen" }, held: {} }]);
    expect(view()).toMatchObject({ status: "ready", filter: "frozen" });
    // A new filter starts the accounts at page 1 and keeps the held withdrawals' page; review is no filter.
    expect(view().withFilter("review")).toEqual({ status: undefined, cursors: undefined });
    expect(view().accounts.after({ page: 2 })).toEqual({ status: "frozen", cursors: "r2" });
  });

  it("opens an account's risk; a failed load says so and retries; closing forgets the account", async () => {
    const { actor, accounts, toasts, panel } = start({}, { account: [new Error("down")] });
    actor.send({ type: "ACCOUNT.OPEN", account: BOT });
    expect(panel()).toMatchObject({ panelOpen: true, panelStatus: "loading", account: BOT });
    await flush();
    expect(panel().panelStatus).toBe("failed");
    expect(toasts).toEqual([`Error: ${PAGE_FAILURES.riskAccount}`]);
    actor.send({ type: "ACCOUNT.RETRY" });
    await flush();
    expect(panel()).toMatchObject({ panelStatus: "ready", detail: DETAIL });
    expect(accounts).toEqual(["u1", "u1"]);
    actor.send({ type: "ACCOUNT.CLOSE" });
    expect(panel()).toMatchObject({ panelOpen: false, account: null, detail: null });
  });

  it("an action asks for a reason of 3 to 500 characters, sends the chosen action, then reloads list and account", async () => {
    const done = { title: "Account Frozen", description: "bot@example.com is frozen." };
    const { actor, queries, accounts, submitted, toasts, form, panel } = start({}, { submit: [done] });
    await flush();
    actor.send({ type: "ACCOUNT.OPEN", account: BOT });
    await flush();
    actor.send({ type: "RISK.OPEN", action: "freeze" });
    expect(panel().panelOpen).toBe(false);
    const dialog = form("riskDialog");
    dialog.send({ type: "CHANGE", name: "reason", value: " ok " });
    dialog.send({ type: "SUBMIT" });
    dialog.send({ type: "CHANGE", name: "reason", value: "x".repeat(501) });
    dialog.send({ type: "SUBMIT" });
    expect(submitted).toEqual([]);
    expect(toasts).toEqual([`Error: ${REASON_LENGTH}`, `Error: ${REASON_LENGTH}`]);
    dialog.send({ type: "CHANGE", name: "reason", value: "metronome taps" });
    dialog.send({ type: "SUBMIT" });
    await flush();
    await flush();
    expect(submitted).toEqual([
      { form: "riskAction", fields: { action: "freeze", reason: "metronome taps" }, target: BOT, key: "key" },
    ]);
    expect(toasts.at(-1)).toBe(`${done.title}: ${done.description}`);
    expect(queries).toHaveLength(2);
    expect(accounts).toEqual(["u1", "u1"]);
    expect(panel()).toMatchObject({ panelOpen: true, panelStatus: "ready" });
  });

  it("a decision another admin made first closes the dialog with its words and reloads the list", async () => {
    const { actor, queries, toasts, form } = start({}, { submit: [CONFLICT_409] });
    await flush();
    actor.send({ type: "APPROVE.OPEN", withdrawal: HELD });
    form("approveDialog").send({ type: "SUBMIT" });
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toBe("closed");
    expect(toasts).toEqual([`Already decided: ${ALREADY_DECIDED}`]);
    expect(queries).toHaveLength(2);
  });

  it("a rejection that failed keeps the dialog and its reason; cancelling reloads nothing", async () => {
    const { actor, queries, toasts, form, submitted } = start(
      {},
      { submit: [{ code: "SERVER_ERROR", message: "x", status: 500 }] },
    );
    await flush();
    actor.send({ type: "REJECT.OPEN", withdrawal: HELD });
    const dialog = form("rejectDialog");
    dialog.send({ type: "CHANGE", name: "reason", value: "same address as 11 bots" });
    dialog.send({ type: "SUBMIT" });
    await flush();
    expect(actor.getSnapshot().value).toBe("rejecting");
    expect(toasts).toEqual(["Error: Failed to reject the withdrawal. Please try again."]);
    expect(dialog.getSnapshot().context.fields.reason).toBe("same address as 11 bots");
    dialog.send({ type: "CLOSE" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(submitted).toHaveLength(1);
    expect(queries).toHaveLength(1);
  });
});
