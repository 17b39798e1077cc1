/**
 * Simple paths (no model state twice on one path), at most `perState` to each model state. @xstate/graph's
 * getSimplePaths lists every simple path, which runs for minutes on most of our machines (taps, auth); a
 * state is expanded only while it has fewer than `perState` paths, so this stays linear in the model's size
 * and still reaches every state the model can reach. A path whose timers no real clock fires in its order (a
 * 30 s deadline before the 6 s debounce started with it) is not one the machine can take, so it is not listed:
 * the model offers timers in any order (real-clock.ts).
 */
import { getAdjacencyMap } from "@xstate/graph";
import { type AnyMachineSnapshot, type AnyStateMachine, type EventObject, initialTransition } from "xstate";
import type { ModelOptions } from "../../tests/model/path-runner.ts";
import type { ModelPath } from "./paths.ts";
import { timersInRealOrder } from "./real-clock.ts";

export function boundedSimplePaths(
  machine: AnyStateMachine,
  options: ModelOptions<unknown>,
  perState: number,
): ModelPath[] {
  const serialize = (snapshot: AnyMachineSnapshot) => options.serializeState(snapshot);
  const adjacency = getAdjacencyMap(machine, {
    input: options.input,
    events: options.events as never,
    serializeState: (snapshot) => serialize(snapshot as AnyMachineSnapshot),
  }) as unknown as Record<
    string,
    { transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  const [initial] = initialTransition(machine, options.input) as unknown as [AnyMachineSnapshot];
  const found = new Map<string, number>();
  const onPath = new Set<string>();
  const steps: ModelPath["steps"] = [{ state: initial, event: { type: "xstate.init" } }];
  const paths: ModelPath[] = [];
  const visit = (key: string) => {
    const count = found.get(key) ?? 0;
    if (count >= perState) return;
    found.set(key, count + 1);
    paths.push({ state: steps.at(-1)!.state, steps: [...steps], weight: steps.length - 1 });
    onPath.add(key);
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = serialize(state);
      if (onPath.has(next)) continue;
      steps.push({ state, event });
      if (!event.type.startsWith("xstate.after.") || timersInRealOrder(machine, options, steps)) visit(next);
      steps.pop();
    }
    onPath.delete(key);
  };
  visit(serialize(initial));
  return paths;
}
