/**
 * What a person does in the browser, said once for two drivers: the UI walks perform it with Testing Library
 * on jsdom (testing-library.ts), and the model kit's exporter writes it as Playwright code for the real app
 * (tools/model-kit/playwright-export.ts). A machine's event-to-gesture map (`*.gestures.ts` here) returns
 * these, so the walks and the exported specs cannot drift apart (docs/decisions/029-model-kit.md).
 */
import type { AnyMachineSnapshot } from "xstate";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";

export type Role =
  | "alert"
  | "banner"
  | "button"
  | "checkbox"
  | "combobox"
  | "dialog"
  | "heading"
  | "link"
  | "list"
  | "listitem"
  | "main"
  | "menuitem"
  | "navigation"
  | "option"
  | "radio"
  | "region"
  | "row"
  | "searchbox"
  | "status"
  | "tab"
  | "table"
  | "tabpanel"
  | "textbox"
  | "timer";
/**
 * What a gesture looks for; names, texts and labels match exactly in both drivers. `namePrefix` is for a name
 * that ends in the account's own data (the account menu names the signed-in email); `nameContains` for one
 * that holds a value the test's arrangement made (the table row of the player it made, by their email).
 */
export type Locator =
  | { role: Role; name?: string }
  | { role: Role; namePrefix: string }
  | { role: Role; nameContains: { arranged: string } }
  | { text: string }
  | { label: string };

/**
 * A field's value: literal, a part of the account the walk uses (fresh for every exported test), or a value
 * the test's arrangement made (`start.arrange`: another player's email, say).
 */
export type Value = string | { account: "name" | "email" | "password" } | { arranged: string };

/**
 * A call the app makes to the API, by method and path under /api (`*` stands for one path segment:
 * `/user/:id/points` is written `/user/*` then `/points`). Faults and held answers name the call they act on.
 */
export interface Call {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
}

/**
 * How a held call is answered: by the real server, by a network failure (no answer at all), or by the
 * error body the API gives (`{ error: { code, message } }` with its status, server/errors.ts).
 */
export type Outcome = "server" | "network" | { status: number; code: string; message: string };

/** How a person leaves a share sheet: they shared, they closed it (AbortError), or it could not open. */
export type ShareOutcome = "shared" | "AbortError" | "NotAllowedError";

