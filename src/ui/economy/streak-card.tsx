import { Alert } from "../kit/alert.tsx";
import { Button } from "../kit/button.tsx";
import { cx } from "../kit/cx.ts";
import { Spinner } from "../kit/spinner.tsx";
import { Section, SectionStatus } from "./section.tsx";

export interface StreakCardProps {
  status: "loading" | "failed" | "ready";
  current: number;
  best: number;
  freezes: number;
  nextReward: number;
  claimedToday: boolean;
  claiming: boolean;
  claimError: string | null;
  week: Array<{ name: string; date: string; isToday: boolean; state: "claimed" | "today" | "missed" }>;
  onClaim: () => void;
  onRetry: () => void;
}

const DAY_WORDS = {
  claimed: "claimed",
  today: "today, not claimed yet",
  missed: "missed",
  upcoming: "to come",
};
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The daily streak: the run, this week's days, and Claim. */
export function StreakCard(props: StreakCardProps) {
  return (
    <Section
      id="streak-heading"
      title="Daily streak"
      subtitle="Claim once a day (UTC). Day n of a run pays n points, up to 7."
    >
      <SectionStatus
        status={props.status}
        loadingLabel="Loading your streak"
        failedText="Could not load your streak. Check your connection and try again."
        onRetry={props.onRetry}
      />
      {props.status === "ready" && (
        <>
          <div className="flex items-end justify-between gap-3">
            <p className="flex flex-col">
              <span className="text-3xl font-bold tabular-nums text-slate-50">
                {plural(props.current, "day")}
              </span>
              <span className="text-sm text-slate-400">current streak</span>
            </p>
            <p className="text-right text-sm text-slate-400">
              Best{" "}
              <span className="font-semibold tabular-nums text-slate-200">{plural(props.best, "day")}</span>
              <br />
              <span className="tabular-nums">{plural(props.freezes, "freeze")}</span> held
            </p>
          </div>
          <ol aria-label="Last 7 days" className="grid grid-cols-7 gap-1.5">
            {props.week.map((day) => (
              <li key={day.date} className="flex flex-col items-center gap-1 text-xs">
                <span className={cx(day.isToday ? "font-semibold text-slate-100" : "text-slate-400")}>
                  {day.isToday ? "Today" : day.name}
                </span>
                <span
                  aria-hidden
                  className={cx(
                    "grid size-8 place-items-center rounded-full border-2 text-[0.7rem] font-bold",
                    day.state === "claimed" && "border-brand-400 bg-brand-500 text-ink-950",
                    day.state === "today" && "border-brand-400 border-dashed text-brand-300",
                    day.state === "missed" && "border-white/10 bg-ink-900 text-slate-600",
                  )}
                >
                  {day.state === "claimed" ? "✓" : ""}
                </span>
                <span className="sr-only">{DAY_WORDS[day.state]}</span>
              </li>
            ))}
          </ol>
          {props.claimError && <Alert>{props.claimError}</Alert>}
          {/* aria-disabled, not disabled: the button keeps keyboard focus while it waits and once claimed. */}
          <Button
            size="lg"
            aria-disabled={props.claiming || props.claimedToday}
            aria-busy={props.claiming}
            className={cx((props.claiming || props.claimedToday) && "cursor-not-allowed opacity-60")}
            onClick={props.claiming || props.claimedToday ? undefined : props.onClaim}
          >
            {props.claiming && <Spinner size="sm" decorative />}
            {props.claiming
              ? "Claiming..."
              : props.claimedToday
                ? "Claimed today"
                : `Claim +${plural(props.nextReward, "point")}`}
          </Button>
          {props.claimedToday && (
            <p className="text-center text-sm text-slate-400">
              Come back tomorrow (from 00:00 UTC) for +{plural(props.nextReward, "point")}.
            </p>
          )}
        </>
      )}
    </Section>
  );
}
