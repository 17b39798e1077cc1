/** `npm run model -- coverage`: the table, what was missed, and the verdict (exit 1 below 100 % of states). */

import { type MachineCoverage, type Measure, percent } from "./coverage.ts";
import { count } from "./describe.ts";

const cell = (measure: Measure) =>
  `${`${measure.reached}/${measure.total}`.padStart(7)} ${`${Math.floor(percent(measure))} %`.padStart(5)}`;

const sum = (rows: MachineCoverage[], pick: (row: MachineCoverage) => Measure): Measure => ({
  reached: rows.reduce((total, row) => total + pick(row).reached, 0),
  total: rows.reduce((total, row) => total + pick(row).total, 0),
  missed: [],
});

/** Fails when a machine has a state its path tests never reach, or a replay left its path. */
export const coveragePasses = (rows: MachineCoverage[]) =>
  rows.every((row) => row.states.missed.length === 0 && row.failures.length === 0);

export function formatCoverage(rows: MachineCoverage[], details: boolean): string {
  const width = Math.max(7, ...rows.map((row) => row.machine.length));
  const header = `${"machine".padEnd(width)}  ${"paths".padStart(5)}  ${"states".padEnd(13)}  ${"transitions".padEnd(13)}  guard outcomes`;
  const line = (name: string, paths: number, states: Measure, transitions: Measure, guards: Measure) =>
    `${name.padEnd(width)}  ${String(paths).padStart(5)}  ${cell(states)}  ${cell(transitions)}  ${cell(guards)}`;
  const lines = [
    `What the generated path tests reach: ${count(rows.length, "machine")}, every path replayed on the real machine`,
    "",
    header,
    ...rows.map((row) => line(row.machine, row.paths, row.states, row.transitions, row.guardOutcomes)),
  ];
  if (rows.length > 1)
    lines.push(
      line(
        "all",
        rows.reduce((total, row) => total + row.paths, 0),
        sum(rows, (row) => row.states),
        sum(rows, (row) => row.transitions),
        sum(rows, (row) => row.guardOutcomes),
      ),
    );
  for (const row of rows) {
    if (row.states.missed.length > 0)
      lines.push("", `${row.machine}: states never reached: ${row.states.missed.join(", ")}`);
    for (const failure of row.failures) lines.push("", `${row.machine}: a replay left its path: ${failure}`);
    if (!details) continue;
    if (row.transitions.missed.length > 0)
      lines.push(
        "",
        `${row.machine}: transitions never taken:`,
        ...row.transitions.missed.map((key) => `  ${key}`),
      );
    if (row.guardOutcomes.missed.length > 0)
      lines.push(
        "",
        `${row.machine}: guard outcomes never seen:`,
        ...row.guardOutcomes.missed.map((key) => `  ${key}`),
      );
  }
  lines.push(
    "",
    coveragePasses(rows)
      ? `Every state of every machine is reached.${details ? "" : " Name a machine to see the transitions and guard outcomes it misses."}`
      : "FAILED: the path tests must reach every state (see above).",
  );
  return lines.join("\n");
}
