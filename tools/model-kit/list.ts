/** `npm run model -- list`: every registered machine with its states by name and its counts. */
import { count } from "./describe.ts";
import { guardedTransitions, restingStates, shapeOf } from "./machine-shape.ts";
import type { MachineModel } from "./registry.ts";

export interface MachineSummary {
  name: string;
  id: string;
  file: string;
  madeBy?: string;
  states: string[];
  transitions: number;
  guards: number;
  suites: string[];
}

export function summarise(model: MachineModel): MachineSummary {
  const shape = shapeOf(model.machine);
  return {
    name: model.name,
    id: shape.id,
    file: model.file,
    ...(model.madeBy ? { madeBy: model.madeBy } : {}),
    states: restingStates(shape).map((state) => state.name),
    transitions: shape.transitions.length,
    guards: guardedTransitions(shape).length,
    suites: model.suites.map((suite) => suite.name),
  };
}

export function formatList(summaries: MachineSummary[]): string {
  const lines = [
    `${summaries.length} machines in src/machines (states a snapshot can rest in; transitions defined; guarded ones)`,
  ];
  for (const machine of summaries) {
    lines.push(
      "",
      `${machine.name}  ${count(machine.states.length, "state")}, ${count(machine.transitions, "transition")}, ${count(machine.guards, "guard")}`,
      `  file:   ${machine.file}${machine.madeBy ? ` (made by ${machine.madeBy})` : ""}`,
      `  models: ${machine.suites.join("; ")}`,
      `  states: ${machine.states.join(", ")}`,
    );
  }
  return lines.join("\n");
}
