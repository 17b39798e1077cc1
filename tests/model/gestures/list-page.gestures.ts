/**
 * One walk for every back-office page made by the list page factory (src/machines/shared/list-page.machine.ts:
 * Dashboard, Audit Log, the dashboard's economy, ...), so each page's walk is a few lines naming its URL, the
 * call the walk holds, what the person sees and the control that changes its search. The walk holds the page's
 * load and answers it as the path says: by the server (the table shows) or with no network (the page's own
 * failure words and the Error toast). Another admin's change (ADMIN.AUDIT: the suite's admin acts through the
 * API) and a new player's scripted taps (ADMIN.RISK: fair play puts the account in review) make the page load
 * again in every state: the walk holds that load too, and answers a load the page already asked again (once it
 * has) so the page's newer one is the one the path decides. The person changes the search with the page's
 * control while its rows show, and follows the sidebar's link back to the plain page. The admins' stream may
 * drop on the rows shown, come back (the page loads again) or be reset by the server. RELOAD and the metrics
 * tick are not walked here (each is said why in the map).
 */
import type { AnyMachineSnapshot } from "xstate";
import { RISK } from "../models/admin-pages.ts";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  type Action,
  adminActsElsewhere,
  answer,
  asked,
  type Call,
  click,
  dropStream,
  type Expectation,
  type Gesture,
  hold,
  type Locator,
  liveStreamUp,
  type NotAGesture,
  notAGesture,
  playerFlaggedElsewhere,
  resetStream,
  restoreStream,
  type StepStates,
  type Walk,
} from "./actions.ts";

/** What a list page's walk needs to know about its screen. */
export interface ListPageScreen {
  /** The registry's name of the machine. */
  machine: string;
  /** What the exported `describe` says. */
  name: string;
  /** The page's URL (the admin is signed in first). */
  url: string;
  /** The call the walk holds: the page's load waits for it (with Promise.all, one of its reads is enough). */
  call: Call;
  /** The registered model's options: the walk keeps its input and serializer, and explores the load only. */
  model: ModelOptions<unknown>;
  /** What the page shows once loaded (its table, its chart). */
  ready: Locator;
  /** What the page shows while the first load is out, and after it failed. */
  loading: Locator;
  failed: Locator;
  /** The toast's words when the load fails (admin.messages.ts PAGE_FAILURES). */
  failure: string;
  /** How a person changes the page's search, when a control of the page does (a search box, a filter, Next). */
  query?: ListPageQuery;
  /** What the test makes before the page opens (rows for a second page); the landing Dashboard settles first. */
  arrange?: { file: string; name: string };
}

/**
 * A search box, a filter or a page link: the model's QUERY with a search is the person's change with it (the
 * model sends it only while the rows, and so the control, show); QUERY with an empty search is their following
 * the sidebar's link to the page, back to its plain URL, which works in every state.
 */
export interface ListPageQuery {
  change: Action[];
  /** What shows while the changed search is in force (the URL's end, or the page's number). */
  changed: Expectation;
  /** The page's name in the sidebar. */
  link: string;
}

const isChanged = (search: unknown) => Object.keys(search as object).length > 0;

const STREAM_EVENT = (why: string): NotAGesture => notAGesture(why);

/** What the walk reads of a list page's context: whether its stream is up, and whether it has rows. */
const streamOf = (snapshot: AnyMachineSnapshot) => snapshot.context as { streamUp: boolean; data: unknown };

/** A load is out: the first one (loading) or a refresh (busy). */
const loadIsOut = (snapshot: AnyMachineSnapshot) => snapshot.hasTag("loading") || snapshot.hasTag("busy");

/** The audit entry of another admin's change, as the admins' stream pushes it. */
const AUDITED = {
  type: "ADMIN.AUDIT",
  item: {
    id: "a1",
    actor: "admin",
    action: "update-multiplier",
    target: "u1",
    amount: 0.002,
    timestamp: "t",
  },
} satisfies ModelEvent;

/** The events a registered model offers in `snapshot`. */
const offered = (model: ModelOptions<unknown>, snapshot: AnyMachineSnapshot): readonly ModelEvent[] =>
  typeof model.events === "function" ? model.events(snapshot) : model.events;

/** The back office's side navigation. */
const SIDEBAR: Locator = { role: "navigation", name: "Admin" };

