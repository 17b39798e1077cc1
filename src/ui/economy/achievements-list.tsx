import { cx } from "../kit/cx.ts";
import { Section, SectionStatus } from "./section.tsx";

export interface AchievementView {
  id: string;
  name: string;
  description: string;
  progress: number;
  goal: number;
  rewardPoints: number;
  unlockedAt: string | null;
}

const count = new Intl.NumberFormat("en-US");
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Every achievement with a progress bar; unlocked ones say when. */
export function AchievementsList(props: {
  status: "loading" | "failed" | "ready";
  achievements: AchievementView[];
  onRetry: () => void;
}) {
  const unlocked = props.achievements.filter((item) => item.unlockedAt !== null).length;
  return (
    <Section
      id="achievements-heading"
      title="Achievements"
      subtitle={
        props.status === "ready"
          ? `${unlocked} of ${props.achievements.length} unlocked. Each pays its reward once.`
          : "Each pays its reward once."
      }
    >
      <SectionStatus
        status={props.status}
        loadingLabel="Loading achievements"
        failedText="Could not load your achievements. Check your connection and try again."
        onRetry={props.onRetry}
      />
      {props.status === "ready" && (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {props.achievements.map((item) => {
            const done = item.unlockedAt !== null;
            const shown = Math.min(item.progress, item.goal);
            return (
              <li
                key={item.id}
                className={cx(
                  "flex flex-col gap-2 rounded-xl border p-4",
                  done ? "border-emerald-400/40 bg-emerald-500/10" : "border-white/10 bg-ink-900/60",
                )}
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="flex min-w-0 flex-col">
                    <span className="font-semibold text-slate-50">{item.name}</span>
                    <span className="text-sm text-slate-400">{item.description}</span>
                  </div>
                  {item.rewardPoints > 0 && (
                    <span className="shrink-0 text-sm font-semibold tabular-nums text-brand-300">
                      +{item.rewardPoints}
                      <span className="sr-only"> points</span>
                    </span>
                  )}
                </div>
                <div
                  role="progressbar"
                  aria-label={`${item.name} progress`}
                  aria-valuemin={0}
                  aria-valuemax={item.goal}
                  aria-valuenow={shown}
                  aria-valuetext={`${count.format(shown)} of ${count.format(item.goal)}`}
                  className="h-2 overflow-hidden rounded-full bg-ink-700"
                >
                  <div
                    className={cx("h-full rounded-full", done ? "bg-emerald-400" : "bg-brand-500")}
                    style={{ width: `${(shown / item.goal) * 100}%` }}
                  />
                </div>
                <span className="text-xs text-slate-400">
                  {done ? (
                    <span className="font-semibold text-emerald-300">
                      Unlocked {day.format(new Date(item.unlockedAt!))}
                    </span>
                  ) : (
                    <span className="tabular-nums">
                      {count.format(shown)} / {count.format(item.goal)}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
