/**
 * Which walk paths a real browser can follow, and why the others cannot (docs/decisions/029-model-kit.md).
 * In the real app the server answers at once and timers run on the wall clock, so a path is exportable when:
 * - every user event has a gesture, and comes when no call is out (the real answer would come first);
 * - every completion is one the browser gets by itself: an answer, or a failure a gesture causes;
 * - every timer is short enough to wait for;
 * - it ends at rest: no call out, no short timer about to move on.
 */
import type { AnyMachineSnapshot } from "xstate";
import type { WalkPart, WalkStep } from "../../tests/model/gestures/actions.ts";
import type { ModelEvent } from "../../tests/model/path-runner.ts";
import { describeEvent } from "./describe.ts";
import type { ModelPath } from "./paths.ts";

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

export function judgePath(part: WalkPart, path: ModelPath): Judged {
  const calls = part.model.fakeActors;
  const steps: WalkStep[] = [];
  let before = path.steps[0]!.state;
  for (const step of path.steps) {
    const event = step.event as ModelEvent;
    if (event.type === "xstate.init") continue;
    const out = callsOut(before, calls);
    const [, outcome, actor] = event.type.match(/^xstate\.(done|error)\.actor\.(.+)$/) ?? [];
    const delay = event.type.match(/^xstate\.after\.([^.]+)\./)?.[1];
    if (part.gestures[event.type]) {
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
    steps.push({ event, state: step.state, before: steps.map((done) => done.event) });
    before = step.state;
  }
  const out = callsOut(before, calls);
  if (out.length > 0) return { skip: `ends while ${out.join(", ")} is out: a real answer comes at once` };
  const timers = shortTimersOut(before, part.shortDelays ?? []);
  if (timers.length > 0)
    return { skip: `ends as the ${timers.join(", ")} timer is about to move on by itself` };
  return { steps };
}
