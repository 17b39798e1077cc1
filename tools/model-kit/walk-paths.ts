/**
 * Which walk paths a real browser can follow, and why the others cannot (docs/decisions/029-model-kit.md).
 * A browser follows a path when every step is something it can do:
 * - a gesture of the walk: a person's (click, fill), the browser's (pagehide, offline), the network's (a held
 *   call answered by the server, a network failure or an error body) or the clock's (time moves on);
 * - or, for walks that do not hold a call, a completion the app gets by itself (the real server answers at
 *   once, so no other step may come while it is out) or a failure a gesture causes (a wrong password), and a
 *   timer short enough to wait for;
 * and when its timers fire in the path's order on a real clock (real-clock.ts replays the path on a clock the
 * path moves: a 30 s deadline cannot fire while a 6 s timer started with it still runs, but a reload 30 s
 * after a failed load can come while the debounce of a tap made 25 s after it still waits).
 */
import { type AnyMachineSnapshot, type AnyStateMachine, getNextSnapshot } from "xstate";
import {
  clock,
  type Gesture,
  isGesture,
  type WalkPart,
  type WalkStep,
} from "../../tests/model/gestures/actions.ts";
import type { ModelEvent, ModelOptions } from "../../tests/model/path-runner.ts";
import { describeEvent } from "./describe.ts";
import type { ModelPath } from "./paths.ts";
import { onRealClock } from "./real-clock.ts";

export type Judged = { steps: WalkStep[] } | { skip: string };

type Node = { invoke: Array<{ id: string }>; transitions: Map<string, unknown> };
const nodesOf = (snapshot: AnyMachineSnapshot) => (snapshot as unknown as { _nodes: Node[] })._nodes;

/**
 * The model's calls out in `snapshot`: what the states it is in invoke (read from the chart: @xstate/graph's
 * snapshots do not always carry their children).
 */
const callsOut = (snapshot: AnyMachineSnapshot, calls: readonly string[]) =>
  nodesOf(snapshot)
    .flatMap((node) => node.invoke.map((invoke) => invoke.id))
    .filter((id) => calls.includes(id));

/** The short timers `snapshot` waits on (a transition on `xstate.after.<delay>` from a state it is in). */
const shortTimersOut = (snapshot: AnyMachineSnapshot, delays: readonly string[]) =>
  delays.filter((delay) =>
    nodesOf(snapshot).some((node) =>
      [...node.transitions.keys()].some((type) => type.startsWith(`xstate.after.${delay}.`)),
    ),
  );

/** The events of the short timers `snapshot` waits on (`xstate.after.<delay>.<state id>`). */
const shortTimerEvents = (snapshot: AnyMachineSnapshot, delays: readonly string[]) =>
  nodesOf(snapshot).flatMap((node) =>
    [...node.transitions.keys()].filter((type) =>
      delays.some((delay) => type.startsWith(`xstate.after.${delay}.`)),
    ),
  );

/** The events the walk model offers in `snapshot`. */
const offered = (part: WalkPart, snapshot: AnyMachineSnapshot): readonly ModelEvent[] =>
  typeof part.model.events === "function" ? part.model.events(snapshot) : part.model.events;

/** The actions of a step's gesture, or undefined when the walk has none for its event. */
export function gestureActions(part: WalkPart, step: WalkStep, next: ModelEvent | undefined) {
  const entry = part.gestures[step.event.type];
  if (!isGesture(entry)) return undefined;
  const actions = (entry as Gesture<unknown>)(step.event, next, {
    before: step.prior,
    after: step.state,
    earlier: step.before,
  });
  // The real-clock replay's word on time (real-clock.ts): a timer's step moves the clock to that timer, and
  // the person may wait before a step.
  const timed = step.clockMs !== undefined ? [clock(step.clockMs)] : actions;
  return step.waitMs ? [clock(step.waitMs), ...timed] : timed;
}

