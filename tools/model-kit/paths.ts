/**
 * The paths of a model suite, generated once per process and shared by the paths tests, the coverage and
 * the exporter, so they all see the same paths (generation is the slow part: docs/decisions/029-model-kit.md).
 */
import type { StatePath } from "@xstate/graph";
import type { AnyMachineSnapshot, EventObject } from "xstate";
import { generatePaths, generateTransitionPaths } from "../../tests/model/path-runner.ts";
import { chartOf, type MachineModel, type ModelSuite, type PathKind } from "./registry.ts";

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject>;

/** How many simple paths `paths --simple` gives to each model state by default. */
export const SIMPLE_PATHS_PER_STATE = 3;

const cache = new WeakMap<ModelSuite, Map<PathKind, ModelPath[]>>();

/** The suite's paths of `kind` (by default the kind its paths test replays). */
export function suitePaths(
  model: MachineModel,
  suite: ModelSuite,
  kind: PathKind = suite.paths,
): ModelPath[] {
  const byKind = cache.get(suite) ?? new Map<PathKind, ModelPath[]>();
  cache.set(suite, byKind);
  const cached = byKind.get(kind);
  if (cached) return cached;
  const chart = chartOf(model);
  const paths =
    kind === "transitions"
      ? generateTransitionPaths(chart, suite.options, suitePaths(model, suite, "shortest"))
      : generatePaths(chart, suite.options, kind);
  byKind.set(kind, paths);
  return paths;
}
