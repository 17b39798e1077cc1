/** `npm run model -- paths <machine>`: the main model's paths, each as its states and events. */
import type { EventObject, StateValue } from "xstate";
import { activeStateIds } from "../../tests/model/path-runner.ts";
import { count, describeEvent, describeValue } from "./describe.ts";
import { restingStates, shapeOf } from "./machine-shape.ts";
import { type ModelPath, SIMPLE_PATHS_PER_STATE, suitePaths } from "./paths.ts";
import { chartOf, type MachineModel } from "./registry.ts";
import { boundedSimplePaths } from "./simple-paths.ts";

export interface PathListing {
  machine: string;
  model: string;
  kind: "shortest" | "simple";
  /** With `simple`: at most this many paths end in each model state. */
  perState?: number;
  /** States (by name) the paths reach together, and those they miss. */
  reached: number;
  missed: string[];
  paths: Array<{ description: string; states: StateValue[]; events: EventObject[] }>;
}

export function listPaths(
  model: MachineModel,
  kind: "shortest" | "simple",
  perState = SIMPLE_PATHS_PER_STATE,
): PathListing {
  const [main] = model.suites;
  const paths: ModelPath[] =
    kind === "shortest"
      ? suitePaths(model, main, "shortest")
      : boundedSimplePaths(chartOf(model), main.options, perState);
  const states = restingStates(shapeOf(model.machine));
  const reachedIds = new Set(paths.flatMap((path) => activeStateIds(path.state)));
  const missed = states.filter((state) => !reachedIds.has(state.id)).map((state) => state.name);
  return {
    machine: model.name,
    model: main.name,
    kind,
    ...(kind === "simple" ? { perState } : {}),
    reached: states.length - missed.length,
    missed,
    paths: paths.map((path) => {
      const steps = path.steps.filter((step) => step.event.type !== "xstate.init");
      return {
        description: steps.map((step) => describeEvent(step.event)).join(" → ") || "(initial state)",
        states: [path.steps[0]!.state.value, ...steps.map((step) => step.state.value)],
        events: steps.map((step) => step.event),
      };
    }),
  };
}

export function formatPaths(listing: PathListing): string {
  const kind =
    listing.kind === "shortest"
      ? "shortest paths"
      : `simple paths (at most ${listing.perState} to each model state)`;
  const total = listing.reached + listing.missed.length;
  const lines = [
    `${listing.machine}: ${listing.paths.length} ${kind} of the model "${listing.model}"; together they reach ${listing.reached} of ${total} states${listing.missed.length ? ` (missed: ${listing.missed.join(", ")})` : ""}`,
  ];
  listing.paths.forEach((path, index) => {
    lines.push("", `path ${index + 1}: ${count(path.events.length, "step")}`);
    lines.push(`  ${describeValue(path.states[0]!)}`);
    path.events.forEach((event, step) => {
      lines.push(`    --${describeEvent(event)}-->`, `  ${describeValue(path.states[step + 1]!)}`);
    });
  });
  return lines.join("\n");
}

/** JSON for `--json`: errors as their name, message and code (JSON.stringify drops an Error's fields). */
export const toJson = (value: unknown) =>
  JSON.stringify(
    value,
    (_key, field) =>
      field instanceof Error ? { name: field.name, message: field.message } : (field as unknown),
    2,
  );
