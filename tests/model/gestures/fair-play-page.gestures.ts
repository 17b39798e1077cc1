/**
 * The Fair play page walked on /admin/fair-play (the exported tests/e2e/generated/fair-play-page.spec.ts): two
 * players in review made through the API (tests/e2e/arrange/fair-play.ts), one whose panel the admin opens and
 * freezes, one whose 1 000 USDT withdrawal waits for a decision. The walk holds the panel's read of the account
 * and the three decisions, so the path says when each is answered: the account read by the server or a network
 * failure, a decision by the server, which refuses it (409) when another admin approved the withdrawal first.
 * Another admin freezing the open account pushes admin.risk, and the panel reads it again; so does a reset of the
 * stream (the server lost its position). The page's lists load by themselves (the fair-play-list walk holds them); how a dialog's own form behaves (empty or short reasons,
 * failures, a slow answer) is admin-form's walk. Every event of the machine is here: a gesture, or why none.
 */
import type { AnyMachineSnapshot } from "xstate";
import { fromCallback } from "xstate";
import {
  ALREADY_DECIDED,
  PAGE_FAILURES,
  riskActionDone,
  withdrawalApproved,
  withdrawalRejected,
} from "#src/machines/admin/admin.messages.ts";
import type { FairPlayPageEvent } from "#src/machines/admin/fair-play-page.machine.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { formatAddress, formatUsdt } from "#src/ui/admin/format.ts";
import { NETWORK_FAILURE } from "../models/admin-pages.ts";
import { fairPlayPage, HELD, RISK_ACCOUNT } from "../models/fair-play-page.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  approveElsewhere,
  asked,
  type Call,
  click,
  decideOnAccountElsewhere,
  type Expectation,
  fill,
  type Gesture,
  hold,
  type Locator,
  type NotAGesture,
  notAGesture,
  notGestures,
  press,
  resetStream,
  select,
  type Walk,
} from "./actions.ts";

export const ACCOUNT_RISK: Call = { method: "GET", path: "/admin/users/*/risk" };
export const RISK_ACTION: Call = { method: "POST", path: "/admin/users/*/risk" };
export const APPROVE: Call = { method: "POST", path: "/admin/withdrawals/*/approve" };
export const REJECT: Call = { method: "POST", path: "/admin/withdrawals/*/reject" };

const ACCOUNTS = { role: "table", name: "Accounts by risk" } as const;
const HELD_TABLE = { role: "table", name: "Held withdrawals" } as const;
/** The panel of the open account, named by its email. */
const PANEL = { role: "dialog", namePrefix: "Account " } as const;
const FREEZE_DIALOG = { role: "dialog", name: "Freeze account" } as const;
const APPROVE_DIALOG = { role: "dialog", name: "Approve withdrawal" } as const;
const REJECT_DIALOG = { role: "dialog", name: "Reject withdrawal" } as const;
/** The arranged players' rows: the one in review whose panel opens, the one whose withdrawal is held. */
const REVIEWED_ROW: Locator = { role: "row", nameContains: { arranged: "reviewed" } };
const HELD_ROW: Locator = { role: "row", nameContains: { arranged: "held" } };
/** How the dialogs name the held withdrawal: its 1 000 USDT to the arrangement's outside address. */
const HELD_LABEL = `${formatUsdt(1_000)} to ${formatAddress("TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K")}`;
const REASON_LABEL = "Reason (3 to 500 characters)";
const FREEZE_REASON = "Taps like a metronome: a script, not a person.";
const REJECT_REASON = "Asked for 1 000 USDT from a scripted account.";

type DialogDone = { output: { succeeded: boolean; outdated?: true } };

