/**
 * `npm run model -- coverage`: the table (the path tests, and under each machine with a walk its exported
 * browser spec), what was missed, and the verdict: exit 1 below 100 % of states for the path tests, when a
 * replay left its path, or on a gap coverage-allowances.json does not allow.
 */

import { type MachineCoverage, type Measure, percent } from "./coverage.ts";
import type { Verdict } from "./coverage-allowances.ts";
import { count } from "./describe.ts";
import type { SimplePathsFollowed } from "./simple-paths-followed.ts";

const cell = (measure: Measure) =>
  `${`${measure.reached}/${measure.total}`.padStart(7)} ${`${Math.floor(percent(measure))} %`.padStart(5)}`;

const sum = (rows: MachineCoverage[], pick: (row: MachineCoverage) => Measure): Measure => ({
  reached: rows.reduce((total, row) => total + pick(row).reached, 0),
  total: rows.reduce((total, row) => total + pick(row).total, 0),
  missed: [],
});

/**
 * Fails when a machine has a state its path tests never reach, a replay left its path, or a gap is not
 * allowed.
 */
export const coveragePasses = (rows: MachineCoverage[], verdict: Verdict) =>
  verdict.unallowed.length === 0 &&
  rows.every((row) => row.states.missed.length === 0 && row.failures.length === 0);

/** The share of each machine's simple paths its exported spec should be able to follow. */
export const SIMPLE_PATHS_AIM = 95;

/** `  simple paths       816   55/816   6 %  most left out by: WALLET.MOVED (750)` */
function simpleLine(simple: SimplePathsFollowed, width: number): string {
  const share = cell({ reached: simple.followed, total: simple.total, missed: [] });
  const first = simple.leftOutBy[0];
  const why = first ? `  most left out by: ${first.reason.split(":")[0]} (${first.paths})` : "";
  return `${"  simple paths".padEnd(width)}  ${String(simple.total).padStart(5)}  ${share}${why}`;
}

export function formatCoverage(rows: MachineCoverage[], verdict: Verdict, details: boolean): string {
  const width = Math.max(7, ...rows.map((row) => row.machine.length));
  const header = `${"machine".padEnd(width)}  ${"paths".padStart(5)}  ${"states".padEnd(13)}  ${"transitions".padEnd(13)}  guard outcomes`;
  const line = (name: string, paths: number, states: Measure, transitions: Measure, guards: Measure) =>
    `${name.padEnd(width)}  ${String(paths).padStart(5)}  ${cell(states)}  ${cell(transitions)}  ${cell(guards)}`;
  const lines = [
    `What the generated path tests reach: ${count(rows.length, "machine")}, every path replayed on the real machine;`,
    "under a machine with a walk, what its exported browser spec reaches (the paths it has a test for), and how",
    `many of its main model's simple paths (\`paths --simple\`) a browser can follow (aim: ${SIMPLE_PATHS_AIM} %)`,
    "",
    header,
    ...rows.flatMap((row) => [
      line(row.machine, row.paths, row.states, row.transitions, row.guardOutcomes),
      ...(row.browser
        ? [
            line(
              "  browser",
              row.browser.paths,
              row.browser.states,
              row.browser.transitions,
              row.browser.guardOutcomes,
            ),
          ]
        : []),
      ...(row.simple ? [simpleLine(row.simple, width)] : []),
    ]),
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
  const walked = rows.flatMap((row) => (row.simple ? [row.simple] : []));
  if (rows.length > 1 && walked.length > 0) {
    const followed = walked.reduce((total, simple) => total + simple.followed, 0);
    const total = walked.reduce((total, simple) => total + simple.total, 0);
    const below = walked.filter((simple) => 100 * simple.followed < SIMPLE_PATHS_AIM * simple.total).length;
    lines.push(
      `${simpleLine({ followed, total, leftOutBy: [] }, width)}  ${count(below, "machine")} below the aim`,
    );
  }
  for (const row of rows) {
    if (row.states.missed.length > 0)
      lines.push("", `${row.machine}: states never reached: ${row.states.missed.join(", ")}`);
    for (const failure of row.failures) lines.push("", `${row.machine}: a replay left its path: ${failure}`);
    if (!details) continue;
    if (row.simple && row.simple.leftOutBy.length > 0)
      lines.push(
        "",
        `${row.machine}: simple paths a browser cannot follow, by the first reason:`,
        ...row.simple.leftOutBy.map(({ reason, paths }) => `  ${String(paths).padStart(4)}  ${reason}`),
      );
    if (row.browser)
      for (const [what, measure] of [
        ["states", row.browser.states],
        ["transitions", row.browser.transitions],
        ["guard outcomes", row.browser.guardOutcomes],
      ] as const)
        if (measure.missed.length > 0)
          lines.push(
            "",
            `${row.machine}: ${what} the browser spec never reaches:`,
            ...measure.missed.map((key) => `  ${key}`),
          );
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
  if (verdict.unallowed.length > 0)
    lines.push("", "Gaps coverage-allowances.json does not allow (close them, or allow them with a reason):");
  lines.push(...verdict.unallowed.map((gap) => `  ${gap}`));
  if (verdict.stale.length > 0) lines.push("", "Allowances no longer needed (remove them):");
  lines.push(...verdict.stale.map((gap) => `  ${gap}`));
  const statesReached = rows.every((row) => row.states.missed.length === 0 && row.failures.length === 0);
  lines.push(
    "",
    !statesReached
      ? "FAILED: the path tests must reach every state (see above)."
      : verdict.unallowed.length > 0
        ? "FAILED: a gap is not in coverage-allowances.json (see above)."
        : `Every state of every machine is reached; every gap is allowed.${details ? "" : " Name a machine to see what it misses."}`,
  );
  return lines.join("\n");
}
