/**
 * The Deposit USDT tab walked on the real /wallet screen (the exported tests/e2e/generated/deposit.spec.ts).
 * A fresh signed-in account opens /wallet with no address and generates its wallet; an account whose address
 * got a devnet deposit credited before the page opened (tests/e2e/arrange/usdt.ts) sees it listed. The walk
 * holds the page's calls (reading the user record, generating, saving the address, the chain balance and the
 * latest transfers), so the path says when and how each is answered: by the server or by a network failure.
 * The live stream is the real one: it is up as the page opens, so the tab does not poll. Every event of the
 * machine is here: a gesture, or why none.
 */
import type { AnyMachineSnapshot } from "xstate";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import type { DepositEvent } from "#src/machines/wallet/deposit.machine.ts";
import { deposit } from "../models/deposit.model.ts";
import { NETWORK } from "../models/doubles.ts";
import { ADDRESS } from "../models/wallet-fixtures.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  type Expectation,
  type Gesture,
  hold,
  type NotAGesture,
  notAGesture,
  notGestures,
  TOASTER,
  type Walk,
  type WalkPart,
} from "./actions.ts";

export const LOAD_ADDRESS: Call = { method: "GET", path: "/user/*" };
export const GENERATE: Call = { method: "POST", path: "/wallet/generate" };
export const SAVE_ADDRESS: Call = { method: "PATCH", path: "/user/*" };
export const CHAIN_BALANCE: Call = { method: "GET", path: "/wallet/token/balance" };
export const CHAIN_TRANSFERS: Call = { method: "GET", path: "/wallet/transactions" };
const PANEL = { role: "tabpanel", name: "Deposit USDT" } as const;
const BANNER = { role: "banner" } as const;
/** Sonner's toasts, by label. */
/** The deposit of tests/e2e/arrange/usdt.ts creditedDeposit, as the tab and the header show it. */
const CREDITED = "250.50";

const PUSHED = "pushed by the server's live stream: walked with live-stream";
const NOT_NEWS = "a live event of another kind: the deposit tab does not hear it";

