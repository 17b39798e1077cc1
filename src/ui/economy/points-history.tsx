import { Alert } from "../kit/alert.tsx";
import { Button } from "../kit/button.tsx";
import { formatMultiplier, formatRewards } from "../kit/format.ts";
import { Section, SectionStatus } from "./section.tsx";

export interface PointsRow {
  id: string;
  /** "taps": a credited batch; "combo": the combo bonus that batch minted on top, its own row. */
  kind: "taps" | "combo";
  points: number;
  multiplier: number;
  factor: number;
  timestamp: string;
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * The credited batches of taps, newest first; a booster's factor shows when it was more than ×1. A combo bonus
 * is its own row ("Combo bonus"), just above the batch that earned it.
 */
export function PointsHistory(props: {
  status: "loading" | "failed" | "ready";
  rows: PointsRow[];
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  onMore: () => void;
  onRetry: () => void;
}) {
  return (
    <Section
      id="points-history-heading"
      title="Points history"
      subtitle="Every batch of taps the server credited, and every combo bonus."
    >
      <SectionStatus
        status={props.status}
        loadingLabel="Loading points history"
        failedText="Could not load your points history. Check your connection and try again."
        onRetry={props.onRetry}
      />
      {props.status === "ready" && props.rows.length === 0 && (
        <p className="text-sm text-slate-400">No points yet. Tap the coin to earn your first.</p>
      )}
      {props.status === "ready" && props.rows.length > 0 && (
        <ul className="divide-y divide-white/5">
          {props.rows.map((row) => (
            <li key={row.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="flex min-w-0 flex-col">
                <span className="text-sm text-slate-100">
                  {row.kind === "combo" ? "Combo bonus" : `at ${formatMultiplier(row.multiplier)}`}
                  {row.factor > 1 && (
                    <span className="ml-2 rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-semibold text-brand-300">
                      ×{row.factor} boost
                    </span>
                  )}
                </span>
                <span className="text-xs text-slate-400">{dateTime.format(new Date(row.timestamp))}</span>
              </div>
              <span className="shrink-0 font-semibold tabular-nums text-emerald-400">
                +{formatRewards(row.points)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {props.moreFailed && (
        <Alert>Could not load more. Check your connection and press Show more again.</Alert>
      )}
      {props.status === "ready" && props.hasMore && (
        <Button
          variant="ghost"
          size="sm"
          onClick={props.onMore}
          disabled={props.loadingMore}
          aria-busy={props.loadingMore}
        >
          {props.loadingMore ? "Loading..." : "Show more"}
        </Button>
      )}
    </Section>
  );
}
