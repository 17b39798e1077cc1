import { useMemo } from "react";
import type { EconomyAnswer, EconomyDay } from "#src/api/fair-play-admin.ts";
import { Alert } from "../kit/alert.tsx";
import { Spinner } from "../kit/spinner.tsx";
import { type ChartSeries, EconomyChart } from "./economy-chart.tsx";
import { formatUsdt } from "./format.ts";

const count = new Intl.NumberFormat("en-US");
const amount = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
type Figure = Exclude<keyof EconomyDay, "date" | "coverage">;
const sum = (days: EconomyDay[], key: Figure) => days.reduce((total, day) => total + day[key], 0);
const times = (coverage: number) => `${coverage.toFixed(2)}×`;

/** Each day's coverage, the days below 1 and the lowest (the dashboard economy's view works it out). */
interface CoverageTrend {
  values: (number | null)[];
  daysBelowOne: string[];
  lowest: number | null;
}

export const COVERAGE_WARNING = "The platform owes more than it holds";

/** The charts, each with the words a screen reader reads for it (the totals; the days are in the table). */
function chartsOf(days: EconomyDay[], trend: CoverageTrend) {
  const line = (label: string, colour: string, key: Figure): ChartSeries => ({
    label,
    colour,
    values: days.map((day) => day[key]),
  });
  const span = `over the last ${days.length} days (UTC)`;
  return [
    {
      title: "Players",
      series: [line("New players", "#f5b400", "newUsers"), line("Active players", "#34d399", "activeUsers")],
      label: `New and active players per day ${span}: ${count.format(sum(days, "newUsers"))} new in all`,
    },
    {
      title: "Taps",
      series: [line("Taps", "#f5b400", "taps")],
      label: `Taps per day ${span}: ${count.format(sum(days, "taps"))} in all`,
    },
    {
      title: "Points",
      series: [line("Minted", "#a78bfa", "pointsMinted"), line("Converted", "#38bdf8", "pointsConverted")],
      label: `Points minted and converted per day ${span}: ${amount.format(sum(days, "pointsMinted"))} minted, ${amount.format(sum(days, "pointsConverted"))} converted`,
    },
    {
      title: "USDT",
      series: [
        line("Deposits", "#34d399", "depositsUsdt"),
        line("Withdrawals", "#f87171", "withdrawalsUsdt"),
      ],
      label: `Deposits and withdrawals in USDT per day ${span}: ${amount.format(sum(days, "depositsUsdt"))} deposited, ${amount.format(sum(days, "withdrawalsUsdt"))} withdrawn`,
    },
    {
      title: "Coverage",
      // The dashed line at 1 is where the platform holds exactly what it owes: below it, it owes more.
      series: [
        { label: "Coverage at the day's end", colour: "#38bdf8", values: trend.values },
        { label: "1: holds what it owes", colour: "#f87171", values: days.map(() => 1), dash: [6, 4] },
      ],
      label: `Coverage at each day's end ${span}: ${coverageWords(trend, days.length)}`,
    },
  ];
}

function coverageWords(trend: CoverageTrend, days: number): string {
  if (trend.lowest === null) return "nothing was owed on any day";
  const below = trend.daysBelowOne.length;
  return `lowest ${times(trend.lowest)}, ${below === 0 ? "never below 1" : `below 1 on ${below} of ${days} days`}`;
}