export type Action =
  | { do: "click"; target: Locator; within?: Locator }
  | { do: "fill"; label: string; value: Value; within?: Locator }
  /** Chooses the option `value` of a select (a list's filter). */
  | { do: "select"; target: Locator; value: string }
  | { do: "dispatch"; event: "pagehide" | "online" }
  /** A key pressed on the focused element ("Escape" closes a dialog, "Enter" submits). */
  | { do: "press"; key: string }
  | { do: "waitFor"; target: Locator }
  | { do: "unlessVisible"; target: Locator; then: Action[] }
  /** From now on every request of `call` waits until an `answer` (the server is slow: a loading state). */
  | { do: "hold"; call: Call }
  /** Answers the oldest held request of `call` (waiting for it to arrive) with `with`. */
  | { do: "answer"; call: Call; with: Outcome }
  /**
   * The next `count` requests of `call` are not held: what the page sends with `keepalive` as it closes is
   * outside what the walk decides (the jsdom fake never holds those, so there it does nothing).
   */
  | { do: "pass"; call: Call; count: number }
  /** The browser loses or regains its network (the app hears `offline` / `online`). */
  | { do: "offline" }
  | { do: "online" }
  /** The app's clock moves on `ms`, firing every timer due (the tests own the clock: no waiting). */
  | { do: "clock"; ms: number }
  /**
   * The app's clock jumps to `offsetMs` from the next UTC midnight (negative: before it), firing each timer
   * due once on the way: the day ends on the server's calendar, which the test cannot move. `modelMs` is the
   * same jump on the model's clock, whose day ends a fixed time after it opened (the real-clock check uses it).
   */
  | { do: "toDayEnd"; offsetMs: number; modelMs: number }
  /** Switches to tab `index` of the same browser (0 is the first), opening it on `url` when it is new. */
  | { do: "tab"; index: number; url?: string }
  /** The person closes tab `index` (not the one the walk looks at): its locks go back to the other tabs. */
  | { do: "closeTab"; index: number }
  /** The site's stored `key` is gone from under the app (the person cleared the site's data, say). */
  | { do: "forget"; key: string }
  /** Every read of the site's storage throws from now on (a browser setting that blocks it). */
  | { do: "blockStorage" }
  /** The page is hidden (the person switches apps or tabs): `visibilitychange` with the state `hidden`. */
  | { do: "hide" }
  /** The same player taps `taps` times on another device (a batch through the API): the server pushes it. */
  | { do: "tapElsewhere"; taps: number }
  /** This browser's session is logged out from elsewhere (another tab, through the API): the server ends it. */
  | { do: "logOutElsewhere"; who?: "admin" }
  /** The same player asks for a review on another device (through the API): their one open appeal. */
  | { do: "appealElsewhere"; message: string }
  /** An admin decides on this player's account in the back office (through the API): the server pushes it. */
  | { do: "decideElsewhere"; action: "clear" | "freeze" | "unfreeze" }
  /** The same player buys a booster on another device (through the API): the server pushes it to every screen. */
  | { do: "buyBoosterElsewhere"; boosterId: string }
  /** The suite's admin acts in the back office elsewhere (an audited change): the admins' stream pushes it. */
  | { do: "adminActsElsewhere" }
  /**
   * A new player taps like a script elsewhere (through the API) until fair play puts their account in review:
   * the server pushes admin.risk to every admin's screen.
   */
  | { do: "playerFlaggedElsewhere" }
  /**
   * A friend signs up with the signed-in player's referral code (a new account through the API, named `name`):
   * the server pushes the player's new referral figures.
   */
  | { do: "friendSignsUp"; name: string }
  /** The suite's admin funds this player's wallet on the devnet (through the API): the server pushes the balance. */
  | { do: "fundElsewhere"; amount: number }
  /** Waits until the page's live stream is open and the page has heard so (its machines got STREAM.UP). */
  | { do: "liveStreamUp" }
  /**
   * The live stream drops and cannot come back while the rest of the network works: the browser's network
   * blips (the app closes its stream, docs/decisions/042) and every ticket it asks for is refused from then on.
   */
  | { do: "dropStream" }
  /** The stream may come back: tickets pass again, the network blips, and the page's new stream opens. */
  | { do: "restoreStream" }
  /**
   * The stream reconnects to a server that no longer holds the position it resumes from (as after a restore
   * from backup): the network blips and the server answers the new stream with its `reset` frame.
   */
  | { do: "resetStream" }
  /** Waits until `count` requests of a held `call` are out, unanswered (the page asked again). */
  | { do: "asked"; call: Call; count: number }
  /**
   * Another admin decides on an account in the back office (through the API; `account` is its id, one the
   * arrangement made): the server pushes admin.risk to every admin's screen.
   */
  | { do: "decideOnAccountElsewhere"; account: Value; action: "clear" | "freeze" | "unfreeze" }
  /**
   * Waits until the server has settled every USDT withdrawal of the signed-in player (the devnet confirms each
   * a few seconds after it went out), as its wallet history says.
   */
  | { do: "withdrawalsSettled" }
  /**
   * Before the page opens: the browser has a share sheet (a phone's; Chromium on Linux has none), which stays
   * open until `closeShareSheet` (tests/e2e/browser-stand-ins.ts).
   */
  | { do: "shareSheet" }
  /** The person leaves the open share sheet: shared, closed it (AbortError), or it could not open. */
  | { do: "closeShareSheet"; outcome: ShareOutcome }
  /** The browser refuses the page's next clipboard write (a browser that blocks the clipboard). */
  | { do: "refuseClipboard" }
  /**
   * Before the page opens: the page counts the frames its stream delivers, by type
   * (tests/e2e/live-stream-watch.ts).
   */
  | { do: "recordFrames" }
  /** Support sets this player's multiplier (through the API); waits until the page heard the frame. */
  | { do: "multiplierSetElsewhere"; multiplier: number }
  /** Another admin approves a held withdrawal first (through the API; `withdrawal` is its id). */
  | { do: "approveElsewhere"; withdrawal: Value };

/** Sonner's toaster, where every toast shows (its label names the keyboard shortcut that focuses it). */
export const TOASTER = { label: "Notifications alt+T" } as const;
/** The player's coin on /tap. */
export const COIN = { role: "button", name: "Tap to earn" } as const;
/** The player's main navigation (the tab bar at 375 px, the side bar at 1280 px). */
export const MAIN_NAVIGATION = { role: "navigation", name: "Main" } as const;

export const click = (target: Locator, within?: Locator): Action => ({
  do: "click",
  target,
  ...(within ? { within } : {}),
});
/** Follows the main navigation's link to the page `label` names ("Tap", "Home", "Rewards"). */
export const toPage = (label: string): Action => click({ role: "link", name: label }, MAIN_NAVIGATION);
export const fill = (label: string, value: Value, within?: Locator): Action => ({
  do: "fill",
  label,
  value,
  ...(within ? { within } : {}),
});
export const select = (target: Locator, value: string): Action => ({ do: "select", target, value });
export const dispatch = (event: "pagehide" | "online"): Action => ({ do: "dispatch", event });
export const press = (key: string): Action => ({ do: "press", key });
export const waitFor = (target: Locator): Action => ({ do: "waitFor", target });
export const unlessVisible = (target: Locator, then: Action[]): Action => ({
  do: "unlessVisible",
  target,
  then,
});

