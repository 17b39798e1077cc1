/**
 * Whether a walk path's timers can fire in the path's order on a real clock, and how the test moves its clock
 * so that they do (docs/decisions/029-model-kit.md, "Timers on a real clock").
 *
 * The model offers timers in any order; a browser fires them in the order they fall due. The path is replayed
 * on a clock that only the path moves: a timer's step moves it as far as its gesture says, less the waits the
 * replay added since the timer started, and never short of the timer. When another timer
 * falls due first and changes what the person sees, the person can often still take the path by waiting before
 * the step that started that other timer (tapping 25 s after a failed load, so the 30 s reload comes before the
 * 6 s debounce): the replay then tries again with that wait. A path is left out only when no such wait exists.
 */
import { type AnyMachineSnapshot, type AnyStateMachine, createActor, fromCallback } from "xstate";
import {
  type Action,
  allActions,
  clock as clockMove,
  type WalkPart,
  type WalkStep,
} from "../../tests/model/gestures/actions.ts";
import type { ModelEvent, ModelOptions } from "../../tests/model/path-runner.ts";
import type { ModelPath } from "./paths.ts";
import { gestureActions } from "./walk-paths.ts";

/** How much later than the awaited timer a timer pushed back by a wait falls due (no tie for the browser). */
const MARGIN_MS = 1_000;
/** How many times the replay may add waits before it gives up. */
const MAX_REPLAYS = 8;

interface Timer {
  /** The delayed event's type (`xstate.after.<delay>.<state id>` for a state's timer). */
  type: string;
  /** How long the person had waited on the path (the replay's waits) when the timer started. */
  waitedBefore: number;
  due: number;
  /** The path step that started it (-1: before the first step). */
  step: number;
  fire: () => void;
}

/**
 * A clock the replay moves by hand, firing each timer at the moment it falls due (xstate's SimulatedClock
 * fires everything due at the end of a move, so a timer a fired one starts would start late).
 */
class PathClock {
  now = 0;
  /** The replay's waits so far (the rest of the time is the path's own gestures). */
  waited = 0;
  /** What the machine's scheduler is about to start (set just before it calls `setTimeout`). */
  starting: Omit<Timer, "waitedBefore" | "due" | "fire"> = { type: "", step: -1 };
  private readonly timers = new Map<number, Timer>();
  private nextId = 0;

