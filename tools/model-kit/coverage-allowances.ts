/**
 * The reviewed gaps of `npm run model -- coverage` (coverage-allowances.json): per machine, each transition,
 * guard outcome (and, for the browser, state) the path tests or the exported browser spec do not reach, with
 * the reason. The command exits 1 when a machine misses something this file does not allow, so a gap is
 * either closed or written down with its reason (docs/decisions/029-model-kit.md, "Coverage that counts the
 * browser"). An allowance for something now reached is reported as stale, to be removed.
 */
import { readFileSync } from "node:fs";
import type { MachineCoverage, Reach } from "./coverage.ts";

export const ALLOWANCES_FILE = "tools/model-kit/coverage-allowances.json";

/** Missed item → why it is allowed. */
type Gaps = Partial<Record<"states" | "transitions" | "guardOutcomes", Record<string, string>>>;
export type Allowances = Record<string, { paths?: Gaps; browser?: Gaps }>;

export const readAllowances = (file = ALLOWANCES_FILE): Allowances =>
  JSON.parse(readFileSync(file, "utf8")) as Allowances;

const KINDS = ["states", "transitions", "guardOutcomes"] as const;
const LABEL = { states: "state", transitions: "transition", guardOutcomes: "guard outcome" } as const;

export interface Verdict {
  /** Gaps no allowance covers: the command fails on these. */
  unallowed: string[];
  /** Allowances for what is reached now: remove them. */
  stale: string[];
}

function judge(machine: string, who: "paths" | "browser", reach: Reach, gaps: Gaps = {}, verdict: Verdict) {
  const by = who === "paths" ? "path tests" : "browser spec";
  for (const kind of KINDS) {
    // The path tests must reach every state: no allowance for that.
    const allowed = who === "paths" && kind === "states" ? {} : (gaps[kind] ?? {});
    for (const item of reach[kind].missed)
      if (!(item in allowed)) verdict.unallowed.push(`${machine}: the ${by} miss the ${LABEL[kind]} ${item}`);
    for (const item of Object.keys(allowed))
      if (!reach[kind].missed.includes(item))
        verdict.stale.push(`${machine}: the ${by} reach the ${LABEL[kind]} ${item} now`);
  }
}

export function judgeCoverage(rows: MachineCoverage[], allowances: Allowances): Verdict {
  const verdict: Verdict = { unallowed: [], stale: [] };
  for (const row of rows) {
    judge(row.machine, "paths", row, allowances[row.machine]?.paths, verdict);
    if (row.browser) judge(row.machine, "browser", row.browser, allowances[row.machine]?.browser, verdict);
  }
  return verdict;
}
