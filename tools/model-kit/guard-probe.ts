/**
 * Guard outcomes for the coverage: every guarded transition of the machine a replay runs gets a stand-in
 * guard that evaluates the original and records what it said, keyed like machine-shape's transitions.
 * XState does not expose its guard evaluation, so `evaluateGuard` mirrors it for the forms our machines use:
 * a named guard, `{ type, params }`, an inline function, and the and/or/not combinators (whose `check` only
 * needs the machine to resolve names). `stateIn` needs a live snapshot: none of our machines uses it, and
 * the probe says so loudly if one starts to.
 */
import type { AnyStateMachine } from "xstate";
import { stateNodes, transitionsOf } from "./machine-shape.ts";

type GuardArgs = { context: unknown; event: unknown };
type Combinator = ((...args: never[]) => unknown) & {
  check: (snapshot: unknown, args: GuardArgs, guard: unknown) => boolean;
};
type Guard =
  | string
  | { type: string; params?: unknown }
  | ((args: GuardArgs, params: unknown) => boolean)
  | Combinator;

export function evaluateGuard(guard: Guard, args: GuardArgs, machine: AnyStateMachine): boolean {
  if (typeof guard === "function") {
    if ("check" in guard) {
      if (guard.name === "stateIn")
        throw new Error("model kit: stateIn guards are not measured (guard-probe.ts)");
      return guard.check({ machine }, args, guard);
    }
    return (guard as (args: GuardArgs, params: unknown) => boolean)(args, undefined);
  }
  const name = typeof guard === "string" ? guard : guard.type;
  const resolved = machine.implementations.guards[name] as Guard | undefined;
  if (!resolved) throw new Error(`model kit: guard "${name}" is not implemented`);
  if (typeof resolved === "function" && "check" in resolved) return evaluateGuard(resolved, args, machine);
  const rawParams = typeof guard === "object" ? guard.params : undefined;
  const params =
    typeof rawParams === "function" ? (rawParams as (args: GuardArgs) => unknown)(args) : rawParams;
  if (typeof resolved !== "function") return evaluateGuard(resolved, args, machine);
  return (resolved as (args: GuardArgs, params: unknown) => boolean)(args, params);
}

/** Replaces the guards of `subject`'s transitions (in place: it is a fresh copy per replay) with recorders. */
export function probeGuards(subject: AnyStateMachine, record: (key: string, outcome: boolean) => void) {
  for (const node of [subject.root, ...stateNodes(subject)]) {
    for (const { key, definition } of transitionsOf(node)) {
      const original = definition.guard as Guard | undefined;
      if (original === undefined) continue;
      (definition as { guard: unknown }).guard = (args: GuardArgs) => {
        const outcome = Boolean(evaluateGuard(original, args, subject));
        record(key, outcome);
        return outcome;
      };
    }
  }
}
