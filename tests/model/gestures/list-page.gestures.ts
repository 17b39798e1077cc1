/**
 * One walk for every back-office page made by the list page factory (src/machines/shared/list-page.machine.ts:
 * Dashboard, Audit Log, the dashboard's economy, ...), so each page's walk is a few lines naming its URL, the
 * call the walk holds and what the person sees. The walk holds the page's load and answers it as the path says:
 * by the server (the table shows) or with no network (the page's own failure words and the Error toast).
 * Another admin's change (ADMIN.AUDIT: the suite's admin acts through the API) makes the page load again in
 * every state: the walk holds that load too, and answers a load the page already asked again (once it has) so
 * the page's newer one is the one the path decides. RELOAD, the other pushes and the stream's own life are not
 * walked here (each is said why in the map).
 */
import type { AnyMachineSnapshot } from "xstate";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";
import {
  adminActsElsewhere,
  answer,
  asked,
  type Call,
  type Expectation,
  type Gesture,
  hold,
  type Locator,
  type NotAGesture,
  notAGesture,
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
}

const STREAM_EVENT = (why: string): NotAGesture => notAGesture(why);

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

/** The walk of one list page. */
export function listPageWalk(screen: ListPageScreen): Walk {
  const gestures: Record<string, Gesture<never> | NotAGesture> = {
    "xstate.done.actor.load": () => [answer(screen.call, "server")],
    "xstate.error.actor.load": () => [answer(screen.call, "network")],
    QUERY: notAGesture(
      "the URL's search changing: this walk opens the page once; its search boxes and page links need rows made for them",
    ),
    RELOAD: notAGesture("a dialog of the page sends it after a change: walked with the page's dialogs"),
    // While a load is out the page asks again: the walk lets the server answer the old request once the new
    // one arrived (the page ignores it), so the path's next answer is the new one's.
    "ADMIN.AUDIT": ((_event: unknown, _next: unknown, { before }: StepStates) =>
      loadIsOut(before)
        ? [adminActsElsewhere(), asked(screen.call, 2), answer(screen.call, "server")]
        : [adminActsElsewhere()]) as Gesture<never>,
    "ADMIN.RISK": STREAM_EVENT("pushed when an account enters review: not walked on this page"),
    "ADMIN.METRICS": STREAM_EVENT("pushed by the server's metrics tick: not walked on this page"),
    "STREAM.RESET": STREAM_EVENT("the live stream's own reset: walked with live-stream"),
    "STREAM.UP": STREAM_EVENT("the live stream's connection: walked with live-stream"),
    "STREAM.DOWN": STREAM_EVENT("the live stream's connection: walked with live-stream"),
  };
  const model: ModelOptions<unknown> = {
    ...screen.model,
    fakeActors: ["load"],
    // Each load is answered by the server or fails for want of a network; another admin's change comes in
    // any state (once the page has data: a change before the first answer is the same as one during it).
    events: (snapshot) => [
      ...(loadIsOut(snapshot)
        ? ([
            { type: "xstate.done.actor.load", output: { rows: 2 } },
            { type: "xstate.error.actor.load", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
          ] satisfies ModelEvent[])
        : []),
      AUDITED,
    ],
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
        start: { url: screen.url, account: "admin", arrange: { file: "admin", name: "dashboardSettled" } },
        atEnd: (leaf) => {
          const seen: Expectation[] = [{ url: screen.url }];
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
