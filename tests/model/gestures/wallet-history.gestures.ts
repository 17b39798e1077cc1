/**
 * The wallet's Transaction History walked on the real /wallet screen (the exported
 * tests/e2e/generated/wallet-history.spec.ts). A signed-in player whose wallet already moved more often than
 * one page holds (tests/e2e/arrange/usdt.ts: a devnet funding of $307.00, then 20 of $1.00) opens /wallet; the
 * walk holds the history's read, so the path says when and how each read is answered (by the server, or a
 * network failure). The player reads the first page, presses Show more for the oldest row, and the suite's
 * admin funds the wallet ($3.00 through the devnet): the server's transfer pushes the new balance and the
 * history reads its first page again, quietly, putting the new row in front. With the stream dropped, the
 * player withdraws the minimum on the Withdraw tab, which asks the history to read again (REFRESH). Every event
 * of the machine is here: a gesture, or why none.
 *
 * The page hears that its stream is up when the stream opens, which may be before or after the first read is
 * answered; up, a ready history reads again. So the walk waits for the stream to be up before it answers the
 * first read (the first step of every path): the order is the walk's, not a race.
 */
import type { AnyMachineSnapshot } from "xstate";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { NETWORK } from "../models/doubles.ts";
import { TO } from "../models/wallet-fixtures.ts";
import { walletHistory } from "../models/wallet-history.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  asked,
  type Call,
  click,
  clock,
  dropStream,
  type Expectation,
  fill,
  fundElsewhere,
  type Gesture,
  hold,
  liveStreamUp,
  type NotAGesture,
  notAGesture,
  notGestures,
  restoreStream,
  type Walk,
} from "./actions.ts";

export const WALLET_HISTORY_LOAD: Call = { method: "GET", path: "/wallet/history" };
/** Sonner's toasts, by label. */
const TOASTS = { label: "Notifications alt+T" } as const;
const LOAD_FAILED = "Could not load your transactions.";
const TOLD_FAILED = "Failed to fetch transactions";
const WITHDRAW_PANEL = { role: "tabpanel", name: "Withdraw USDT" } as const;
/** What the player withdraws with the stream down (REFRESH, the minimum): its row (−$300.00) comes first. */
const WITHDRAWN = 300;
/** What the admin funds for each push: its row (+$3.00) is told apart from the arrangement's $1.00 and $307.00. */
const FUNDED_ELSEWHERE = 3;

const NOT_HEARD = "a live event of another kind: the wallet history does not listen to it";

