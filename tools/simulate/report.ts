/** What `npm run simulate -- farm` prints: a table for people, or one JSON object for programs. */
import type { FarmResult } from "./farm.ts";

/** The JSON the contract names, exactly: { seed, days, population, signals, botUsdt…, peopleHeldShare }. */
export function farmJson(result: FarmResult): string {
  return JSON.stringify({
    seed: result.seed,
    days: result.days,
    population: result.population,
    signals: result.signals.map(({ id, precision, recall }) => ({
      id,
      precision: round(precision, 4),
      recall: round(recall, 4),
    })),
    botUsdtEarned: result.botUsdtEarned,
    botUsdtOutWithoutReview: result.botUsdtOutWithoutReview,
    peopleHeldShare: round(result.peopleHeldShare, 4),
  });
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const usdt = (value: number) =>
  Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...rows.map(line),
  ].join("\n");
}

export function farmText(result: FarmResult): string {
  const { population } = result;
  const signals = table(
    ["signal", "on bots", "on people", "precision", "recall"],
    [
      ...result.signals.map((signal) => [
        signal.id,
        String(signal.bots),
        String(signal.people),
        percent(signal.precision),
        percent(signal.recall),
      ]),
      ["review (overall)", "", "", percent(result.overall.precision), percent(result.overall.recall)],
    ],
  );
  const kinds = table(
    ["accounts", "count", "reached review", "USDT earned", "USDT out without review"],
    result.kinds.map((kind) => [
      kind.kind,
      String(kind.accounts),
      String(kind.reviewed),
      usdt(kind.earnedUsdt),
      usdt(kind.outWithoutReviewUsdt),
    ]),
  );
  const money = table(
    ["figure", "value", "goal"],
    [
      ["botUsdtEarned", usdt(result.botUsdtEarned), ""],
      ["botUsdtOutWithoutReview", usdt(result.botUsdtOutWithoutReview), "0"],
      ["botUsdtHeld", usdt(result.botUsdtHeld), ""],
      ["peopleHeldShare (held because in review)", percent(result.peopleHeldShare), "under 1 %"],
      ["people held for any reason (first withdrawal too)", percent(result.peopleHeldAnyReasonShare), ""],
      ["people who reached review", percent(result.peopleReviewedShare), ""],
    ],
  );
  return [
    `Farm simulation: seed ${result.seed}, ${result.days} days, ${population.people} people and ` +
      `${population.bots} bots`,
    "",
    signals,
    "",
    kinds,
    "",
    money,
  ].join("\n");
}