type FairPlayWalkEvent =
  | FairPlayPageEvent["type"]
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.account`
  | `xstate.done.actor.${"riskDialog" | "approveDialog" | "rejectDialog"}`;

type Detail = { status: string };
type Context = { detail: Detail | null };
const detailOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as Context).detail;

/**
 * A decision's dialog ends: by its own button, answered by the server (which refuses it when another admin
 * approved the withdrawal first: the test has that admin approve it while the dialog is open), or by Cancel.
 */
const decided = (dialog: Locator, submit: string, call: Call, reason?: string) => (event: DialogDone) =>
  event.output.succeeded || event.output.outdated
    ? [
        ...(event.output.outdated ? [approveElsewhere({ arranged: "heldWithdrawal" })] : []),
        ...(reason ? [fill(REASON_LABEL, reason)] : []),
        click({ role: "button", name: submit }, dialog),
        answer(call, "server"),
      ]
    : [click({ role: "button", name: "Cancel" }, dialog)];

export const fairPlayPageGestures = {
  // The filter above the accounts: the URL's search changes (?status=all), and the route passes it on.
  QUERY: () => [select({ role: "combobox", namePrefix: "Show" }, "all")],
  "ACCOUNT.OPEN": () => [click({ role: "button", nameContains: { arranged: "reviewed" } }, REVIEWED_ROW)],
  // The panel's Close, once it shows the account; before that, Escape (a read still out is then answered:
  // the page no longer takes it, and the next read the walk answers is the next panel's).
  "ACCOUNT.CLOSE": (_event: unknown, _next: unknown, { before }: { before: AnyMachineSnapshot }) =>
    before.matches({ account: "failed" }) || detailOf(before) === null
      ? [press("Escape"), ...(before.matches({ account: "loading" }) ? [answer(ACCOUNT_RISK, "server")] : [])]
      : [
          click({ role: "button", name: "Close" }, PANEL),
          ...(before.matches({ account: "loading" }) ? [answer(ACCOUNT_RISK, "server")] : []),
        ],
  "ACCOUNT.RETRY": () => [click({ role: "button", name: "Try again" }, PANEL)],
  "RISK.OPEN": () => [click({ role: "button", name: "Freeze" }, PANEL)],
  "APPROVE.OPEN": () => [click({ role: "button", name: "Approve" }, HELD_ROW)],
  "REJECT.OPEN": () => [click({ role: "button", name: "Reject" }, HELD_ROW)],
  "xstate.done.actor.account": () => [answer(ACCOUNT_RISK, "server")],
  "xstate.error.actor.account": () => [answer(ACCOUNT_RISK, "network")],
  "xstate.done.actor.riskDialog": decided(FREEZE_DIALOG, "Freeze", RISK_ACTION, FREEZE_REASON),
  "xstate.done.actor.approveDialog": decided(APPROVE_DIALOG, "Approve", APPROVE),
  "xstate.done.actor.rejectDialog": decided(REJECT_DIALOG, "Reject", REJECT, REJECT_REASON),
  // Another admin freezes the open account: the server pushes admin.risk naming it; the panel reads it again.
  "ADMIN.RISK": () => [
    decideOnAccountElsewhere({ arranged: "reviewedId" }, "freeze"),
    asked(ACCOUNT_RISK, 1),
  ],
  RELOAD: notAGesture(
    "nothing on the page sends RELOAD to the page machine: a decision reloads the list through the page's own `reload` action (walked here), the live stream reloads the list itself",
  ),
  // The stream reconnects to a server that lost its position: the panel reads the open account again.
  "STREAM.RESET": () => [resetStream(), asked(ACCOUNT_RISK, 1)],
  ...notGestures(
    ["STREAM.UP", "STREAM.DOWN"] as const,
    "the stream's status, which the page does not keep (its list reads again by itself): walked with live-stream",
  ),
  ...notGestures(
    ["ADMIN.AUDIT", "ADMIN.METRICS"] as const,
    "a live event of the back office the page leaves to its list (the fair-play-list walk): the page machine does not act on it",
  ),
  ...notGestures(
    [
      "POINTS.UPDATED",
      "WALLET.UPDATED",
      "MULTIPLIER.CHANGED",
      "DEPOSIT.UPDATED",
      "WITHDRAWAL.UPDATED",
      "ACHIEVEMENT.UNLOCKED",
      "BOOSTER.CHANGED",
      "REFERRAL.UPDATED",
      "STANDING.CHANGED",
      "SESSION.REVOKED",
    ] as const,
    "a player's live event: the back office hears the admins' stream only",
  ),
} satisfies Record<FairPlayWalkEvent, Gesture<never> | NotAGesture>;

/** The account's risk as the server answers it: in review at first, frozen after a freeze (here or elsewhere). */
const read = (status: "review" | "frozen"): ModelEvent => ({
  type: "xstate.done.actor.account",
  output: { userId: RISK_ACCOUNT.id, score: 40, status, signals: [] },
});
const ends = (dialog: "riskDialog" | "approveDialog" | "rejectDialog"): ModelEvent[] => [
  { type: `xstate.done.actor.${dialog}`, output: { succeeded: true } },
  ...(dialog === "riskDialog"
    ? []
    : [{ type: `xstate.done.actor.${dialog}`, output: { succeeded: false, outdated: true } }]),
  { type: `xstate.done.actor.${dialog}`, output: { succeeded: false } },
];

/**
 * What an admin on /admin/fair-play (and another admin elsewhere) can make happen. The account is frozen once
 * at most (by this admin's Freeze or another's), so every read after a freeze says frozen, and a frozen
 * account offers no Freeze.
 */
const walkModel: ModelOptions<unknown> = {
  ...fairPlayPage,
  // The page's lists load by themselves before the walk's first step (start.ready): not calls the walk answers.
  fakeActors: ["account", "riskDialog", "approveDialog", "rejectDialog"],
  actors: { list: fromCallback(() => {}), liveEvents: fromCallback(() => {}) },
  events: (snapshot) => {
    const detail = detailOf(snapshot);
    const inReview = detail?.status === "review";
    if (snapshot.matches("closed"))
      return [
        { type: "QUERY", search: { status: "all" } },
        { type: "ACCOUNT.OPEN", account: RISK_ACCOUNT },
        { type: "APPROVE.OPEN", withdrawal: HELD },
        { type: "REJECT.OPEN", withdrawal: HELD },
      ];
    if (snapshot.matches({ account: "loading" }))
      return [
        // The first read finds the account in review; a read after a freeze finds it frozen.
        read(detail === null ? "review" : "frozen"),
        { type: "xstate.error.actor.account", error: NETWORK_FAILURE },
        { type: "ACCOUNT.CLOSE" },
      ];
    if (snapshot.matches({ account: "shown" }))
      return [
        { type: "ACCOUNT.CLOSE" },
        // A reset reads the account again: walked once it is frozen, so the model's next read (frozen after
        // the first) is what the server answers.
        ...(inReview ? [] : [{ type: "STREAM.RESET" }]),
        ...(inReview
          ? [
              { type: "RISK.OPEN", action: "freeze" },
              { type: "ADMIN.RISK", userId: RISK_ACCOUNT.id, status: "frozen", score: 40 },
            ]
          : []),
      ];
    if (snapshot.matches({ account: "failed" }))
      return [{ type: "ACCOUNT.RETRY" }, { type: "ACCOUNT.CLOSE" }];
    if (snapshot.matches({ account: "acting" })) return ends("riskDialog");
    if (snapshot.matches("approving")) return ends("approveDialog");
    if (snapshot.matches("rejecting")) return ends("rejectDialog");
    return [];
  },
  serializeState: (snapshot) => JSON.stringify([snapshot.value, detailOf(snapshot)?.status ?? null]),
};

/** The toast a step shows. */
function toastOf(event: ModelEvent): string | null {
  const output = (event as Partial<DialogDone>).output;
  switch (event.type) {
    case "xstate.error.actor.account":
      return PAGE_FAILURES.riskAccount;
    case "xstate.done.actor.riskDialog":
      return output?.succeeded ? riskActionDone("freeze", "x").title : null;
    case "xstate.done.actor.approveDialog":
      return output?.succeeded ? withdrawalApproved("x").title : output?.outdated ? ALREADY_DECIDED : null;
    case "xstate.done.actor.rejectDialog":
      return output?.succeeded ? withdrawalRejected("x").title : output?.outdated ? ALREADY_DECIDED : null;
    default:
      return null;
  }
}

/** Whether the path decided the held withdrawal (here or, first, elsewhere): its row has left the list. */
const decidedHeld = (events: ModelEvent[]) =>
  events.some((event) => {
    const output = (event as Partial<DialogDone>).output;
    return (
      (event.type === "xstate.done.actor.approveDialog" || event.type === "xstate.done.actor.rejectDialog") &&
      (output?.succeeded || output?.outdated)
    );
  });

/** Whether the path froze the reviewed account (here or elsewhere): it has left the accounts in review. */
const frozeReviewed = (events: ModelEvent[]) =>
  events.some(
    (event) =>
      event.type === "ADMIN.RISK" ||
      (event.type === "xstate.done.actor.riskDialog" && (event as Partial<DialogDone>).output?.succeeded),
  );

function atEnd(leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] {
  const seen: Expectation[] = [];
  const detail = detailOf(leaf);
  // An open dialog hides the page behind it from a person's (and Playwright's) view of its roles.
  if (leaf.matches("closed")) {
    seen.push({ see: ACCOUNTS });
    if (events.at(-1)?.type === "QUERY") seen.push({ url: "/admin/fair-play?status=all" });
    else {
      if (!frozeReviewed(events)) seen.push({ see: REVIEWED_ROW });
      if (!decidedHeld(events)) seen.push({ seeIn: HELD_TABLE, text: "1,000.00 USDT" }, { see: HELD_ROW });
    }
  }
  if (leaf.matches("account") && !leaf.matches({ account: "acting" })) {
    seen.push({ see: PANEL });
    if (leaf.matches({ account: "failed" }))
      seen.push(
        { seeIn: PANEL, text: "Could not load this account's risk." },
        { enabled: { role: "button", name: "Try again" }, is: true },
      );
    else if (detail === null) seen.push({ see: { role: "status", name: "Loading the account" } });
    else {
      // The account as last read (a read again keeps it shown): its standing and its signals' heading.
      seen.push(
        { seeIn: PANEL, text: detail.status === "frozen" ? "Frozen" : "In review" },
        { seeIn: PANEL, text: "Signals" },
      );
      if (leaf.matches({ account: "shown" }))
        seen.push({
          enabled: { role: "button", name: detail.status === "frozen" ? "Unfreeze" : "Freeze" },
          is: true,
        });
    }
  }
  if (leaf.matches({ account: "acting" }))
    seen.push({ see: FREEZE_DIALOG }, { see: { label: REASON_LABEL } });
  if (leaf.matches("approving"))
    seen.push({ see: APPROVE_DIALOG }, { field: "Withdrawal", value: HELD_LABEL });
  if (leaf.matches("rejecting"))
    seen.push(
      { see: REJECT_DIALOG },
      { field: "Withdrawal", value: HELD_LABEL },
      { see: { label: REASON_LABEL } },
    );
  return seen;
}

export const fairPlayPageWalk: Walk = {
  machine: "fair-play-page",
  parts: [
    {
      name: "an admin decides on /admin/fair-play",
      model: walkModel,
      gestures: fairPlayPageGestures,
      before: [hold(ACCOUNT_RISK), hold(RISK_ACTION), hold(APPROVE), hold(REJECT)],
      start: {
        url: "/admin/fair-play",
        account: "admin",
        arrange: { file: "fair-play", name: "accountsInReview" },
        ready: ACCOUNTS,
      },
      after: (step) => {
        const told = toastOf(step.event);
        return told ? [{ see: { text: told } }] : [];
      },
      atEnd,
    },
  ],
};
