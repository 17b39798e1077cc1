/**
 * `npm run simulate -- farm [--seed N] [--days D] [--json]` (docs/fair-play.md, "The simulator"). Further
 * options try other settings: --people N, --bots N, --review-score N, --cap-rate-minutes N,
 * --signups-per-network N, --freeze-score N, --no-review-first.
 */
import {
  DEFAULT_BOTS,
  DEFAULT_DAYS,
  DEFAULT_PEOPLE,
  DEFAULT_SEED,
  type FarmSettings,
  runFarm,
} from "./farm.ts";
import { farmJson, farmText } from "./report.ts";

export const USAGE =
  "usage: npm run simulate -- farm [--seed N] [--days D] [--json] [--people N] [--bots N] [--review-score N] " +
  "[--cap-rate-minutes N] [--signups-per-network N] [--freeze-score N] [--no-review-first]";

class UsageError extends Error {}

const numberOptions = {
  "--seed": { min: 0, max: 4_294_967_295 },
  "--days": { min: 1, max: 90 },
  "--people": { min: 0, max: 100_000 },
  "--bots": { min: 0, max: 10_000 },
  "--review-score": { min: 1, max: 1_000 },
  "--cap-rate-minutes": { min: 1, max: 1_440 },
  "--signups-per-network": { min: 0, max: 10_000 },
  "--freeze-score": { min: 0, max: 1_000 },
} as const;
type NumberOption = keyof typeof numberOptions;

function parse(args: readonly string[]) {
  const [command, ...rest] = args;
  if (command !== "farm")
    throw new UsageError(command ? `unknown command: ${command}` : "a command is needed");
  const numbers: Partial<Record<NumberOption, number>> = {};
  let json = false;
  let reviewFirst = true;
  for (let index = 0; index < rest.length; index += 1) {
    const flag = rest[index] as string;
    if (flag === "--json") json = true;
    else if (flag === "--no-review-first") reviewFirst = false;
    else if (flag in numberOptions) {
      const bounds = numberOptions[flag as NumberOption];
      const text = rest[index + 1];
      const value = Number(text);
      if (text === undefined || !/^\d+$/.test(text) || value < bounds.min || value > bounds.max) {
        throw new UsageError(`${flag} takes a whole number from ${bounds.min} to ${bounds.max}`);
      }
      numbers[flag as NumberOption] = value;
      index += 1;
    } else throw new UsageError(`unknown option: ${flag}`);
  }
  const settings: Partial<FarmSettings> = { reviewFirstWithdrawal: reviewFirst };
  if (numbers["--review-score"] !== undefined) settings.reviewScore = numbers["--review-score"];
  if (numbers["--cap-rate-minutes"] !== undefined) settings.capRateMinutes = numbers["--cap-rate-minutes"];
  if (numbers["--signups-per-network"] !== undefined)
    settings.signupsPerNetwork = numbers["--signups-per-network"];
  if (numbers["--freeze-score"] !== undefined) settings.freezeScore = numbers["--freeze-score"];
  return {
    json,
    options: {
      seed: numbers["--seed"] ?? DEFAULT_SEED,
      days: numbers["--days"] ?? DEFAULT_DAYS,
      people: numbers["--people"] ?? DEFAULT_PEOPLE,
      bots: numbers["--bots"] ?? DEFAULT_BOTS,
      settings,
    },
  };
}

/** Runs one command: its output, and exit code 0, or 2 with the usage for a wrong command line. */
export function runSimulateCli(args: readonly string[]): { output: string; exitCode: number } {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    if (error instanceof UsageError) return { output: `${error.message}\n${USAGE}`, exitCode: 2 };
    throw error;
  }
  const result = runFarm(parsed.options);
  return { output: parsed.json ? farmJson(result) : farmText(result), exitCode: 0 };
}
