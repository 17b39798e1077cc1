/**
 * The player's live stream walked on the real /home screen (the exported tests/e2e/generated/live-stream.spec.ts):
 * the only tab leads (no other tab to follow), asks for a ticket (POST /events/ticket, held: answered by the
 * server or with a server error), opens the stream (GET /events, held: opened by the server, or failing
 * before it opens), hears the player's taps made on another device (the server pushes them), counts a minute
 * of health, reconnects after the back-off, and closes when the browser goes offline to connect again as
 * soon as it is back online. A second part opens the walk's page in a second tab while the first one leads:
 * it follows, hears the leader's status and relayed frames, and takes the lead when the first tab is closed.
 * At the end the header shows what the server pushed.
 */

import type { AnyMachineSnapshot } from "xstate";
import { NAVIGATION_DELAY_MS } from "#src/machines/auth/auth.types.ts";
import {
  HEALTHY_MS,
  type LiveStreamEvent,
  RECONNECT_FIRST_MS,
  RECONNECT_MAX_MS,
} from "#src/machines/live/live-stream.machine.ts";
import { formatRewards } from "#src/ui/kit/format.ts";
import { liveStream } from "../models/live-stream.model.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  answer,
  type Call,
  clock,
  closeTab,
  type Expectation,
  type Gesture,
  hold,
  liveStreamUp,
  logOutElsewhere,
  type NotAGesture,
  notAGesture,
  offline,
  online,
  tab,
  tapElsewhere,
  type Walk,
  waitFor,
} from "./actions.ts";

const TICKET: Call = { method: "POST", path: "/events/ticket" };
const STREAM: Call = { method: "GET", path: "/events" };
const SERVER_ERROR = {
  status: 500,
  code: "SERVER_ERROR",
  message: "Something went wrong on our side. Please try again.",
};
const OTHER_TABS =
  "another tab of this player leads and relays: the walk has one tab, which always leads (the path tests replay following)";
/** Taps the player makes on another device for each pushed frame. */
const TAPS_ELSEWHERE = 3;

type LiveWalkEvent =
  | LiveStreamEvent["type"]
  | `xstate.${"done" | "error"}.actor.ticket`
  | `xstate.after.${"RECONNECT" | "HEALTHY"}.live.${string}`;

/** The back-off before the next try: 1 s, doubled for each failure in a row, at most 30 s. */
const backOff = (failures: number) =>
  Math.min(RECONNECT_FIRST_MS * 2 ** Math.max(failures - 1, 0), RECONNECT_MAX_MS);

export const liveStreamGestures = {
  // The only tab takes the lead by itself as the page opens.
  "TABS.LEAD": () => [],
  "TABS.FRAME": notAGesture(OTHER_TABS),
  "TABS.STATUS": notAGesture(OTHER_TABS),
  "TABS.HELLO": notAGesture(OTHER_TABS),
  "xstate.done.actor.ticket": () => [answer(TICKET, "server")],
  "xstate.error.actor.ticket": () => [answer(TICKET, SERVER_ERROR)],
  "CONNECTION.OPENED": () => [answer(STREAM, "server")],
  // The stream fails before it opens (the network drops the request).
  "CONNECTION.LOST": () => [answer(STREAM, "network")],
  // A points frame: the player taps on another device. A session frame: this session is logged out in
  // another tab, and the server ends its streams.
  // The next step waits for this push to be shown: a drop right after it would otherwise lose it with the
  // connection (until a reconnect replays it).
  "CONNECTION.FRAME": (event: { frame: { type: string } }, _next, { earlier }) =>
    event.frame.type === "session"
      ? // The app then signs out here and goes to the login page after its short navigation delay.
        // The clock moves once the frame has arrived (the spinner shows), or the delay would start after it.
        [logOutElsewhere(), waitFor({ role: "status", name: "Signing out" }), clock(NAVIGATION_DELAY_MS)]
      : [tapElsewhere(TAPS_ELSEWHERE), waitFor({ text: headerAfter(framesIn([...earlier]) + 1) })],
  // The browser loses its network (Playwright's offline): the app closes the stream at once and waits.
  "NETWORK.OFFLINE": () => [offline()],
  // The network is back: the app asks for a ticket at once, without the back-off.
  "NETWORK.ONLINE": () => [online()],
  "xstate.after.HEALTHY.live.leading.open.up": () => [clock(HEALTHY_MS)],
  "xstate.after.RECONNECT.live.leading.waiting": (_event, _next, states) => [
    clock(backOff((states.after.context as { failures: number }).failures)),
  ],
} satisfies Record<LiveWalkEvent, Gesture<never> | NotAGesture>;

const POINTS_FRAME = {
  id: "1",
  type: "points",
  data: JSON.stringify({ points: 0.003, totalTaps: TAPS_ELSEWHERE, multiplier: 0.001 }),
};

const SESSION_FRAME = { id: "2", type: "session", data: JSON.stringify({ reason: "logout" }) };