export const hold = (call: Call): Action => ({ do: "hold", call });
export const answer = (call: Call, outcome: Outcome): Action => ({ do: "answer", call, with: outcome });
export const pass = (call: Call, count: number): Action => ({ do: "pass", call, count });
export const offline = (): Action => ({ do: "offline" });
export const online = (): Action => ({ do: "online" });
export const clock = (ms: number): Action => ({ do: "clock", ms });
export const toDayEnd = (offsetMs: number, modelMs: number): Action => ({
  do: "toDayEnd",
  offsetMs,
  modelMs,
});
export const tab = (index: number, url?: string): Action => ({ do: "tab", index, ...(url ? { url } : {}) });
export const closeTab = (index: number): Action => ({ do: "closeTab", index });
export const forget = (key: string): Action => ({ do: "forget", key });
export const blockStorage = (): Action => ({ do: "blockStorage" });
export const hide = (): Action => ({ do: "hide" });
export const tapElsewhere = (taps: number): Action => ({ do: "tapElsewhere", taps });
/** The player's session (or, with "admin", the back office's) is logged out elsewhere. */
export const logOutElsewhere = (who?: "admin"): Action => ({
  do: "logOutElsewhere",
  ...(who ? { who } : {}),
});
export const appealElsewhere = (message: string): Action => ({ do: "appealElsewhere", message });
export const decideElsewhere = (action: "clear" | "freeze" | "unfreeze"): Action => ({
  do: "decideElsewhere",
  action,
});
export const buyBoosterElsewhere = (boosterId: string): Action => ({ do: "buyBoosterElsewhere", boosterId });
export const adminActsElsewhere = (): Action => ({ do: "adminActsElsewhere" });
export const playerFlaggedElsewhere = (): Action => ({ do: "playerFlaggedElsewhere" });
export const friendSignsUp = (name: string): Action => ({ do: "friendSignsUp", name });
export const fundElsewhere = (amount: number): Action => ({ do: "fundElsewhere", amount });
export const liveStreamUp = (): Action => ({ do: "liveStreamUp" });
export const dropStream = (): Action => ({ do: "dropStream" });
export const restoreStream = (): Action => ({ do: "restoreStream" });
export const resetStream = (): Action => ({ do: "resetStream" });
export const asked = (call: Call, count: number): Action => ({ do: "asked", call, count });
export const decideOnAccountElsewhere = (
  account: Value,
  action: "clear" | "freeze" | "unfreeze",
): Action => ({ do: "decideOnAccountElsewhere", account, action });
export const withdrawalsSettled = (): Action => ({ do: "withdrawalsSettled" });
export const approveElsewhere = (withdrawal: Value): Action => ({ do: "approveElsewhere", withdrawal });
export const recordFrames = (): Action => ({ do: "recordFrames" });
export const multiplierSetElsewhere = (multiplier: number): Action => ({
  do: "multiplierSetElsewhere",
  multiplier,
});
export const shareSheet = (): Action => ({ do: "shareSheet" });
export const closeShareSheet = (outcome: ShareOutcome): Action => ({
  do: "closeShareSheet",
  outcome,
});
export const refuseClipboard = (): Action => ({ do: "refuseClipboard" });

/**
 * The model's snapshots around a step, and the path's events before it: a gesture may depend on them (how long
 * a back-off is, how many pushes the page has had).
 */
export interface StepStates {
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  earlier: readonly ModelEvent[];
}

/**
 * A gesture: what the person (or the browser, the network, the clock) does to send `event`; `next` is the
 * path's next event (a wrong password, say), `states` the model's snapshots around the step.
 */
export type Gesture<E> = (event: E, next: ModelEvent | undefined, states: StepStates) => Action[];

/**
 * An event no gesture can send, and why: it is the machine's own doing (a raise), or comes from another
 * actor that the walk of that actor covers. A fully mapped walk names every event of its machine, either
 * with a gesture or with this.
 */
export interface NotAGesture {
  notAGesture: string;
}
export const notAGesture = (reason: string): NotAGesture => ({ notAGesture: reason });
/** The same reason for several events (live events a machine is typed to hear but never acts on, say). */
export const notGestures = <T extends string>(types: readonly T[], reason: string) =>
  Object.fromEntries(types.map((type) => [type, notAGesture(reason)])) as Record<T, NotAGesture>;
