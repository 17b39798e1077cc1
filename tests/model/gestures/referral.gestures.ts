/**
 * The referral machine walked on the real /rewards screen's Invite friends card (the exported
 * tests/e2e/generated/referral.spec.ts). A fresh signed-in player opens /rewards; the walk holds the card's read
 * (GET /referrals), so the path says when and how each read is answered (the server, or a network failure).
 * The player copies their link (Chromium writes the clipboard of the page clicked in at once, or the walk has it
 * refuse the write), shares it through a phone's share sheet (a stand-in: Chromium on Linux has none; the walk
 * says how the person leaves it), and friends sign up with the player's code (new accounts through the API):
 * the server pushes the new figures, which the card shows at once, and the page's clock runs on to the friends
 * list's re-read (5 s). Before any friend the stream may drop (the card then polls every half minute) or reset.
 * Every event of the machine is here: a gesture, or why none.
 *
 * Two friends at most per path, and the second one ends it: the first pays the First Referral achievement
 * (the header shows its points before the next step, so the clock never moves before the push is heard); the
 * second changes only the card's figures, which the checks at the end wait for.
 */
import type { AnyMachineSnapshot } from "xstate";
import type { ReferralsAnswer } from "#src/api/economy.ts";
import {
  COPY_FAILED,
  LINK_COPIED,
  POLL_MS,
  REREAD_THROTTLE_MS,
  type ReferralEvent,
  SHARE_FAILED,
} from "#src/machines/economy/referral.machine.ts";
import type { LiveEvent } from "#src/machines/live/live.types.ts";
import { NETWORK } from "../models/doubles.ts";
import { REFERRALS, referral } from "../models/referral.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  click,
  clock,
  closeShareSheet,
  dropStream,
  type Expectation,
  friendSignsUp,
  type Gesture,
  hold,
  type NotAGesture,
  notGestures,
  refuseClipboard,
  resetStream,
  type ShareOutcome,
  shareSheet,
  type Walk,
  waitFor,
} from "./actions.ts";

export const REFERRALS_LOAD: Call = { method: "GET", path: "/referrals" };
const CARD = { role: "region", name: "Invite friends" } as const;
const BANNER = { role: "banner" } as const;
/** sonner's toasts region, found by its label (a toast's text alone could be a card's too). */
const TOASTS = { label: "Notifications alt+T" } as const;
const LOAD_FAILED = "Could not load your referrals. Check your connection and try again.";
const NO_FRIENDS = "No friends yet. Send your link: they join, you both earn.";
/** The friends who sign up with the player's code, in order (their names are what the friends list shows). */
const FRIENDS = ["Alan Turing", "Katherine Johnson"] as const;
/** The header's rewards once the first friend joined: the First Referral achievement's 5 points. */
const BALANCE_AFTER_FIRST_FRIEND = "5.0000";

const NOT_HEARD = "a live event of another kind: the referral card does not listen to it";

type ReferralWalkEvent =
  | ReferralEvent["type"]
  | LiveEvent["type"]
  | `xstate.${"done" | "error"}.actor.${"loadReferrals" | "copyText" | "shareLink"}`
  | "xstate.after.REREAD_THROTTLE.referral.ready.figures.stale"
  | "xstate.after.POLL.referral.ready.figures.fresh";