type WalletHistoryWalkEvent =
  | "RELOAD"
  | "REFRESH"
  | "MORE"
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.loadPage`
  | "xstate.after.HISTORY_POLL.walletHistory.ready";

/** A read is out in `snapshot` that a push makes the page ask again (the older request is then stale). */
const asksAgain = (snapshot: AnyMachineSnapshot) =>
  snapshot.matches("loading") || snapshot.matches("refreshing");

export const walletHistoryGestures = {
  MORE: () => [click({ role: "button", name: "Show more" })],
  RELOAD: () => [click({ role: "button", name: "Try again" })],
  // The suite's admin funds the wallet: the server pushes the new balance. Where a read was out, the page asks
  // again: the walk waits for the new request and answers the stale one (the page no longer takes it). From a
  // settled list or the failure, the page's new read is awaited; while a next page loads, the push is noted.
  "WALLET.UPDATED": (_event: unknown, _next: unknown, { before }: { before: AnyMachineSnapshot }) =>
    asksAgain(before)
      ? [
          fundElsewhere(FUNDED_ELSEWHERE),
          asked(WALLET_HISTORY_LOAD, 2),
          answer(WALLET_HISTORY_LOAD, "server"),
        ]
      : before.matches("loadingMore")
        ? [fundElsewhere(FUNDED_ELSEWHERE)]
        : [fundElsewhere(FUNDED_ELSEWHERE), asked(WALLET_HISTORY_LOAD, 1)],
  // The stream opens as the page opens; the walk waits for it before it answers the first read.
  // As the page opens, the walk waits for the stream; after a drop, the stream is let back (the page then
  // reads its first page once: what happened while it was down).
  "STREAM.UP": (_event, _next, { before }) => [before.matches("loading") ? liveStreamUp() : restoreStream()],
  "xstate.done.actor.loadPage": () => [answer(WALLET_HISTORY_LOAD, "server")],
  "xstate.error.actor.loadPage": () => [answer(WALLET_HISTORY_LOAD, "network")],
  // With the stream down, the player withdraws the minimum on the Withdraw tab: the tab says the wallet moved as the
  // withdrawal goes out, and the list reads its first page again (nothing is pushed). The test owns the clock
  // from here, so the tab's 3 s follow-up poll never runs: its end would refresh the list once more.
  REFRESH: () => [
    clock(0),
    click({ role: "tab", name: "Withdraw USDT" }),
    fill("TRC20 address", TO, WITHDRAW_PANEL),
    fill("Amount (USDT)", String(WITHDRAWN), WITHDRAW_PANEL),
    click({ role: "button", name: "Withdraw" }, WITHDRAW_PANEL),
    asked(WALLET_HISTORY_LOAD, 1),
  ],
  "xstate.after.HISTORY_POLL.walletHistory.ready": notAGesture(
    "the history polls only while an entry is pending and the stream is down; on the real page the stream is up before the first read is answered, and the funded movements are never pending (wallet-live.test.ts runs the poll on a simulated clock)",
  ),
  // The stream drops and stays down while the rest of the network works: the list stays as it is.
  "STREAM.DOWN": () => [dropStream()],
  "STREAM.RESET": notAGesture(
    "the server's reset comes on a reconnect, and this page also reads its first page on coming back up: two reads for one step, in an order no walk can hold (wallet-history.machine.test.ts resets it)",
  ),
  "DEPOSIT.UPDATED": notAGesture(
    "pushed when the server's own 3 s chain scan sights or credits a deposit, at a time no walk orders against the reads it holds; tests/e2e/wallet.spec.ts sends a devnet deposit to the open page and sees it credited",
  ),
  "WITHDRAWAL.UPDATED": notAGesture(
    "pushed when the devnet confirms a withdrawal a few seconds after it went out, at a time no walk orders against the reads it holds; the withdraw-usdt walk waits for it",
  ),
  ...notGestures(
    [
      "POINTS.UPDATED",
      "MULTIPLIER.CHANGED",
      "ACHIEVEMENT.UNLOCKED",
      "BOOSTER.CHANGED",
      "REFERRAL.UPDATED",
      "STANDING.CHANGED",
      "SESSION.REVOKED",
      "ADMIN.METRICS",
      "ADMIN.AUDIT",
      "ADMIN.RISK",
    ] as const,
    NOT_HEARD,
  ),
} satisfies Record<WalletHistoryWalkEvent, Gesture<never> | NotAGesture>;

const row = (id: string, amount: number) => ({
  id,
  type: "deposit" as const,
  amount,
  description: "Devnet funding",
  timestamp: "2030-01-02T12:00:00.000Z",
  status: "completed" as const,
});

/** The first page as the arrangement makes it: 20 fundings of $1.00, and more to come. */
const FIRST_PAGE = Array.from({ length: 20 }, (_, index) => row(`one-${index}`, 1));
/**
 * The oldest funding (tests/e2e/arrange/usdt.ts OLDEST_FUNDING): with it the wallet holds the minimum withdrawal.
 */
const OLDEST_FUNDING = 307;
/** The second page: the oldest funding, $307.00, and nothing after it. */
const OLDEST = row("oldest", OLDEST_FUNDING);
/** The funding pushed while the page is open, in front of the first page read again. */
const PUSHED_ROW = row("pushed", FUNDED_ELSEWHERE);
/** The player's withdrawal with the stream down, in front of the first page read again after it. */
const WITHDRAWN_ROW = {
  ...row("withdrawn", WITHDRAWN),
  type: "withdrawal" as const,
  status: "pending" as const,
};

type Context = {
  transactions: { id: string }[];
  nextCursor: string | null;
  streamUp: boolean;
  behind: boolean;
};
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;
const shows = (snapshot: { context: unknown }, id: string) =>
  contextOf(snapshot).transactions.some((shown) => shown.id === id);

const PUSH: ModelEvent = { type: "WALLET.UPDATED", balance: 30 };

/** Only what a person on /wallet (and the admin elsewhere) can make happen. */
export const walletHistoryWalkModel: ModelOptions<unknown> = {
  input: walletHistory.input,
  fakeActors: ["loadPage"],
  events: (snapshot) => {
    const { streamUp, behind } = contextOf(snapshot);
    const read = (output: unknown): ModelEvent[] => [
      { type: "xstate.done.actor.loadPage", output },
      { type: "xstate.error.actor.loadPage", error: NETWORK },
    ];
    // The page opens: the stream comes up before the first read is answered (the walk waits for it).
    if (snapshot.matches("loading") && !streamUp) return [{ type: "STREAM.UP" }];
    if (snapshot.matches("loading"))
      return [...read({ transactions: FIRST_PAGE, nextCursor: "page-2" }), PUSH];
    if (snapshot.matches("failed")) return [{ type: "RELOAD" }, PUSH];
    // Dropped (every path starts with the stream up): it comes back, and the first page is read once; or the
    // player withdraws, and the list reads again (the path ends there: the stream back would replay the
    // withdrawal's pushes, and the devnet confirms it in a few seconds, neither a step a walk orders).
    if (snapshot.matches("ready") && !streamUp)
      return shows(snapshot, "withdrawn") ? [] : [{ type: "STREAM.UP" }, { type: "REFRESH" }];
    // Reading again with the stream down: only the withdrawal asks for that.
    if (snapshot.matches("refreshing") && !streamUp)
      return read({
        transactions: [WITHDRAWN_ROW, PUSHED_ROW, ...FIRST_PAGE.slice(0, 18)],
        nextCursor: "page-2",
      });
    // Funded while the list is at rest until its row shows (more fundings there walk nothing new); then the
    // stream may drop (every later read of the first page holds the pushed row, as the model's reads say).
    if (snapshot.matches("ready"))
      return [
        ...(contextOf(snapshot).nextCursor !== null ? [{ type: "MORE" }] : []),
        ...(shows(snapshot, "pushed") ? [{ type: "STREAM.DOWN" }] : [PUSH]),
      ];
    // While a next page loads, one push: the list falls behind and reads its first page after it.
    if (snapshot.matches("loadingMore"))
      return [...read({ transactions: [OLDEST], nextCursor: null }), ...(behind ? [] : [PUSH])];
    if (snapshot.matches("refreshing"))
      return [
        ...read({ transactions: [PUSHED_ROW, ...FIRST_PAGE.slice(0, 19)], nextCursor: "page-2" }),
        PUSH,
      ];
    return [];
  },
  serializeState: (snapshot) => {
    const { nextCursor, streamUp, behind } = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      shows(snapshot, "one-0"),
      shows(snapshot, "oldest"),
      shows(snapshot, "pushed"),
      shows(snapshot, "withdrawn"),
      nextCursor,
      streamUp,
      behind,
    ]);
  },
};

export const walletHistoryWalk: Walk = {
  machine: "wallet-history",
  parts: [
    {
      name: "the transaction history on /wallet",
      model: walletHistoryWalkModel,
      gestures: walletHistoryGestures,
      before: [hold(WALLET_HISTORY_LOAD)],
      start: {
        url: "/wallet",
        account: "signedIn",
        arrange: { file: "usdt", name: "twoPagesOfMovements" },
        ready: { role: "heading", name: "Transaction History" },
      },
      after: (step) =>
        // A failed first read and a failed next page are told; a failed quiet refresh is not.
        step.event.type === "xstate.error.actor.loadPage" && !step.prior.matches("refreshing")
          ? [{ seeIn: TOASTS, text: TOLD_FAILED }]
          : [],
      atEnd: (leaf) => {
        const seen: Expectation[] = [];
        if (leaf.matches("loading")) seen.push({ see: { role: "status", name: "Loading transactions" } });
        if (leaf.matches("failed"))
          seen.push(
            // The words share their line with the button: found in the page's main part, not as a whole text.
            { seeIn: { role: "main" }, text: LOAD_FAILED },
            { enabled: { role: "button", name: "Try again" }, is: true },
          );
        if (shows(leaf, "one-0")) seen.push({ see: { text: "+$1.00" } });
        if (shows(leaf, "oldest")) seen.push({ see: { text: `+$${OLDEST_FUNDING.toFixed(2)}` } });
        if (shows(leaf, "pushed")) seen.push({ see: { text: "+$3.00" } });
        if (shows(leaf, "withdrawn")) seen.push({ see: { text: `−$${WITHDRAWN.toFixed(2)}` } });
        if (leaf.matches("loadingMore"))
          seen.push({ enabled: { role: "button", name: "Loading..." }, is: false });
        else if (shows(leaf, "one-0") && contextOf(leaf).nextCursor !== null)
          seen.push({ enabled: { role: "button", name: "Show more" }, is: true });
        return seen;
      },
    },
  ],
};
