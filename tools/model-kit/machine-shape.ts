/**
 * What a machine is made of, read from its state nodes: the states it can rest in, every transition it
 * defines (events, timers, actor completions, eventless ones) and their guards. `list`, `coverage` and
 * `graph` all count from here, so they agree (docs/decisions/029-model-kit.md).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";

export interface StateShape {
  /** The node's id, as snapshots name it (`taps.ready.sync.idle`). */
  id: string;
  /** Its path below the root (`ready.sync.idle`). */
  name: string;
  type: "atomic" | "compound" | "parallel" | "final" | "history";
  /** An unguarded `always` leaves it at once: no snapshot ever rests in it. */
  transient: boolean;
}

export interface TransitionShape {
  /** Stable across `machine.provide()` copies: source, event and place among that event's candidates. */
  key: string;
  source: string;
  /** The event type; "" for an eventless (`always`) transition. */
  event: string;
  /** Target state names; none for a transition that only runs actions. */
  targets: string[];
  guard: string | null;
}

export interface MachineShape {
  id: string;
  states: StateShape[];
  transitions: TransitionShape[];
}

/** The root is "(machine)" in names: it is always active, so it is no state to reach. */
export const stateName = (node: AnyStateNode) => node.path.join(".") || "(machine)";

export const transitionKey = (source: string, event: string, index: number) =>
  `${source} ${event || "always"} #${index}`;

type GuardLike = string | { type: string } | ((...args: never[]) => unknown) | undefined;

/** A guard as a tester reads it: its name, `and(a, b)` for a combination, "inline" for an anonymous one. */
export function describeGuard(guard: GuardLike): string | null {
  if (guard === undefined) return null;
  if (typeof guard === "string") return guard;
  if (typeof guard === "object") return guard.type;
  const parts = (guard as { guards?: GuardLike[] }).guards;
  if (parts) return `${guard.name}(${parts.map(describeGuard).join(", ")})`;
  return "inline";
}

/** Every state node below the root, depth first in document order. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states)) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

/** The transition definitions of one node with their keys: per event in definition order, then `always`. */
export function transitionsOf(
  node: AnyStateNode,
): Array<{ key: string; definition: AnyTransitionDefinition }> {
  const source = stateName(node);
  const entries: Array<{ key: string; definition: AnyTransitionDefinition }> = [];
  for (const [event, candidates] of node.transitions)
    candidates.forEach((definition, index) => {
      entries.push({ key: transitionKey(source, event, index), definition });
    });
  (node.always ?? []).forEach((definition, index) => {
    entries.push({ key: transitionKey(source, "", index), definition });
  });
  return entries;
}

const isTransient = (node: AnyStateNode) => (node.always ?? []).some((transition) => !transition.guard);

export function shapeOf(machine: AnyStateMachine): MachineShape {
  const nodes = stateNodes(machine);
  const states = nodes.map((node) => ({
    id: node.id,
    name: stateName(node),
    type: node.type,
    transient: isTransient(node),
  }));
  const transitions = [machine.root, ...nodes].flatMap((node) =>
    transitionsOf(node).map(({ key, definition }) => ({
      key,
      source: stateName(node),
      event: definition.eventType,
      targets: (definition.target ?? []).map(stateName),
      guard: describeGuard(definition.guard as GuardLike),
    })),
  );
  return { id: machine.id, states, transitions };
}

/** The states a path can reach: every node except the root and transient ones (as path-runner's allStateIds). */
export const restingStates = (shape: MachineShape) => shape.states.filter((state) => !state.transient);

export const guardedTransitions = (shape: MachineShape) =>
  shape.transitions.filter((transition) => transition.guard !== null);