/** The calls whose answers the walk's gestures give (their completions are gestures, not the server's). */
const answeredByWalk = (part: WalkPart) =>
  part.model.fakeActors.filter(
    (actor) =>
      isGesture(part.gestures[`xstate.done.actor.${actor}`]) ||
      isGesture(part.gestures[`xstate.error.actor.${actor}`]),
  );

/**
 * `serializeState`: how the path's states were told apart when it was made (its model's), so the real-clock
 * replay compares states the way that model saw them; a walk's own paths use the part's.
 */
export function judgePath(
  part: WalkPart,
  path: ModelPath,
  machine?: AnyStateMachine,
  serializeState: ModelOptions<unknown>["serializeState"] = part.model.serializeState,
): Judged {
  const calls = part.model.fakeActors;
  const answered = answeredByWalk(part);
  const unanswered = calls.filter((call) => !answered.includes(call));
  const steps: WalkStep[] = [];
  let before = path.steps[0]!.state;
  for (const step of path.steps) {
    const event = step.event as ModelEvent;
    if (event.type === "xstate.init") continue;
    const out = callsOut(before, unanswered);
    const [, outcome, actor] = event.type.match(/^xstate\.(done|error)\.actor\.(.+)$/) ?? [];
    const delay = event.type.match(/^xstate\.after\.([^.]+)\./)?.[1];
    const entry = part.gestures[event.type];
    if (entry && !isGesture(entry)) return { skip: `${event.type}: ${entry.notAGesture}` };
    if (entry) {
      if (out.length > 0)
        return { skip: `${event.type} while ${out.join(", ")} is out: the real answer comes first` };
    } else if (outcome === "error" && !part.causedFailures?.[event.type]) {
      return { skip: `${describeEvent(event)}: no gesture makes ${actor} fail` };
    } else if (delay && !part.shortDelays?.includes(delay)) {
      return {
        skip: `the ${delay} timer: too long to wait for (the unit tests run it on a simulated clock)`,
      };
    } else if (!outcome && !delay) {
      return { skip: `${event.type}: no gesture sends it` };
    }
    steps.push({ event, state: step.state, prior: before, before: steps.map((done) => done.event) });
    before = step.state;
  }
  // What the browser does by itself once the path's last step is taken, the path does too, so the test checks
  // where the person really ends up: a call the app answers itself (reading or clearing the storage) comes back
  // at once, with the one answer the walk model gives it there; a short timer left running fires (the redirect
  // after a logout).
  for (let more = 0; machine && more < 4; more += 1) {
    const [call] = callsOut(before, unanswered);
    // Only when the model gives the call one outcome there: a success it might also see refused (an email
    // taken) is the server's to decide, and the path stops before it.
    const answers = call
      ? offered(part, before).filter(
          (event) =>
            event.type === `xstate.done.actor.${call}` || event.type === `xstate.error.actor.${call}`,
        )
      : [];
    const answer =
      (call ? part.answersAtOnce?.[call] : undefined) ??
      (answers.length === 1 && answers[0]!.type.startsWith("xstate.done.") ? answers[0] : undefined);
    const timer = shortTimerEvents(before, part.shortDelays ?? [])[0];
    const event: ModelEvent | undefined = call ? answer : timer ? { type: timer } : undefined;
    if (!event) break;
    const state = getNextSnapshot(machine, before, event);
    steps.push({ event, state, prior: before, before: steps.map((done) => done.event) });
    before = state;
  }
  const out = callsOut(before, unanswered);
  if (out.length > 0) return { skip: `ends while ${out.join(", ")} is out: a real answer comes at once` };
  const timers = shortTimersOut(before, part.shortDelays ?? []);
  if (timers.length > 0)
    return { skip: `ends as the ${timers.join(", ")} timer is about to move on by itself` };
  return machine ? onRealClock(machine, part, steps, serializeState) : { steps };
}
