/**
 * The testers' model kit's registry (docs/design.md §13, docs/decisions/029-model-kit.md): one entry per
 * machine in src/machines, added by that machine's model file (tests/model/models/<name>.model.ts) with the
 * model options its generated path tests use. Outside the app: nothing in src/ imports it, so it never reaches the
 * bundle. `tests/model/models/index.ts` imports every model file; the kit's registry test fails when a
 * machine file has no entry.
 */
import type { AnyStateMachine } from "xstate";
import type { ModelOptions } from "../../tests/model/path-runner.ts";

/** Which generator a suite's path tests replay: shortest or simple paths, or every transition (see path-runner). */
export type PathKind = "shortest" | "simple" | "transitions";

/** One model of a machine, as one `describe` of its paths test uses it. */
export interface ModelSuite {
  /** What this model explores, in a few words ("with the live stream"). */
  name: string;
  // The options are typed by their machine's input in the model file; the kit only passes them on.
  // biome-ignore lint/suspicious/noExplicitAny: each suite has its own input type
  options: ModelOptions<any>;
  paths: PathKind;
  /** States this use of the machine never enters (a form on a page never ends); other suites must reach them. */
  unreachable?: readonly string[];
}

export interface MachineModel {
  /** The CLI's name for the machine: its file's name without `.machine.ts` ("taps", "live-stream"). */
  name: string;
  /** The file that exports the machine, from the repository's root. */
  file: string;
  /** The file whose factory made the machine, when it is not written out in `file` (the live-read pages). */
  madeBy?: string;
  /** The machine the paths are replayed on: the one the app runs. */
  machine: AnyStateMachine;
  /**
   * What paths are generated from, when the machine cannot be walked as it is (its children's systemIds, its
   * reports to a parent); same states and transitions as `machine`.
   */
  chart?: AnyStateMachine;
  /** The first suite is the machine's main model: `paths` and `graph` use it. */
  suites: readonly [ModelSuite, ...ModelSuite[]];
}

const models = new Map<string, MachineModel>();

/** Adds a machine's model to the registry; a model file calls it once, when it is imported. */
export function registerModel<const M extends MachineModel>(model: M): M {
  if (models.has(model.name)) throw new Error(`model kit: "${model.name}" is registered twice`);
  models.set(model.name, model);
  return model;
}

/** Every registered model, by name. */
export const registeredModels = (): MachineModel[] =>
  [...models.values()].sort((a, b) => a.name.localeCompare(b.name));

export function findModel(name: string): MachineModel {
  const model = models.get(name);
  if (!model)
    throw new Error(
      `model kit: no machine "${name}". Known: ${registeredModels()
        .map((entry) => entry.name)
        .join(", ")}`,
    );
  return model;
}

/** The chart paths are generated from. */
export const chartOf = (model: MachineModel) => model.chart ?? model.machine;