  setTimeout(fire: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.set(id, { ...this.starting, waitedBefore: this.waited, due: this.now + ms, fire });
    return id;
  }
  clearTimeout(id: number) {
    this.timers.delete(id);
  }
  pending(): Timer[] {
    return [...this.timers.values()];
  }
  /** Moves to `to`, firing every timer due on the way, in order, each at its own moment (then `fired`). */
  moveTo(to: number, fired: (timer: Timer) => void = () => {}) {
    for (;;) {
      const next = [...this.timers]
        .filter(([, timer]) => timer.due <= to)
        .sort(([, a], [, b]) => a.due - b.due)[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.now = next[1].due;
      next[1].fire();
      fired(next[1]);
    }
    this.now = to;
  }
}

const clockMs = (actions: Action[]) =>
  allActions(actions).reduce(
    (sum, action) =>
      sum + (action.do === "clock" ? action.ms : action.do === "toDayEnd" ? action.modelMs : 0),
    0,
  );

/** A timer's step whose gesture is only the clock moving: the replay says how far. */
const isClockOnly = (actions: Action[] | undefined) => actions?.length === 1 && actions[0]!.do === "clock";
const timerOf = (event: ModelEvent) => event.type.match(/^xstate\.after\.([^.]+)\./)?.[1];

/** A step as the replay takes it: `actions` is its gesture, undefined for what the app does by itself. */
interface TimedStep {
  event: ModelEvent;
  state: AnyMachineSnapshot;
  prior: AnyMachineSnapshot;
  actions: Action[] | undefined;
}
/** How a step moves the clock: a wait before it, and how far a timer's step moves it. */
type Move = { waitMs?: number; clockMs?: number };
type Waits = ReadonlyMap<number, number>;
type Planned = { moves: Move[] } | { skip: string; waits?: Waits };

const firesFirst = (timer: string) =>
  `the ${timer} timer, here: on a real clock another timer fires first (the model offers timers in any order)`;

/**
 * Replays `steps` with `waits` (ms of idle time before step N) on a path clock, the calls stood in by actors
 * that never answer (their completions are sent as the path sends them). Returns how each step moves the
 * clock, or why real time leaves the path and, when waits could bring it back, which.
 */
function replay(
  machine: AnyStateMachine,
  options: ModelOptions<unknown>,
  steps: TimedStep[],
  waits: Waits,
  serializeState: ModelOptions<unknown>["serializeState"],
): Planned {
  const silent = Object.fromEntries(options.fakeActors.map((src) => [src, fromCallback(() => {})]));
  const clock = new PathClock();
  const actor = createActor(
    machine.provide({ actors: { ...options.actors, ...silent }, actions: options.actions ?? {} }),
    { input: options.input, clock },
  );
  // The scheduler names what it starts: which timer is which, and which step started it. `system.scheduler` is
  // XState's own (5.x), not public API: an upgrade that moves it fails real-clock.test.ts.
  let current = -1;
  const scheduler = (actor.system as unknown as { scheduler: { schedule: (...args: unknown[]) => void } })
    .scheduler;
  const schedule = scheduler.schedule;
  scheduler.schedule = (...args: unknown[]) => {
    clock.starting = { type: (args[2] as { type: string }).type, step: current };
    schedule(...args);
  };
  const isAt = (snapshot: AnyMachineSnapshot) =>
    serializeState(actor.getSnapshot()) === serializeState(snapshot);
  actor.start();
  const moves: Move[] = [];
  try {
    for (const [index, step] of steps.entries()) {
      current = index;
      const wait = waits.get(index) ?? 0;
      if (wait > 0) {
        clock.moveTo(clock.now + wait);
        clock.waited += wait;
        if (!isAt(step.prior))
          return { skip: `${step.event.type}: the wait before it lets a timer move the app on` };
      }
      const timer = timerOf(step.event);
      if (timer && isClockOnly(step.actions)) {
        const awaited = clock.pending().find((pending) => pending.type === step.event.type);
        if (!awaited) return { skip: `the ${timer} timer, here: on a real clock it is not running then` };
        // As far as the gesture says, less the waits the replay added since the timer started (the gesture's
        // margin kept), and never short of the timer.
        const by = Math.max(
          awaited.due - clock.now,
          clockMs(step.actions ?? []) - (clock.waited - awaited.waitedBefore),
        );
        const to = clock.now + by;
        // The other timers that fall due first and move the app on (a combo's end changes nothing it shows).
        const movers: Timer[] = [];
        let shown = serializeState(actor.getSnapshot());
        clock.moveTo(to, (fired) => {
          const now = serializeState(actor.getSnapshot());
          if (fired !== awaited && now !== shown) movers.push(fired);
          shown = now;
        });
        if (!isAt(step.state)) {
          // Push back each of them that a person's step after the awaited timer started: a wait before that
          // step starts it later.
          const extra = new Map<number, number>();
          for (const other of movers) {
            const starter = steps[other.step];
            if (other.step > awaited.step && starter?.actions && !timerOf(starter.event))
              extra.set(other.step, Math.max(extra.get(other.step) ?? 0, to - other.due + MARGIN_MS));
          }
          const pushed = new Map(waits);
          for (const [at, ms] of extra) pushed.set(at, (waits.get(at) ?? 0) + ms);
          const changed = [...pushed].some(([at, ms]) => waits.get(at) !== ms);
          return { skip: firesFirst(timer), ...(changed ? { waits: pushed } : {}) };
        }
        moves.push({ ...(wait > 0 ? { waitMs: wait } : {}), clockMs: by });
      } else {
        clock.moveTo(clock.now + clockMs(step.actions ?? []));
        if (!timer) actor.send(step.event);
        if (!isAt(step.state))
          return {
            skip: timer
              ? firesFirst(timer)
              : `${step.event.type}: on a real clock the app is elsewhere by then`,
          };
        moves.push(wait > 0 ? { waitMs: wait } : {});
      }
    }
    return { moves };
  } finally {
    actor.stop();
  }
}

/** Replays until the path holds or no wait brings it back (then it is left out for why it first failed). */
function planClock(
  machine: AnyStateMachine,
  options: ModelOptions<unknown>,
  steps: TimedStep[],
  serializeState: ModelOptions<unknown>["serializeState"],
): { moves: Move[] } | { skip: string } {
  let waits: Waits = new Map();
  let first: string | undefined;
  for (let attempt = 0; ; attempt += 1) {
    const replayed = replay(machine, options, steps, waits, serializeState);
    if ("moves" in replayed) return replayed;
    first ??= replayed.skip;
    if (!replayed.waits || attempt === MAX_REPLAYS) return { skip: first };
    waits = replayed.waits;
  }
}

/**
 * `steps` as a browser with its clock owned by the test takes them: each timer's step moving the clock to that
 * timer, with the waits the path needs before some steps. Or why real time cannot follow the path.
 */
export function onRealClock(
  machine: AnyStateMachine,
  part: WalkPart,
  steps: WalkStep[],
  serializeState: ModelOptions<unknown>["serializeState"] = part.model.serializeState,
): { steps: WalkStep[] } | { skip: string } {
  const timed = steps.map((step, index) => ({
    ...step,
    actions: gestureActions(part, step, steps[index + 1]?.event),
  }));
  if (timed.every((step) => clockMs(step.actions ?? []) === 0)) return { steps };
  const planned = planClock(machine, part.model, timed, serializeState);
  if ("skip" in planned) return planned;
  return { steps: steps.map((step, index) => ({ ...step, ...planned.moves[index] })) };
}

/**
 * Whether a model path's timers can fire in its order on a real clock, a person waiting where that helps (a
 * 6 s debounce started before a 30 s reload always fires first; one started 25 s after it does not). The
 * simple-path listing keeps only such paths (simple-paths.ts).
 */
export function timersInRealOrder(
  machine: AnyStateMachine,
  options: ModelOptions<unknown>,
  path: ModelPath["steps"],
): boolean {
  const steps: TimedStep[] = path.slice(1).map((step, index) => ({
    event: step.event as ModelEvent,
    state: step.state,
    prior: path[index]!.state,
    // A timer's step is the clock moving to it; any other step is something the person may wait before.
    actions: timerOf(step.event as ModelEvent) ? [clockMove(0)] : [],
  }));
  if (!steps.some((step) => timerOf(step.event))) return true;
  return "moves" in planClock(machine, options, steps, options.serializeState);
}