/** What the platform holds against what it owes, and a warning when it holds less (docs/fair-play.md). */
function Coverage({ liabilities }: { liabilities: EconomyAnswer["liabilities"] }) {
  const held = liabilities.treasuryUsdt + liabilities.hotWalletUsdt;
  const owed = liabilities.walletsUsdt + liabilities.pointsOutstandingUsdt;
  const { coverage } = liabilities;
  return (
    <figure
      className="flex flex-col gap-3 rounded-xl border border-white/10 p-4"
      aria-labelledby="coverage-title"
    >
      <figcaption id="coverage-title" className="font-semibold">
        Coverage
      </figcaption>
      <p className="text-3xl font-bold tabular-nums" data-testid="coverage">
        {coverage === null ? "Nothing owed" : times(coverage)}
      </p>
      {coverage !== null && coverage < 1 && (
        <Alert>
          <strong>{COVERAGE_WARNING}.</strong> It holds {formatUsdt(held)} against {formatUsdt(owed)} owed.
        </Alert>
      )}
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-400">Held: {formatUsdt(held)}</dt>
          <dd className="text-slate-300">
            Treasury {formatUsdt(liabilities.treasuryUsdt)} + hot wallet{" "}
            {formatUsdt(liabilities.hotWalletUsdt)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Owed: {formatUsdt(owed)}</dt>
          <dd className="text-slate-300">
            Wallets {formatUsdt(liabilities.walletsUsdt)} + {amount.format(liabilities.pointsOutstanding)}{" "}
            points outstanding ({formatUsdt(liabilities.pointsOutstandingUsdt)})
          </dd>
        </div>
      </dl>
    </figure>
  );
}

/** The economy on the Admin Dashboard: the coverage, four charts per UTC day, and their figures as a table. */
export function EconomyPanel(props: {
  status: "loading" | "failed" | "ready";
  busy: boolean;
  economy: EconomyAnswer | null;
  trend: CoverageTrend | null;
}) {
  const { economy, trend } = props;
  const charts = useMemo(() => (economy && trend ? chartsOf(economy.days, trend) : []), [economy, trend]);
  const dates = useMemo(() => economy?.days.map((day) => day.date) ?? [], [economy]);
  return (
    <section aria-labelledby="economy" className="flex flex-col gap-3" aria-busy={props.busy}>
      <h2 id="economy" className="text-lg font-semibold">
        Economy
      </h2>
      {props.status !== "ready" || !economy ? (
        props.status === "failed" ? (
          <p className="text-slate-400">Could not load the economy.</p>
        ) : (
          <div className="text-brand-400">
            <Spinner label="Loading the economy" />
          </div>
        )
      ) : (
        <>
          <Coverage liabilities={economy.liabilities} />
          <div className="grid gap-4 lg:grid-cols-2">
            {charts.map((chart) => (
              <figure
                key={chart.title}
                className="flex min-w-0 flex-col gap-1 rounded-xl border border-white/10 p-3"
              >
                <figcaption className="font-semibold">{chart.title}</figcaption>
                {chart.title === "Coverage" && trend && trend.daysBelowOne.length > 0 && (
                  <p className="text-sm text-red-300" data-testid="coverage-trend-warning">
                    {COVERAGE_WARNING} at the end of {trend.daysBelowOne.length} of these{" "}
                    {economy.days.length} days.
                  </p>
                )}
                <EconomyChart dates={dates} series={chart.series} label={chart.label} />
              </figure>
            ))}
          </div>
          <details className="text-sm text-slate-300">
            <summary className="cursor-pointer font-semibold text-slate-200">The figures as a table</summary>
            <section
              className="mt-2 overflow-x-auto rounded-xl border border-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
              aria-label="The economy per day"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone must scroll from the keyboard (axe scrollable-region-focusable)
              tabIndex={0}
            >
              <table className="w-full min-w-[50rem] text-left">
                <caption className="sr-only">The economy per UTC day, newest first</caption>
                <thead className="text-xs uppercase tracking-wide text-slate-400">
                  <tr>
                    {[
                      "Day (UTC)",
                      "New",
                      "Active",
                      "Taps",
                      "Minted",
                      "Converted",
                      "Deposits",
                      "Withdrawals",
                      "Coverage",
                    ].map((heading) => (
                      <th key={heading} scope="col" className="px-2 py-1.5">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-white/5 tabular-nums">
                  {[...economy.days].reverse().map((day) => (
                    <tr key={day.date}>
                      <th scope="row" className="px-2 py-1.5 font-normal">
                        {dayLabel.format(new Date(`${day.date}T00:00:00Z`))}
                      </th>
                      <td className="px-2 py-1.5">{count.format(day.newUsers)}</td>
                      <td className="px-2 py-1.5">{count.format(day.activeUsers)}</td>
                      <td className="px-2 py-1.5">{count.format(day.taps)}</td>
                      <td className="px-2 py-1.5">{amount.format(day.pointsMinted)}</td>
                      <td className="px-2 py-1.5">{amount.format(day.pointsConverted)}</td>
                      <td className="px-2 py-1.5">{formatUsdt(day.depositsUsdt)}</td>
                      <td className="px-2 py-1.5">{formatUsdt(day.withdrawalsUsdt)}</td>
                      <td className="px-2 py-1.5">
                        {day.coverage === null
                          ? "Nothing owed"
                          : `${times(day.coverage)}${day.coverage < 1 ? " (below 1)" : ""}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </details>
        </>
      )}
    </section>
  );
}
