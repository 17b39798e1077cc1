/** How actors outside the root's tree (page actors, the runtime's browser listeners) reach the app-lifetime ones. */
import type { ActorRef, AnyActorRef, Snapshot } from "xstate";
import type { LiveEvent, LiveReport, StreamName } from "./live/live.types.ts";
import type { RewardsUpdate, StreakClaimed } from "./taps/taps.types.ts";

/**
 * What page actors and the runtime tell the root actor; it passes each on to the app-lifetime actor it
 * concerns (`system.get`), or answers itself when that actor is not running.
 */
export type AppMessage =
  | RewardsUpdate
  /** A deposit or withdrawal moved the wallet: the taps actor reads the balance again (unless the stream tells it). */
  | { type: "WALLET.MOVED" }
  /** Send the pending taps; `replyTo` hears TAPS.SETTLED once none is pending. */
  | { type: "TAPS.SETTLE"; replyTo: AnyActorRef }
  /** From the boosters actor: the factor a batch sent now is credited at (docs/decisions/020). */
  | { type: "BOOST.FACTOR"; factor: number }
  | { type: "PAGEHIDE" }
  | { type: "ONLINE" }
  /** From the taps actor: a sync's answer claimed the day's streak reward (auto-claim). */
  | StreakClaimed
  /** The user signs out (the account menu): pending taps leave first, then the session logs out to `to`. */
  | { type: "LOGOUT"; to?: string }
  /** An admin call answered 401: the admin session is gone. */
  | { type: "ADMIN.SESSION.LOST" }
  /** Any call answered 401 (the runtime reports it); `auth` is the stored session the call named. */
  | { type: "API.UNAUTHORIZED"; auth: "user" | "admin" | "none" };

/** What the root actor publishes to page actors: every live event, with the stream it came on. */
export type LiveFact = { type: "live"; stream: StreamName; event: LiveEvent };

/** Published to page actors when a tap sync claimed the day's streak reward (the streak card shows it). */
export type AutoClaimFact = { type: "autoClaim"; current: number; reward: number };

/** Everything the root actor publishes to page actors. */
export type AppFact = LiveFact | AutoClaimFact;

/** The part of the root's snapshot a page actor may read: whether each stream is up right now. */
export type AppLinkSnapshot = Snapshot<unknown> & { context: { streamsUp: Record<StreamName, boolean> } };

/** The root actor as a page actor sees it (given in its input). */
export type AppLink = ActorRef<AppLinkSnapshot, AppMessage, AppFact>;

/** The root actor's input, context and events (app.machine.ts). */
export interface AppInput {
  now: () => number;
  newId: () => string;
  /** A monotonic clock for the intervals between taps (`performance.now()`; `now` when not given). */
  tapClock?: () => number;
  /** The Telegram Mini App's signed initData when the app runs inside Telegram (docs/decisions/031). */
  telegramInitData?: string | null;
}

export interface AppContext extends AppInput {
  /** The signed-in user the `user` region follows (from the session's snapshots). */
  userId: string | null;
  /** The signed-in admin the `admin` region follows. */
  adminId: string | null;
  streamsUp: Record<StreamName, boolean>;
}

export type AppEvent =
  | AppMessage
  | LiveReport
  | { type: "LIVE.IGNORED" }
  | { type: "USER.CHANGED" }
  | { type: "ADMIN.CHANGED" };