export const referralGestures = {
  RETRY: () => [click({ role: "button", name: "Try again" }, CARD)],
  // A few frames for the toast to show (the walk owns the page's clock, stopped between steps).
  // The path's next step says whether the browser takes the copy or refuses it.
  COPY: (_event, next) => [
    ...(next?.type === "xstate.error.actor.copyText" ? [refuseClipboard()] : []),
    click({ role: "button", name: "Copy" }, CARD),
    clock(50),
  ],
  // The walk's browser has a phone's share sheet (a stand-in: Chromium on Linux has none), open until answered.
  SHARE: () => [click({ role: "button", name: "Share" }, CARD)],
  // A friend signs up with the player's code: the server pushes the player's new figures. The first friend
  // also pays the First Referral achievement, pushed with them: the header shows it once they are heard.
  "REFERRAL.UPDATED": (event: { invited: number }) => {
    const name = FRIENDS[event.invited - 1];
    if (!name) throw new Error(`the referral walk has no friend number ${event.invited}`);
    return event.invited === 1
      ? [friendSignsUp(name), waitFor({ text: BALANCE_AFTER_FIRST_FRIEND })]
      : [friendSignsUp(name)];
  },
  "xstate.done.actor.loadReferrals": () => [answer(REFERRALS_LOAD, "server")],
  "xstate.error.actor.loadReferrals": () => [answer(REFERRALS_LOAD, "network")],
  // The browser writes the clipboard of the page the person clicked in at once.
  // The browser's answer to the copy comes at once; a refusal was set up by the COPY gesture.
  "xstate.done.actor.copyText": () => [],
  "xstate.error.actor.copyText": () => [],
  "xstate.done.actor.shareLink": () => [closeShareSheet("shared")],
  "xstate.error.actor.shareLink": (event: { error: { name: Exclude<ShareOutcome, "shared"> } }) => [
    closeShareSheet(event.error.name),
  ],
  "xstate.after.REREAD_THROTTLE.referral.ready.figures.stale": () => [clock(REREAD_THROTTLE_MS)],
  // The half-minute poll reads only while the stream is down (with it up XState's can() refuses it).
  "xstate.after.POLL.referral.ready.figures.fresh": () => [clock(POLL_MS)],
  "STREAM.UP": () => [],
  // The stream drops and stays down while the rest of the network works (reads still reach the server).
  "STREAM.DOWN": () => [dropStream()],
  // The stream reconnects to a server that lost its position: its reset frame makes the card read again.
  "STREAM.RESET": () => [resetStream()],
  ...notGestures(
    [
      "POINTS.UPDATED",
      "WALLET.UPDATED",
      "MULTIPLIER.CHANGED",
      "DEPOSIT.UPDATED",
      "WITHDRAWAL.UPDATED",
      "ACHIEVEMENT.UNLOCKED",
      "BOOSTER.CHANGED",
      "STANDING.CHANGED",
      "SESSION.REVOKED",
      "ADMIN.METRICS",
      "ADMIN.AUDIT",
      "ADMIN.RISK",
    ] as const,
    NOT_HEARD,
  ),
} satisfies Record<ReferralWalkEvent, Gesture<never> | NotAGesture>;

type Context = { referrals: ReferralsAnswer | null; missedNews: boolean; streamUp: boolean };
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;

/** The card as the server reads it with the first `friends` friends signed up (their shares pay nothing yet). */
const readWith = (friends: number): ReferralsAnswer => ({
  ...REFERRALS,
  invited: friends,
  friends: FRIENDS.slice(0, friends)
    .reverse()
    .map((name) => ({ name, joinedAt: "2030-01-02T12:00:00.000Z", earnedForYou: 0 })),
});
const pushed = (friends: number): ModelEvent => ({
  type: "REFERRAL.UPDATED",
  invited: friends,
  earnedPoints: 0,
  earnedToday: 0,
});
const REREAD: ModelEvent = { type: "xstate.after.REREAD_THROTTLE.referral.ready.figures.stale" };