/** The walk of one list page. */
export function listPageWalk(screen: ListPageScreen): Walk {
  /**
   * A step that loads again while a load is out: the page asks again and ignores the old request, which the
   * walk lets the server answer once the new one arrived, so the path's next answer is the new one's.
   */
  const againWhileOut = (before: AnyMachineSnapshot): Action[] =>
    loadIsOut(before) ? [asked(screen.call, 2), answer(screen.call, "server")] : [];
  const gestures: Record<string, Gesture<never> | NotAGesture> = {
    "xstate.done.actor.load": () => [answer(screen.call, "server")],
    "xstate.error.actor.load": () => [answer(screen.call, "network")],
    QUERY: screen.query
      ? (((event: { search: unknown }, _next: unknown, { before }: StepStates) => [
          ...(isChanged(event.search)
            ? screen.query!.change
            : [click({ role: "link", name: screen.query!.link }, SIDEBAR)]),
          ...againWhileOut(before),
        ]) as Gesture<never>)
      : notAGesture("no control of this page changes its search (see the model)"),
    RELOAD: notAGesture("a dialog of the page sends it after a change: walked with the page's dialogs"),
    "ADMIN.AUDIT": ((_event: unknown, _next: unknown, { before }: StepStates) => [
      adminActsElsewhere(),
      ...againWhileOut(before),
    ]) as Gesture<never>,
    // A new player's scripted taps put their account in review: the admins' stream says so.
    "ADMIN.RISK": ((_event: unknown, _next: unknown, { before }: StepStates) => [
      playerFlaggedElsewhere(),
      ...againWhileOut(before),
    ]) as Gesture<never>,
    "ADMIN.METRICS": STREAM_EVENT("pushed by the server's metrics tick: not walked on this page"),
    // The admins' stream opens with the page (the walk waits for it); after a drop it is let back, and the
    // page, back up, loads again (the held load: the path answers it).
    "STREAM.UP": ((_event: unknown, _next: unknown, { before }: StepStates) =>
      streamOf(before).data === null ? [liveStreamUp()] : [restoreStream()]) as Gesture<never>,
    // The stream drops and stays down while the rest of the network works: the rows stay as they are.
    "STREAM.DOWN": () => [dropStream()],
    // The stream reconnects to a server that lost its position: the page, back up, loads again, and the
    // server's reset makes it load once more; the walk answers the first load once the second is out.
    "STREAM.RESET": () => [resetStream(), asked(screen.call, 2), answer(screen.call, "server")],
  };
  // The model's own searches where it offers them: the changed one, and the plain URL's.
  const searchesIn = (snapshot: AnyMachineSnapshot) =>
    screen.query ? offered(screen.model, snapshot).filter((event) => event.type === "QUERY") : [];
  const model: ModelOptions<unknown> = {
    ...screen.model,
    fakeActors: ["load"],
    // The page hears its stream come up first (every path starts with it). Each load is answered by the
    // server or fails for want of a network; another admin's change comes in any state while the stream is
    // up; on the rows shown the stream may drop (then only its coming back is walked) or reset.
    events: (snapshot) => {
      const { streamUp, data } = streamOf(snapshot);
      const loads: ModelEvent[] = loadIsOut(snapshot)
        ? [
            { type: "xstate.done.actor.load", output: { rows: 2 } },
            { type: "xstate.error.actor.load", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
          ]
        : [];
      if (!streamUp && data === null && snapshot.matches("loading")) return [{ type: "STREAM.UP" }];
      if (!streamUp) return snapshot.matches("ready") ? [{ type: "STREAM.UP" }] : loads;
      return [
        ...loads,
        AUDITED,
        RISK,
        ...searchesIn(snapshot),
        ...(snapshot.matches("ready") ? [{ type: "STREAM.DOWN" }, { type: "STREAM.RESET" }] : []),
      ];
    },
    serializeState: (snapshot) =>
      JSON.stringify([screen.model.serializeState(snapshot), streamOf(snapshot).streamUp]),
  };
  return {
    machine: screen.machine,
    parts: [
      {
        name: screen.name,
        model,
        gestures,
        before: [hold(screen.call)],
        // The landing Dashboard settles first, so every held request is the walked page's own.
        start: {
          url: screen.url,
          account: "admin",
          arrange: screen.arrange ?? { file: "admin", name: "dashboardSettled" },
        },
        atEnd: (leaf) => {
          const { search } = leaf.context as { search: unknown };
          const seen: Expectation[] = [
            screen.query && isChanged(search) ? screen.query.changed : { url: screen.url },
          ];
          if (leaf.matches("loading")) seen.push({ see: screen.loading });
          // Refreshing keeps the old rows on screen while the new ones load.
          if (leaf.matches("ready") || leaf.matches("refreshing")) seen.push({ see: screen.ready });
          if (leaf.matches("failed")) seen.push({ see: screen.failed }, { see: { text: screen.failure } });
          return seen;
        },
      },
    ],
  };
}
