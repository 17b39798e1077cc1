/**
 * The exported paths `npm test` runs in the browser: the fewest that together take every transition the
 * exported spec takes (a greedy set cover, which is within a small factor of the fewest and fast). The rest
 * run with `npm run test:paths` (docs/decisions/029-model-kit.md, "Time in CI"). Each exported test carries
 * the tag `@core` when it is one of them.
 */
import type { AnyMachineSnapshot, EventObject } from "xstate";
import { keyOfTaken } from "./coverage.ts";
import type { ModelPath } from "./paths.ts";

/** The transitions a path takes, by machine-shape key: each step's event from the state before it. */
export function transitionsTaken(path: ModelPath): string[] {
  const keys: string[] = [];
  path.steps.forEach((step, index) => {
    const before = path.steps[index - 1]?.state as AnyMachineSnapshot | undefined;
    if (!before) return;
    for (const transition of before.machine.getTransitionData(before, step.event as EventObject)) {
      const key = keyOfTaken(transition);
      if (key) keys.push(key);
    }
  });
  return keys;
}

/** Indexes of the fewest paths (greedily) whose transitions together are all of theirs. */
export function coreSelection(transitionsPerPath: readonly string[][]): Set<number> {
  const uncovered = new Set(transitionsPerPath.flat());
  const chosen = new Set<number>();
  while (uncovered.size > 0) {
    let best = -1;
    let gain = 0;
    transitionsPerPath.forEach((keys, index) => {
      if (chosen.has(index)) return;
      const fresh = new Set(keys.filter((key) => uncovered.has(key))).size;
      if (fresh > gain) {
        best = index;
        gain = fresh;
      }
    });
    if (best < 0) break;
    chosen.add(best);
    for (const key of transitionsPerPath[best] ?? []) uncovered.delete(key);
  }
  return chosen;
}