/** Only what a person on /rewards (and their friends) can make happen, with two friends at most. */
export const referralWalkModel: ModelOptions<unknown> = {
  input: referral.input,
  actors: referral.actors,
  fakeActors: ["loadReferrals", "copyText", "shareLink"],
  events: (snapshot) => {
    const { referrals, missedNews, streamUp } = contextOf(snapshot);
    const failure: ModelEvent = { type: "xstate.error.actor.loadReferrals", error: NETWORK };
    if (snapshot.matches("loading")) {
      // A held read is answered by the server as it is when answered: a friend who joined while it was out
      // is in it (only the first friend joins before the card is ready).
      const joined = missedNews ? 1 : 0;
      // The page hears that the stream is up first (as it opens): the model's paths start with it.
      if (!streamUp) return [{ type: "STREAM.UP" }];
      return [
        { type: "xstate.done.actor.loadReferrals", output: readWith(joined) },
        failure,
        ...(missedNews ? [] : [pushed(1)]),
      ];
    }
    if (snapshot.matches("failed")) return [{ type: "RETRY" }];
    // The copy ends at once (taken or refused): nothing else happens while it is out.
    if (snapshot.matches({ ready: { sharing: "copying" } }))
      return [
        { type: "xstate.done.actor.copyText" },
        { type: "xstate.error.actor.copyText", error: new DOMException("denied", "NotAllowedError") },
      ];
    // The share sheet is open until the person leaves it: shared, closed, or it could not open.
    if (snapshot.matches({ ready: { sharing: "sharing" } }))
      return [
        { type: "xstate.done.actor.shareLink" },
        { type: "xstate.error.actor.shareLink", error: { name: "AbortError" } },
        { type: "xstate.error.actor.shareLink", error: { name: "NotAllowedError" } },
      ];
    const friends = referrals?.invited ?? 0;
    // The second friend ends the path: what the card shows then needs no wait before a next step.
    if (friends >= 2) return [];
    const nextFriend = [pushed(friends + 1)];
    if (snapshot.matches({ ready: { figures: "fresh" } }))
      // The stream down, no push comes (no friend is walked then) and the card polls; a reset reads again.
      return streamUp
        ? [
            { type: "COPY" },
            { type: "SHARE" },
            ...nextFriend,
            ...(friends === 0 ? [{ type: "STREAM.DOWN" }, { type: "STREAM.RESET" }] : []),
          ]
        : [{ type: "xstate.after.POLL.referral.ready.figures.fresh" }];
    if (snapshot.matches({ ready: { figures: "stale" } }))
      return [REREAD, ...(friends === 1 ? nextFriend : [])];
    if (snapshot.matches({ ready: { figures: "reading" } }))
      // A friend while the read is out ends the path too: the read it outdated stays held, unanswered.
      return [
        { type: "xstate.done.actor.loadReferrals", output: readWith(friends) },
        failure,
        ...(friends === 1 ? nextFriend : []),
      ];
    return [];
  },
  serializeState: (snapshot) => {
    const { referrals, missedNews, streamUp } = contextOf(snapshot);
    return JSON.stringify([
      snapshot.value,
      referrals?.invited ?? null,
      referrals?.friends.length ?? null,
      missedNews,
      streamUp,
    ]);
  },
};

/** The toast a step's answer shows: a copy taken or refused, a share sheet that could not open (not a closed one). */
function toastOf(event: ModelEvent): string | null {
  if (event.type === "xstate.done.actor.copyText") return LINK_COPIED;
  if (event.type === "xstate.error.actor.copyText") return COPY_FAILED;
  const error = (event as { error?: { name?: string } }).error;
  return event.type === "xstate.error.actor.shareLink" && error?.name !== "AbortError" ? SHARE_FAILED : null;
}

export const referralWalk: Walk = {
  machine: "referral",
  parts: [
    {
      name: "the Invite friends card on /rewards",
      model: referralWalkModel,
      gestures: referralGestures,
      before: [hold(REFERRALS_LOAD), shareSheet()],
      start: {
        url: "/rewards",
        account: "signedIn",
        ready: { role: "heading", name: "Invite friends" },
        ownClock: true,
      },
      after: (step) => {
        const told = toastOf(step.event);
        return told ? [{ seeIn: TOASTS, text: told }] : [];
      },
      atEnd: (leaf: AnyMachineSnapshot) => {
        const { referrals } = contextOf(leaf);
        const seen: Expectation[] = [];
        if (leaf.matches("loading")) seen.push({ see: { role: "status", name: "Loading your referrals" } });
        if (leaf.matches("failed")) seen.push({ seeIn: CARD, text: LOAD_FAILED });
        if (leaf.matches("ready") && referrals) {
          seen.push({ enabled: { role: "button", name: "Copy" }, is: true });
          // The figures (each label, then its value) follow every push at once.
          seen.push({ seeIn: CARD, text: `Friends${referrals.invited}` });
          // The friends list is what the server last read.
          const names = referrals.friends.map((friend) => friend.name);
          if (names.length === 0) seen.push({ seeIn: CARD, text: NO_FRIENDS });
          for (const name of names)
            seen.push({ seeIn: { role: "list", name: "Friends who joined" }, text: name });
          if (leaf.matches({ ready: { figures: "reading" } }))
            seen.push({ see: { role: "status", name: "Updating your friends list" } });
        }
        if (referrals && referrals.invited > 0)
          seen.push({ seeIn: BANNER, text: BALANCE_AFTER_FIRST_FRIEND });
        return seen;
      },
    },
  ],
};
