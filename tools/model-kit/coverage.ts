/**
 * What the generated path tests reach (docs/decisions/029-model-kit.md): every suite's paths are replayed on
 * the real machine as the paths tests replay them (path-runner's replayPath), watched by inspection:
 * - states: the state nodes the running actor rested in (transient ones never count; see machine-shape);
 * - transitions: the definitions XState took, from its microstep events (eventless ones included);
 * - guard outcomes: each guarded transition's guard seen saying yes and seen saying no (two per guard).
 * The arithmetic (`coverageOf`) is separate from the measuring, so it is tested on its own.
 */
import type { AnyMachineSnapshot, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from "xstate";
import { activeStateIds, type ModelOptions, replayPath } from "../../tests/model/path-runner.ts";
import { describeValue } from "./describe.ts";
import { probeGuards } from "./guard-probe.ts";
import {
  guardedTransitions,
  type MachineShape,
  restingStates,
  shapeOf,
  stateName,
  transitionKey,
} from "./machine-shape.ts";
import { type ModelPath, suitePaths } from "./paths.ts";
import type { MachineModel } from "./registry.ts";
import type { SimplePathsFollowed } from "./simple-paths-followed.ts";

export interface Reached {
  stateIds: Set<string>;
  transitionKeys: Set<string>;
  /** Guarded transition key → the outcomes seen. */
  guardOutcomes: Map<string, Set<boolean>>;
}

export interface Measure {
  reached: number;
  total: number;
  missed: string[];
}

export interface Reach {
  paths: number;
  states: Measure;
  transitions: Measure;
  guardOutcomes: Measure;
}

export interface MachineCoverage extends Reach {
  machine: string;
  /** Replays that did not follow their path (the paths tests fail on these too). */
  failures: string[];
  /**
   * What the exported browser spec reaches (its paths replayed on the machine: each exported test follows
   * its path in the real app), or null for a machine without a walk.
   */
  browser: Reach | null;
  /** How many of the main model's simple paths the walk can follow (simple-paths-followed.ts); none without a walk. */
  simple?: SimplePathsFollowed;
}

export const percent = ({ reached, total }: Measure) => (total === 0 ? 100 : (100 * reached) / total);

/** The arithmetic: what a machine defines against what its replays reached. */
export function coverageOf(shape: MachineShape, reached: Reached): Omit<Reach, "paths"> {
  const measure = (all: string[], isReached: (item: string) => boolean): Measure => {
    const missed = all.filter((item) => !isReached(item));
    return { reached: all.length - missed.length, total: all.length, missed };
  };
  const states = restingStates(shape);
  const idOf = new Map(states.map((state) => [state.name, state.id]));
  const outcomes = guardedTransitions(shape).flatMap((transition) => [
    `${transition.key} [${transition.guard}] yes`,
    `${transition.key} [${transition.guard}] no`,
  ]);
  return {
    states: measure(
      states.map((state) => state.name),
      (name) => reached.stateIds.has(idOf.get(name)!),
    ),
    transitions: measure(
      shape.transitions.map((transition) => transition.key),
      (key) => reached.transitionKeys.has(key),
    ),
    guardOutcomes: measure(outcomes, (outcome) => {
      const [, key, said] = outcome.match(/^(.*) \[.*\] (yes|no)$/)!;
      return reached.guardOutcomes.get(key!)?.has(said === "yes") ?? false;
    }),
  };
}

/** The key machine-shape gives a transition XState took. */
export function keyOfTaken(transition: AnyTransitionDefinition): string | null {
  const source = transition.source as AnyStateNode;
  const candidates =
    transition.eventType === ""
      ? (source.always ?? [])
      : (source.transitions.get(transition.eventType) ?? []);
  const index = candidates.indexOf(transition);
  return index < 0 ? null : transitionKey(stateName(source), transition.eventType, index);
}

/** How many replays run at once: each mostly waits on its own settled promises. */
const CONCURRENT_REPLAYS = 16;

/** A path to replay, with the model options (fakes, events) of the suite or walk it comes from. */
export interface ReplayJob {
  name: string;
  options: ModelOptions<unknown>;
  path: ModelPath;
}

/**
 * What the path tests reach (every suite's paths), and what the exported browser spec reaches (`exported`:
 * the walk paths it has a test for; null when the machine has no walk).
 */
export async function measureCoverage(
  model: MachineModel,
  exported: ReplayJob[] | null = null,
): Promise<MachineCoverage> {
  const jobs = model.suites.flatMap((suite) =>
    suitePaths(model, suite).map((path) => ({ name: suite.name, options: suite.options, path })),
  );
  const { failures, ...reach } = await measureReach(model, jobs);
  const browser = exported ? await measureReach(model, exported) : null;
  return {
    machine: model.name,
    ...reach,
    failures: [...failures, ...(browser?.failures.map((failure) => `exported ${failure}`) ?? [])],
    browser: browser ? withoutFailures(browser) : null,
  };
}

const withoutFailures = ({ failures: _failures, ...reach }: Reach & { failures: string[] }): Reach => reach;

async function measureReach(model: MachineModel, jobs: ReplayJob[]): Promise<Reach & { failures: string[] }> {
  const reached: Reached = { stateIds: new Set(), transitionKeys: new Set(), guardOutcomes: new Map() };
  const failures: string[] = [];
  const replayOne = async ({ name, options, path }: ReplayJob) => {
    let subject: unknown;
    const record = (key: string, outcome: boolean) => {
      const seen = reached.guardOutcomes.get(key) ?? new Set<boolean>();
      seen.add(outcome);
      reached.guardOutcomes.set(key, seen);
    };
    const inspect = (event: InspectionEvent) => {
      if (event.type !== "@xstate.microstep" && event.type !== "@xstate.snapshot") return;
      const snapshot = event.snapshot as AnyMachineSnapshot;
      if (snapshot.machine !== subject) return;
      if (snapshot.status === "active" || snapshot.status === "done")
        for (const id of activeStateIds(snapshot)) reached.stateIds.add(id);
      if (event.type === "@xstate.microstep")
        for (const transition of event._transitions) {
          const key = keyOfTaken(transition);
          if (key) reached.transitionKeys.add(key);
        }
    };
    try {
      await replayPath(
        model.machine,
        path,
        options,
        (expected, actual) => {
          if (JSON.stringify(actual.value) !== JSON.stringify(expected.value))
            throw new Error(`expected ${describeValue(expected.value)}, got ${describeValue(actual.value)}`);
        },
        {
          prepare: (machine) => {
            subject = machine;
            probeGuards(machine, record);
          },
          inspect,
        },
      );
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message}`);
    }
  };
  for (let start = 0; start < jobs.length; start += CONCURRENT_REPLAYS)
    await Promise.all(jobs.slice(start, start + CONCURRENT_REPLAYS).map(replayOne));
  return { paths: jobs.length, ...coverageOf(shapeOf(model.machine), reached), failures };
}
