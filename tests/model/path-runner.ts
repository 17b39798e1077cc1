/**
 * Our small model-based test runner for XState 5 (docs/design.md §3; @xstate/test does not work with v5).
 *
 * Paths come from @xstate/graph's getShortestPaths / getSimplePaths over the machine's own transition
 * function. Invoked actors and timers are part of the model as their completion events
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state>`). The runner replays
 * each path on a REAL running actor: invoked actors are fakes whose promises the runner settles with the
 * step's output or error (so invoke inputs and onDone/onError wiring run for real), and a timer step is
 * delivered as the very event the timer would send, so parallel timers due later do not fire early. The
 * real timings are covered by each machine's unit tests on a simulated clock.
 * Convention this relies on: every invoke's `id` equals its `src`, so `xstate.done.actor.<id>` names the fake.
 */
import { getShortestPaths, getSimplePaths, type StatePath } from "@xstate/graph";
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  createMachine,
  type EventObject,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
  transition,
} from "xstate";

export type ModelEvent = { type: string; [key: string]: unknown };

export interface ModelOptions<TInput> {
  input?: TInput;
  /** The events the model may take in any state (user events plus actor completions and timers). */
  events: readonly ModelEvent[] | ((snapshot: AnyMachineSnapshot) => readonly ModelEvent[]);
  /** What makes two snapshots the same model state; keep it small so traversal stays bounded. */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  /** Names of the machine's promise actors to fake while replaying. */
  fakeActors: readonly string[];
  /**
   * Stand-ins for actors that are not modelled as completion events (a callback actor that reads storage or
   * listens to the app): they run as given while replaying.
   */
  actors?: Record<string, AnyActorLogic>;
  /** Stand-ins for actions whose real implementation does I/O (storage, beacons). */
  actions?: Record<string, () => void>;
  /**
   * Replay the machine as the child of a parent that records what it is sent (for a machine that reports
   * to its parent, such as a live stream); the events are in `Replay.toParent`.
   */
  underParent?: boolean;
}

export interface Replay {
  actor: AnyActorRef;
  snapshot: AnyMachineSnapshot;
  emitted: ModelEvent[];
  /** Inputs each fake actor was started with, in order. */
  actorInputs: Array<{ src: string; input: unknown }>;
  /** What the machine sent its parent (with `underParent`). */
  toParent: ModelEvent[];
}

export function generatePaths<TInput>(
  machine: AnyStateMachine,
  options: ModelOptions<TInput>,
  kind: "shortest" | "simple" = "shortest",
): Array<StatePath<AnyMachineSnapshot, EventObject>> {
  const generate = kind === "shortest" ? getShortestPaths : getSimplePaths;
  return generate(machine, {
    input: options.input,
    events: options.events as never,
    serializeState: (snapshot) => options.serializeState(snapshot as AnyMachineSnapshot),
  }) as unknown as Array<StatePath<AnyMachineSnapshot, EventObject>>;
}

/**
 * Transition coverage: the shortest path to every state, and each of those extended by every event the
 * state handles (`can`), so every transition the model allows is walked once, including those that lead
 * back to a state already reached (a purchase that closes the dialog, an error that returns to a form).
 */
export function generateTransitionPaths<TInput>(
  machine: AnyStateMachine,
  options: ModelOptions<TInput>,
  /** The shortest paths, when the caller has them already (generating them is the slow part). */
  shortest?: Array<StatePath<AnyMachineSnapshot, EventObject>>,
): Array<StatePath<AnyMachineSnapshot, EventObject>> {
  // A path is its events (payloads included) and where they lead.
  const identity = (path: StatePath<AnyMachineSnapshot, EventObject>) =>
    JSON.stringify([path.steps.map((step) => step.event), options.serializeState(path.state)]);
  const toStates = shortest ?? generatePaths(machine, options);
  const paths = [...toStates];
  const seen = new Set(toStates.map(identity));
  for (const path of toStates) {
    const events = typeof options.events === "function" ? options.events(path.state) : options.events;
    for (const event of events as EventObject[]) {
      if (!path.state.can(event)) continue;
      const [next] = transition(machine, path.state as never, event) as [AnyMachineSnapshot, unknown];
      const extended = {
        ...path,
        state: next,
        steps: [...path.steps, { state: next, event }],
        weight: path.weight + 1,
      };
      if (seen.has(identity(extended))) continue;
      seen.add(identity(extended));
      paths.push(extended);
    }
  }
  return paths;
}

