/**
 * How much of a machine's `paths --simple` a real browser can follow: each simple path of the machine's main
 * model is judged against the parts of its walk (walk-paths.ts), and counts as followed when one part can
 * drive it with gestures. The testers' target is 95 % per machine (docs/decisions/029-model-kit.md); what keeps
 * the rest out is counted by reason, so the gesture that would let in the most paths is the first one named.
 */
import type { Walk } from "../../tests/model/gestures/actions.ts";
import { SIMPLE_PATHS_PER_STATE } from "./paths.ts";
import { chartOf, type MachineModel } from "./registry.ts";
import { boundedSimplePaths } from "./simple-paths.ts";
import { judgePath } from "./walk-paths.ts";

export interface SimplePathsFollowed {
  followed: number;
  total: number;
  /** Why the others are left out (the first part's reason), most paths first. */
  leftOutBy: Array<{ reason: string; paths: number }>;
}

export function simplePathsFollowed(
  model: MachineModel,
  walk: Walk,
  perState = SIMPLE_PATHS_PER_STATE,
): SimplePathsFollowed {
  const chart = chartOf(model);
  const [main] = model.suites;
  const parts = walk.parts.filter((part) => !part.notExported);
  const paths = main ? boundedSimplePaths(chart, main.options, perState) : [];
  const reasons = new Map<string, number>();
  let followed = 0;
  for (const path of paths) {
    let reason: string | null = null;
    for (const part of parts) {
      // The path's states are the main model's, told apart by its serializer (a part's may keep more).
      const judged = judgePath(part, path, chart, main!.options.serializeState);
      if ("steps" in judged) {
        reason = null;
        break;
      }
      reason ??= judged.skip;
    }
    if (reason === null && parts.length > 0) followed += 1;
    else {
      const why = reason ?? "the walk exports no part";
      reasons.set(why, (reasons.get(why) ?? 0) + 1);
    }
  }
  return {
    followed,
    total: paths.length,
    leftOutBy: [...reasons]
      .map(([reason, count]) => ({ reason, paths: count }))
      .sort((a, b) => b.paths - a.paths || a.reason.localeCompare(b.reason)),
  };
}
