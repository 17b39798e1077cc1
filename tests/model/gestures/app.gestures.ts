/**
 * The root actor walked through the real app (the exported tests/e2e/generated/app.spec.ts): a player signs
 * in on /auth (the session's snapshot names the user: the root starts the player's actors and stream), the
 * stream comes up by itself, taps made on another device are pushed, the day's first sync claims the streak
 * reward (the root passes the claim on), and the player signs out from the account menu (the snapshot names
 * no one: the root stops the player's actors). A second part is the back office's tab: the suite's admin signs
 * in on /admin (the root opens the admins' stream) and out. Every event of the root is here: a gesture, or why
 * none.
 */
import type { AppEvent } from "#src/machines/app.types.ts";
import { formatRewards } from "#src/ui/kit/format.ts";
import { backOfficeTab, playerTab } from "../models/app.model.ts";
import type { ModelEvent } from "../path-runner.ts";
import {
  COIN,
  click,
  dispatch,
  type Expectation,
  fill,
  type Gesture,
  liveStreamUp,
  type NotAGesture,
  notAGesture,
  tapElsewhere,
  toPage,
  type Walk,
  waitFor,
} from "./actions.ts";

/** The account menu of the walk's account ("Ada": initials A). */
const ACCOUNT_MENU = { role: "button", namePrefix: "A: account menu" } as const;
/** What the root's children tell it: each child's walk covers how a person causes it. */
const FROM = (child: string) =>
  `a report of the ${child} actor, which the root passes on: walked with ${child}`;

type Snapshot = { snapshot: { context: { user: { id: string } | null } } };

type AppWalkEvent = AppEvent["type"] | "xstate.snapshot.session" | "xstate.snapshot.adminSession";

export const appGestures = {
  // A user in the session's snapshot: the player signs in; no user: the player signs out.
  "xstate.snapshot.session": (event: Snapshot) =>
    event.snapshot.context.user
      ? [
          fill("Email", { account: "email" }),
          fill("Password", { account: "password" }),
          click({ role: "button", name: "Login" }),
          waitFor({ text: "Rewards Balance" }),
        ]
      : [
          click(ACCOUNT_MENU),
          click({ role: "menuitem", name: "Logout" }),
          waitFor({ role: "button", name: "Login" }),
        ],
  "xstate.snapshot.adminSession": notAGesture(
    "the back office's session (a sign-in on /admin): walked with admin-session; this walk follows the player",
  ),
  // LIVE: the stream came up by itself once signed in; a points frame is the player tapping on another device.
  LIVE: (event: { event: { type: string } }) =>
    event.event.type === "POINTS.UPDATED" ? [tapElsewhere(1)] : [waitFor({ text: "Rewards Balance" })],
  // The day's first tap sync claims the streak reward (auto-claim): tap once and leave the tap page.
  "STREAK.CLAIMED": () => [toPage("Tap"), click(COIN), toPage("Home")],
  PAGEHIDE: () => [dispatch("pagehide")],
  ONLINE: () => [dispatch("online")],
  LOGOUT: () => [click(ACCOUNT_MENU), click({ role: "menuitem", name: "Logout" })],
  "REWARDS.UPDATED": notAGesture(FROM("multipliers and withdraw-rewards")),
  "BOOST.FACTOR": notAGesture(FROM("boosters")),
  "WALLET.MOVED": notAGesture(FROM("deposit and withdraw-usdt")),
  "TAPS.SETTLE": notAGesture(FROM("withdraw-usdt (a withdrawal waits for the pending taps)")),
  "ADMIN.SESSION.LOST": notAGesture(FROM("back office's pages (an admin call answered 401)")),
  "API.UNAUTHORIZED": notAGesture("any call answered 401, reported by the API client: walked with auth"),
  "LIVE.IGNORED": notAGesture("the root's own note that a stream's report came after its owner left"),
  "USER.CHANGED": notAGesture("raised by the root itself when a session snapshot names another user"),
  "ADMIN.CHANGED": notAGesture("raised by the root itself when an admin snapshot names another admin"),
} satisfies Record<AppWalkEvent, Gesture<never> | NotAGesture>;

/**
 * The back office's tab: the suite's admin signs in on /admin (the admin's snapshot names them: the root opens
 * the admins' stream, which comes up by itself) and out with the back office's Logout.
 */
const ADMIN_LOGIN = { role: "heading", name: "Admin Login" } as const;
export const backOfficeGestures = {
  ...appGestures,
  "xstate.snapshot.adminSession": (event: Snapshot) =>
    event.snapshot.context.user
      ? [
          fill("Email", { arranged: "adminEmail" }),
          fill("Password", { arranged: "adminPassword" }),
          click({ role: "button", name: "Login" }),
          waitFor({ role: "button", name: "Logout" }),
        ]
      : [click({ role: "button", name: "Logout" }), waitFor(ADMIN_LOGIN)],
  "xstate.snapshot.session": notAGesture(
    "the player's session: this tab is the back office's (the player's tab is the other part)",
  ),
  LIVE: () => [liveStreamUp()],
} satisfies Record<AppWalkEvent, Gesture<never> | NotAGesture>;

/** Taps made on another device, pushed to this page. */
const isPush = (event: ModelEvent) =>
  event.type === "LIVE" && (event as { event?: { type: string } }).event?.type === "POINTS.UPDATED";
/** Taps made here that the day's first sync would claim with (the STREAK.CLAIMED gesture taps). */
const isClaim = (event: ModelEvent) => event.type === "STREAK.CLAIMED";

export const appWalk: Walk = {
  machine: "app",
  parts: [
    {
      name: "a player signs in and out",
      model: playerTab,
      gestures: appGestures,
      start: { url: "/auth?mode=login", account: "signedUp", ready: { role: "button", name: "Login" } },
      atEnd: (leaf, events) => {
        if (!leaf.matches({ user: "signedIn" })) return [{ see: { role: "button", name: "Login" } }];
        const pushed = events.filter(isPush).length;
        const tapped = events.filter(isClaim).length;
        const seen: Expectation[] = [{ see: { text: "Rewards Balance" } }];
        // The day's first sync, here or on the other device, claimed day 1's reward (1 point; the toast only
        // for a sync of this page); taps here and elsewhere 0.001 each.
        const claimed = pushed + tapped > 0 ? 1 : 0;
        seen.push({ seeIn: { role: "banner" }, text: formatRewards(claimed + (pushed + tapped) * 0.001) });
        const firstSync = events.find((event) => isPush(event) || isClaim(event));
        if (firstSync && isClaim(firstSync))
          seen.push({ see: { text: "Daily reward claimed: +1.0000 points" } });
        if (pushed + tapped > 0) seen.push({ serverTotalTaps: pushed + tapped });
        return seen;
      },
    },
    {
      name: "a support agent signs in and out of the back office",
      model: backOfficeTab,
      gestures: backOfficeGestures,
      start: {
        url: "/admin",
        account: "none",
        arrange: { file: "admin-session", name: "adminCredentials" },
        ready: ADMIN_LOGIN,
      },
      atEnd: (leaf) =>
        leaf.matches({ admin: "signedIn" })
          ? [{ url: "/admin/dashboard" }, { see: { role: "button", name: "Logout" } }]
          : [{ see: ADMIN_LOGIN }, { url: "/admin" }],
    },
  ],
};