/** The path's event types; a failure also names its error code, so paths that differ only there differ. */
export const describePath = (path: StatePath<AnyMachineSnapshot, EventObject>) =>
  path.steps
    .map((step) => {
      const code = (step.event as { error?: { code?: unknown } }).error?.code;
      return typeof code === "string" ? `${step.event.type}(${code})` : step.event.type;
    })
    .filter((type) => type !== "xstate.init")
    .join(" → ") || "(initial)";

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What the model kit's coverage (tools/model-kit/coverage.ts) watches a replay with: `prepare` sees the
 * machine as it will run (after the fakes are provided), `inspect` every inspection event of the run.
 */
export interface ReplayProbe {
  prepare?: (subject: AnyStateMachine) => void;
  inspect?: (event: InspectionEvent) => void;
}

/** Replays one generated path on a running actor, checking after each step that it is where the model was. */
export async function replayPath<TInput>(
  machine: AnyStateMachine,
  path: StatePath<AnyMachineSnapshot, EventObject>,
  options: ModelOptions<TInput>,
  check: (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => void,
  probe: ReplayProbe = {},
): Promise<Replay> {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const actorInputs: Replay["actorInputs"] = [];
  const fakes = Object.fromEntries(
    options.fakeActors.map((src) => [
      src,
      fromPromise(
        ({ input }) =>
          new Promise((resolve, reject) => {
            actorInputs.push({ src, input });
            pending.set(src, { resolve, reject });
          }),
      ),
    ]),
  );
  const clock = new SimulatedClock();
  const subject = machine.provide({
    actors: { ...options.actors, ...fakes },
    actions: options.actions ?? {},
  });
  probe.prepare?.(subject);
  const inspect = probe.inspect;
  const toParent: ModelEvent[] = [];
  const emitted: ModelEvent[] = [];
  let actor: AnyActorRef;
  if (options.underParent) {
    const parent = createActor(
      createMachine({
        invoke: { id: "subject", src: subject, input: options.input },
        on: { "*": { actions: ({ event }) => toParent.push(event as ModelEvent) } },
      }),
      { clock, inspect },
    );
    parent.start();
    actor = parent.getSnapshot().children.subject as AnyActorRef;
    actor.on("*", (event) => emitted.push(event as ModelEvent));
  } else {
    actor = createActor(subject, { input: options.input, clock, inspect });
    actor.on("*", (event) => emitted.push(event as ModelEvent));
    actor.start();
  }
  await flush();

  for (const step of path.steps) {
    const event = step.event as EventObject & { output?: unknown; error?: unknown };
    if (event.type === "xstate.init") continue;
    const [, kind, rest = ""] = event.type.match(/^xstate\.(done\.actor|error\.actor|after)\.(.*)$/) ?? [];
    if (kind === "done.actor" || kind === "error.actor") {
      const settle = pending.get(rest);
      if (!settle) throw new Error(`Path step ${event.type}: actor "${rest}" is not running`);
      pending.delete(rest);
      if (kind === "done.actor") settle.resolve(event.output);
      else settle.reject(event.error);
      await flush();
    } else {
      actor.send(event);
      await flush();
    }
    check(step.state, actor.getSnapshot());
  }
  return { actor, snapshot: actor.getSnapshot(), emitted, actorInputs, toParent };
}

/**
 * Ids of every state node a machine can rest in, for "every state is reachable" checks. Transient nodes
 * (an unguarded `always` leaves them at once) are skipped: no snapshot is ever in them.
 */
export function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  type Node = { id: string; states: Record<string, unknown>; always?: Array<{ guard?: unknown }> };
  const visit = (node: Node) => {
    const transient = node.always?.some((transition) => !transition.guard) ?? false;
    if (!transient) ids.push(node.id);
    for (const child of Object.values(node.states)) visit(child as Node);
  };
  visit(machine.root as never);
  return ids;
}

/** Ids of the state nodes a snapshot is in. */
export const activeStateIds = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot as unknown as { _nodes: Array<{ id: string }> })._nodes.map((node) => node.id);