export const isGesture = (entry: unknown): entry is Gesture<never> => typeof entry === "function";

/** Every action of `actions`, those inside `unlessVisible` too. */
export const allActions = (actions: Action[]): Action[] =>
  actions.flatMap((action) =>
    action.do === "unlessVisible" ? [action, ...allActions(action.then)] : [action],
  );

/** What the person must see (the exporter writes each as a Playwright assertion). */
export type Expectation =
  | { see: Locator }
  | { seeIn: Locator; text: string }
  | { url: string }
  /** What a field found by its label holds (what the person typed, or what a button filled in). */
  | { field: string; value: string }
  /** A control that can be used now (`is: true`) or is shown disabled. */
  | { enabled: Locator; is: boolean }
  /** The server's count of the signed-in player's taps (read through the API, as the e2e fixtures do). */
  | { serverTotalTaps: number }
  /** The taps this browser keeps in its storage for the server (every tab's record: batches and unsent taps). */
  | { storedPendingTaps: number };

/** One step of a path, with the events before it, for the expectations after it. */
export interface WalkStep {
  event: ModelEvent;
  state: AnyMachineSnapshot;
  /** The model's snapshot before the step. */
  prior: AnyMachineSnapshot;
  before: ModelEvent[];
  /** How long the person waits before the step (the real-clock replay adds it so timers fire in order). */
  waitMs?: number;
  /** How far a timer's step moves the clock: to the moment that timer falls due (the real-clock replay's). */
  clockMs?: number;
}

/**
 * A machine's walk: the model the UI walks generate their paths from, the gesture for each user event, and
 * for the exporter what needs the real browser: where a test starts, which server failures a gesture causes,
 * and what the person must see.
 */
export interface Walk {
  /** The registry's name of the machine. */
  machine: string;
  /** Walks of one machine over different pages or forms (the account forms). */
  parts: WalkPart[];
}

export interface WalkPart {
  /** What this part walks ("sign-up form"); it names the exported `describe`. */
  name: string;
  model: ModelOptions<unknown>;
  /**
   * Which paths the export takes: every transition the walk model allows (the default: a form's success
   * ends where it began, so no shortest path shows it), or the shortest paths (as the UI walk does).
   */
  paths?: "transitions" | "shortest";
  gestures: Partial<Record<string, Gesture<never> | NotAGesture>>;
  /**
   * What happens before the test opens `start.url` (signed in already): the calls the walk holds, so the
   * path decides when and how each is answered.
   */
  before?: Action[];
  /**
   * Where an exported test starts, and with which account: none, signed up, signed in, or the suite's admin
   * signed in to the back office (`adminLogIn`).
   */
  start: {
    url: string;
    account: "none" | "signedUp" | "signedIn" | "admin";
    /**
     * What the test makes through the API before the page opens (a player with a pending deposit, an account
     * in review): `name`, exported by tests/e2e/arrange/<file>.ts, is called with `{ page, request, account }`
     * and returns the values the gestures type (`{ arranged: key }`).
     */
    arrange?: { file: string; name: string };
    /**
     * What shows once the page has started (the app loads its code and restores the session first): the test
     * waits for it before the first step, and before it stops the clock, so no start-up timer is left waiting.
     */
    ready?: Locator;
    /**
     * The test owns the page's clock in every path, not only in those with a clock gesture: the machine has
     * timers that would otherwise fire between steps on their own (a trailing write).
     */
    ownClock?: true;
    /**
     * The signed-in account claimed today's streak reward (1 point) before it signed in, so the walk's syncs
     * are the day's later ones and the server's auto-claim pays nothing in them (docs/product.md, "Auto-claim").
     */
    claimedToday?: true;
  };
  /**
   * Server failures the real app gives for a gesture: event type → how (a wrong password is refused; an
   * email signed up before the test is taken). Other failures cannot be caused from the browser, and their
   * paths are left out of the export.
   */
  causedFailures?: Record<string, { how: string; accountFirst?: boolean }>;
  /** Timers short enough for an exported test to wait for (the redirect after a form); others are skipped. */
  shortDelays?: string[];
  /**
   * The answer the app gives itself to a call still out when a path ends, for a call whose answer the walk
   * sets with the step before it (the storage check reads what a gesture left there): what it gets when no
   * gesture changed anything. The path then ends where that answer leads, as the browser does.
   */
  answersAtOnce?: Record<string, ModelEvent>;
  /** What the person sees after a step (a completion's effect) and at the end of a path. */
  after?: (step: WalkStep) => Expectation[];
  atEnd: (leaf: AnyMachineSnapshot, events: ModelEvent[]) => Expectation[];
  /** Why this part has no exported test at all (a reset link comes by email), if it has none. */
  notExported?: string;
}