/** One tab: it leads, and the ticket, the stream and its frames come as the path says. */
export const oneTabModel: ModelOptions<unknown> = {
  ...liveStream,
  events: (snapshot) => {
    if (snapshot.matches("following")) return [{ type: "TABS.LEAD" }];
    if (snapshot.matches({ leading: "connecting" }))
      return [
        { type: "xstate.done.actor.ticket", output: "ticket-1" },
        { type: "xstate.error.actor.ticket", error: SERVER_ERROR },
      ];
    if (snapshot.matches({ leading: { open: "opening" } }))
      return [{ type: "CONNECTION.OPENED" }, { type: "CONNECTION.LOST" }];
    if (snapshot.matches({ leading: { open: "up" } }))
      return [
        { type: "CONNECTION.FRAME", frame: POINTS_FRAME },
        { type: "CONNECTION.FRAME", frame: SESSION_FRAME },
        { type: "xstate.after.HEALTHY.live.leading.open.up" },
        { type: "NETWORK.OFFLINE" },
      ];
    // Not while a ticket or the stream is held: the walk would answer the request the app gave up on.
    if (snapshot.matches({ leading: "waiting" }))
      return [{ type: "xstate.after.RECONNECT.live.leading.waiting" }, { type: "NETWORK.OFFLINE" }];
    if (snapshot.matches({ leading: "offline" })) return [{ type: "NETWORK.ONLINE" }];
    return [];
  },
};

/** The points frames this tab has heard: on its own stream, or relayed by the tab that led. */
const framesIn = (events: ModelEvent[]) =>
  events.filter((event) => event.type === "CONNECTION.FRAME" || event.type === "TABS.FRAME").length;
const headerAfter = (frames: number) => formatRewards(1 + frames * TAPS_ELSEWHERE * 0.001);

/**
 * A second tab leads: the first tab, signed in, holds the stream, and the walk's tab (a second one) opens the
 * walk's page beside it, so it follows and hears the first tab's status and frames through the tabs' channel.
 * The person closes the first tab: the walk's tab takes the lead and opens its own stream.
 */
const LEADER = 0;
const WALKED = 1;
export const followerGestures = {
  ...liveStreamGestures,
  // Up: the leading tab's stream is open (it tells the tabs that say hello, and every change). Down: it lost
  // its stream as the browser went offline, and says so by itself.
  "TABS.STATUS": (event: { up: boolean }) => (event.up ? [tab(LEADER), liveStreamUp(), tab(WALKED)] : []),
  // The player taps on another device: the leading tab hears the push and relays it to this one.
  "TABS.FRAME": (_event, _next, { earlier }) => [
    tab(LEADER),
    tapElsewhere(TAPS_ELSEWHERE),
    tab(WALKED),
    waitFor({ text: headerAfter(framesIn([...earlier]) + 1) }),
  ],
  "TABS.LEAD": () => [closeTab(LEADER)],
  // Leading now, this tab asks for its ticket and opens its stream itself (neither is held here).
  "xstate.done.actor.ticket": () => [],
  "CONNECTION.OPENED": () => [liveStreamUp()],
} satisfies Record<LiveWalkEvent, Gesture<never> | NotAGesture>;

const isOnline = (snapshot: { context: unknown }) => (snapshot.context as { online: boolean }).online;

/** This tab follows another until the person closes that one; one frame at most, from either. */
export const followerModel: ModelOptions<unknown> = {
  ...liveStream,
  events: (snapshot) => {
    const framed = (snapshot.context as { lastEventId: string | null }).lastEventId !== null;
    if (snapshot.matches({ following: "down" }))
      return isOnline(snapshot) ? [{ type: "TABS.STATUS", up: true }] : [{ type: "NETWORK.ONLINE" }];
    if (snapshot.matches({ following: "up" }))
      return isOnline(snapshot)
        ? [
            ...(framed ? [] : [{ type: "TABS.FRAME", frame: POINTS_FRAME }]),
            { type: "NETWORK.OFFLINE" },
            { type: "TABS.LEAD" },
          ]
        : [{ type: "TABS.STATUS", up: false }];
    if (snapshot.matches({ leading: "connecting" }))
      return [{ type: "xstate.done.actor.ticket", output: "ticket-1" }];
    if (snapshot.matches({ leading: { open: "opening" } })) return [{ type: "CONNECTION.OPENED" }];
    if (snapshot.matches({ leading: { open: "up" } }) && !framed)
      return [{ type: "CONNECTION.FRAME", frame: POINTS_FRAME }];
    return [];
  },
};

function atEnd(leaf: AnyMachineSnapshot, events: ModelEvent[]): Expectation[] {
  // The session ended elsewhere: the app signs out here too, and asks for a login.
  if (leaf.matches("ended")) return [{ see: { role: "button", name: "Login" } }];
  const pushed = framesIn(events) * TAPS_ELSEWHERE;
  const seen: Expectation[] = [{ see: { text: "Rewards Balance" } }];
  // What another device tapped shows without a reload: the server pushed it down the open stream.
  seen.push({ seeIn: { role: "banner" }, text: formatRewards(1 + pushed * 0.001) });
  if (pushed > 0) seen.push({ serverTotalTaps: pushed });
  return seen;
}

export const liveStreamWalk: Walk = {
  machine: "live-stream",
  parts: [
    {
      name: "the player's live stream on /home",
      model: oneTabModel,
      gestures: liveStreamGestures,
      before: [hold(TICKET), hold(STREAM)],
      start: { url: "/home", account: "signedIn", claimedToday: true, ready: { text: "Rewards Balance" } },
      atEnd,
    },
    {
      name: "the player's live stream on /home while another tab leads",
      model: followerModel,
      paths: "shortest",
      gestures: followerGestures,
      // The sign-in's tab leads with its stream open before the walk's tab opens the page.
      before: [liveStreamUp(), tab(WALKED)],
      start: { url: "/home", account: "signedIn", claimedToday: true, ready: { text: "Rewards Balance" } },
      atEnd,
    },
  ],
};
