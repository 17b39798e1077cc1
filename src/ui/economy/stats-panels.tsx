import type { MultiplierChange, StatsAnswer } from "#src/api/standings.ts";
import { formatMultiplier, formatRewards } from "../kit/format.ts";
import { Spinner } from "../kit/spinner.tsx";
import { Section, SectionStatus } from "./section.tsx";
import { StatsChart } from "./stats-chart.tsx";

const count = new Intl.NumberFormat("en-US");
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const SOURCES: Record<MultiplierChange["source"], string> = { purchase: "Bought", admin: "Set by support" };

export interface StatsPanelsProps {
  status: "loading" | "failed" | "ready";
  stats: StatsAnswer | null;
  updating: boolean;
  onRetry: () => void;
}

/** The player's totals, taps and points per UTC day (a chart and the same figures as a table), multipliers. */
export function StatsPanels(props: StatsPanelsProps) {
  const { stats } = props;
  if (props.status !== "ready" || !stats) {
    return (
      <SectionStatus
        status={props.status === "ready" ? "loading" : props.status}
        loadingLabel="Loading your statistics"
        failedText="Could not load your statistics. Check your connection and try again."
        onRetry={props.onRetry}
      />
    );
  }
  const label = `Taps and points per day, the last ${stats.days.length} days (UTC); the table below lists them`;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-2 text-center" aria-live="polite">
        <Total label="Taps" value={count.format(stats.totals.taps)} testId="stats-taps" />
        <Total label="Points from taps" value={formatRewards(stats.totals.points)} testId="stats-points" />
        <Total label="Earned today" value={formatRewards(stats.totals.earnedToday)} testId="stats-today" />
      </dl>
      <Section
        id="stats-days-heading"
        title="Last 30 days"
        subtitle={
          <span className="flex items-center gap-2">
            Taps and the points they earned, per UTC day.
            {props.updating && (
              <span className="text-brand-400">
                <Spinner size="sm" label="Updating your statistics" />
              </span>
            )}
          </span>
        }
      >
        <StatsChart days={stats.days} label={label} />
        <details className="text-sm text-slate-300">
          <summary className="cursor-pointer font-semibold text-slate-200">The figures as a table</summary>
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">Taps and points per day</caption>
            <thead className="text-xs uppercase tracking-wide text-slate-400">
              <tr>
                <th scope="col" className="py-1.5">
                  Day (UTC)
                </th>
                <th scope="col" className="py-1.5 text-right">
                  Taps
                </th>
                <th scope="col" className="py-1.5 text-right">
                  Points
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {[...stats.days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="py-1.5 font-normal">
                    {dayLabel.format(new Date(`${day.date}T00:00:00Z`))}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{count.format(day.taps)}</td>
                  <td className="py-1.5 text-right tabular-nums">{formatRewards(day.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </Section>
      <MultiplierHistory changes={stats.multiplierHistory} />
    </div>
  );
}

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col-reverse gap-0.5 rounded-xl border border-white/10 bg-ink-800 px-2 py-3">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd data-testid={testId} className="truncate text-lg font-bold tabular-nums text-slate-50">
        {value}
      </dd>
    </div>
  );
}

function MultiplierHistory({ changes }: { changes: MultiplierChange[] }) {
  return (
    <Section
      id="multiplier-history-heading"
      title="Multiplier history"
      subtitle="Each change of what a tap earns."
    >
      {changes.length === 0 ? (
        <p className="text-sm text-slate-400">Still at the starting multiplier. Buy one from the Tap page.</p>
      ) : (
        <ul className="divide-y divide-white/5">
          {[...changes].reverse().map((change) => (
            <li
              key={`${change.at}-${change.multiplier}`}
              className="flex items-center justify-between gap-3 py-2"
            >
              <span className="flex flex-col">
                <span className="text-sm text-slate-100">{SOURCES[change.source]}</span>
                <span className="text-xs text-slate-400">{when.format(new Date(change.at))}</span>
              </span>
              <span className="font-semibold tabular-nums text-brand-300">
                {formatMultiplier(change.multiplier)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
