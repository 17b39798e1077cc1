/**
 * What a person does in the browser, said once for two drivers: the UI walks perform it with Testing Library
 * on jsdom (testing-library.ts), and the model kit's exporter writes it as Playwright code for the real app
 * (tools/model-kit/playwright-export.ts). A machine's event-to-gesture map (`*.gestures.ts` here) returns
 * these, so the walks and the exported specs cannot drift apart (docs/decisions/029-model-kit.md).
 */
import type { AnyMachineSnapshot } from "xstate";
import type { ModelEvent, ModelOptions } from "../path-runner.ts";

export type Role = "button" | "link" | "navigation" | "menuitem" | "banner" | "main";
/** What a gesture looks for; names, texts and labels match exactly in both drivers. */
export type Locator = { role: Role; name?: string } | { text: string } | { label: string };

/** A field's value: literal, or a part of the account the walk uses (fresh for every exported test). */
export type Value = string | { account: "name" | "email" | "password" };

export type Action =
  | { do: "click"; target: Locator; within?: Locator }
  | { do: "fill"; label: string; value: Value }
  | { do: "dispatch"; event: "pagehide" | "online" }
  | { do: "waitFor"; target: Locator }
  | { do: "unlessVisible"; target: Locator; then: Action[] };

export const click = (target: Locator, within?: Locator): Action => ({
  do: "click",
  target,
  ...(within ? { within } : {}),
});
export const fill = (label: string, value: Value): Action => ({ do: "fill", label, value });
export const dispatch = (event: "pagehide" | "online"): Action => ({ do: "dispatch", event });
export const waitFor = (target: Locator): Action => ({ do: "waitFor", target });
export const unlessVisible = (target: Locator, then: Action[]): Action => ({
  do: "unlessVisible",
  target,
  then,
});

/** A gesture: what the person does to send `event`; `next` is the path's next event (a wrong password, say). */
export type Gesture<E> = (event: E, next: ModelEvent | undefined) => Action[];

/** What the person must see (the exporter writes each as a Playwright assertion). */
export type Expectation =
  | { see: Locator }
  | { seeIn: Locator; text: string }
  | { url: string }
  /** The server's count of the signed-in player's taps (read through the API, as the e2e fixtures do). */
  | { serverTotalTaps: number };

/** One step of a path, with the events before it, for the expectations after it. */
export interface WalkStep {
  event: ModelEvent;
  state: AnyMachineSnapshot;
  before: ModelEvent[];
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
  gestures: Partial<Record<string, Gesture<never>>>;
  /** Where an exported test starts, and with which account: none, signed up, or signed in. */
  start: { url: string; account: "none" | "signedUp" | "signedIn" };
  /**
   * Server failures the real app gives for a gesture: event type → how (a wrong password is refused; an
   * email signed up before the test is taken). Other failures cannot be caused from the browser, and their
   * paths are left out of the export.
   */
  causedFailures?: Record<string, { how: string; accountFirst?: boolean }>;
  /** Timers short enough for an exported test to wait for (the redirect after a form); others are skipped. */
  shortDelays?: string[];
  /** What the person sees after a step (a completion's effect) and at the end of a path. */
  after?: (step: WalkStep) => Expectation[];
  atEnd: (leaf: AnyMachineSnapshot, events: ModelEvent[]) => Expectation[];
  /** Why this part has no exported test at all (a reset link comes by email), if it has none. */
  notExported?: string;
}