type DepositWalkEvent =
  | DepositEvent["type"]
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.${"loadAddress" | "generate" | "refresh" | "copyAddress"}`
  | "xstate.after.POLL.deposit.ready.chain.idle";

/** What the model's listing says: both parts read, or both failed (each failure toasts once). */
type Listing = { balance: number | null | undefined; transactions: unknown[] | undefined };
const failed = (listing: Listing) => listing.transactions === undefined;

export const depositGestures = {
  GENERATE: () => [click({ role: "button", name: "Generate USDT Wallet" }, PANEL)],
  REFRESH: () => [click({ role: "button", name: "Refresh" }, PANEL)],
  RETRY: () => [click({ role: "button", name: "Try again" }, PANEL)],
  COPY: () => [click({ role: "button", name: "Copy address" }, PANEL)],
  "xstate.done.actor.loadAddress": () => [answer(LOAD_ADDRESS, "server")],
  "xstate.error.actor.loadAddress": () => [answer(LOAD_ADDRESS, "network")],
  // The server makes the address and keeps it on the user record; the page then saves it there too (PATCH),
  // which may fail on its own: the address is the user's either way.
  "xstate.done.actor.generate": (event: { output: { saved: boolean } }) => [
    answer(GENERATE, "server"),
    answer(SAVE_ADDRESS, event.output.saved ? "server" : "network"),
  ],
  "xstate.error.actor.generate": () => [answer(GENERATE, "network")],
  // The chain balance and the latest transfers (the explorer's address prefix is read once, unheld).
  "xstate.done.actor.refresh": (event: { output: Listing }) => [
    answer(CHAIN_BALANCE, failed(event.output) ? "network" : "server"),
    answer(CHAIN_TRANSFERS, failed(event.output) ? "network" : "server"),
  ],
  "xstate.error.actor.refresh": notAGesture(
    "the refresh never fails as a whole: each part's failure is in its answer (wallet.actors.ts reads the balance and the transfers with Promise.all over results, not throws)",
  ),
  // The browser writes the clipboard of the page the person clicked in at once.
  "xstate.done.actor.copyAddress": () => [],
  "xstate.error.actor.copyAddress": notAGesture(
    "Chromium lets the page a person clicked in write the clipboard; no gesture denies it (wallet-deposit.walk.test.tsx rejects writeText)",
  ),
  "xstate.after.POLL.deposit.ready.chain.idle": notAGesture(
    "the tab polls only while the live stream is down, and on the real page it is up as the page opens (deposit.machine.test.ts runs the poll on a simulated clock)",
  ),
  "STREAM.UP": notAGesture(
    "the stream is up as the page opens: the page hears it while it still reads the address (no step of its own)",
  ),
  "STREAM.DOWN": notAGesture(PUSHED),
  "STREAM.RESET": notAGesture(PUSHED),
  "DEPOSIT.UPDATED": notAGesture(
    "pushed by the server when its own 3 s chain scan sights or credits a deposit, at a time no walk orders against the reads it holds; tests/e2e/wallet.spec.ts sends a devnet deposit to the open page and sees it credited",
  ),
  ...notGestures(
    [
      "POINTS.UPDATED",
      "WALLET.UPDATED",
      "MULTIPLIER.CHANGED",
      "WITHDRAWAL.UPDATED",
      "ACHIEVEMENT.UNLOCKED",
      "BOOSTER.CHANGED",
      "REFERRAL.UPDATED",
      "STANDING.CHANGED",
      "SESSION.REVOKED",
      "ADMIN.METRICS",
      "ADMIN.AUDIT",
      "ADMIN.RISK",
    ] as const,
    NOT_NEWS,
  ),
} satisfies Record<DepositWalkEvent, Gesture<never> | NotAGesture>;

const listed = (listing: Listing): ModelEvent => ({
  type: "xstate.done.actor.refresh",
  output: { ...listing, explorer: "e/" },
});
const READ: Listing = { balance: 0, transactions: [] };
const CREDITED_LISTING: Listing = {
  balance: Number(CREDITED),
  transactions: [{ type: "receive", value: Number(CREDITED), txId: "t", timestamp: "", status: "confirmed" }],
};
const FAILED: Listing = { balance: undefined, transactions: undefined };

/**
 * What a person on /wallet can make happen, and how the server answers. `withDeposit`: the address exists and
 * its deposit is credited (the listing shows it); otherwise a fresh account with no address.
 */
function walkModel(withDeposit: boolean): ModelOptions<unknown> {
  const ok = withDeposit ? CREDITED_LISTING : READ;
  return {
    input: deposit.input,
    actors: deposit.actors,
    fakeActors: ["loadAddress", "generate", "refresh", "copyAddress"],
    events: (snapshot) => {
      if (snapshot.matches("loading"))
        return withDeposit
          ? [{ type: "xstate.done.actor.loadAddress", output: ADDRESS }]
          : [
              { type: "xstate.done.actor.loadAddress", output: null },
              { type: "xstate.error.actor.loadAddress", error: NETWORK },
            ];
      if (snapshot.matches("loadFailed")) return [{ type: "RETRY" }];
      if (snapshot.matches("noAddress")) return [{ type: "GENERATE" }];
      if (snapshot.matches("generating"))
        return [
          { type: "xstate.done.actor.generate", output: { address: ADDRESS, saved: true } },
          ...(withDeposit
            ? []
            : [
                { type: "xstate.done.actor.generate", output: { address: ADDRESS, saved: false } },
                { type: "xstate.error.actor.generate", error: NETWORK },
              ]),
        ];
      // The copy ends at once: nothing else happens while it is out.
      if (snapshot.matches({ ready: { clipboard: "copying" } }))
        return [{ type: "xstate.done.actor.copyAddress" }];
      if (snapshot.matches({ ready: { chain: "refreshing" } }))
        return withDeposit ? [listed(ok)] : [listed(ok), listed(FAILED)];
      // Generating again while a read is out would leave that read held: only from a settled tab. With the
      // deposit listed, the person reads it again or copies the address (generating is walked without it).
      if (snapshot.matches({ ready: { chain: "idle" } }))
        return withDeposit
          ? [{ type: "REFRESH" }, { type: "COPY" }]
          : [{ type: "REFRESH" }, { type: "COPY" }, { type: "GENERATE" }];
      return [];
    },
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.address !== null,
        snapshot.context.transactions.length,
        snapshot.context.failing,
      ]),
  };
}

/** The toast a step shows, said by the model's snapshot before it. */
const toastOf = (last: ModelEvent, prior: AnyMachineSnapshot): string | null => {
  switch (last.type) {
    case "xstate.error.actor.loadAddress":
      return "Failed to load wallet information";
    case "xstate.done.actor.generate":
      return (last as unknown as { output: { saved: boolean } }).output.saved
        ? "Wallet generated and saved successfully!"
        : "Wallet generated successfully!";
    case "xstate.error.actor.generate":
      return prior.context.address ? "Failed to generate wallet, saved state" : "Failed to generate wallet";
    case "xstate.done.actor.copyAddress":
      return "Address copied to clipboard";
    case "xstate.done.actor.refresh":
      // A part that keeps failing is told once.
      return failed((last as unknown as { output: Listing }).output) && !prior.context.failing.transactions
        ? "Failed to fetch transactions"
        : null;
    default:
      return null;
  }
};

function atEnd(withDeposit: boolean) {
  return (leaf: AnyMachineSnapshot): Expectation[] => {
    const seen: Expectation[] = [];
    if (leaf.matches("loading")) seen.push({ see: { role: "status", name: "Loading wallet" } });
    if (leaf.matches("loadFailed"))
      seen.push(
        { seeIn: PANEL, text: "Could not load your wallet. Check your connection and try again." },
        { enabled: { role: "button", name: "Try again" }, is: true },
      );
    if (leaf.context.address === null && !leaf.matches("loading") && !leaf.matches("loadFailed")) {
      seen.push({ seeIn: PANEL, text: "Generating your wallet costs a one-time fee of 1 tron." });
      seen.push(
        leaf.matches("generating")
          ? { enabled: { role: "button", name: "Generating..." }, is: false }
          : { enabled: { role: "button", name: "Generate USDT Wallet" }, is: true },
      );
    }
    if (leaf.context.address !== null) {
      seen.push({ seeIn: PANEL, text: "Your USDT (TRC20) deposit address" });
      if (leaf.matches("generating"))
        seen.push({ enabled: { role: "button", name: "Generating..." }, is: false });
      if (leaf.matches({ ready: { chain: "refreshing" } }))
        seen.push({ enabled: { role: "button", name: "Refreshing..." }, is: false });
      if (leaf.matches({ ready: { chain: "idle" } })) {
        seen.push({ enabled: { role: "button", name: "Refresh" }, is: true });
        const { balance, transactions } = leaf.context as { balance: number | null; transactions: unknown[] };
        if (balance !== null) seen.push({ seeIn: PANEL, text: `${balance.toFixed(2)} USDT` });
        if (leaf.context.failing.balance) seen.push({ seeIn: PANEL, text: "N/A" });
        if (transactions.length === 0 && !leaf.context.failing.transactions)
          seen.push({ seeIn: PANEL, text: "No transactions found" });
      }
      if (withDeposit && leaf.context.transactions.length > 0)
        seen.push(
          { seeIn: PANEL, text: `Received ${CREDITED} USDT` },
          { see: { role: "link", namePrefix: "View transaction" } },
        );
    }
    // The header's wallet: a deposit credited before the page opened is in it.
    if (withDeposit) seen.push({ seeIn: BANNER, text: `$${CREDITED}` });
    return seen;
  };
}

const part = (withDeposit: boolean): WalkPart => ({
  name: withDeposit ? "an address with a deposit credited before" : "generate the wallet on /wallet",
  model: walkModel(withDeposit),
  // Each test of the deposit waits for the devnet to confirm it first: the shortest paths to each state.
  ...(withDeposit ? { paths: "shortest" as const } : {}),
  gestures: depositGestures,
  before: [
    hold(LOAD_ADDRESS),
    hold(GENERATE),
    hold(SAVE_ADDRESS),
    hold(CHAIN_BALANCE),
    hold(CHAIN_TRANSFERS),
  ],
  start: {
    url: "/wallet",
    account: "signedIn",
    ...(withDeposit ? { arrange: { file: "usdt", name: "creditedDeposit" } } : {}),
    ready: { role: "heading", name: "Wallet" },
  },
  after: (step) => {
    const told = toastOf(step.event, step.prior);
    return told ? [{ seeIn: TOASTER, text: told }] : [];
  },
  atEnd: atEnd(withDeposit),
});

export const depositWalk: Walk = { machine: "deposit", parts: [part(false), part(true)] };
