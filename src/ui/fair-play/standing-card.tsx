import { Button } from "../kit/button.tsx";
import { Card } from "../kit/card.tsx";
import { cx } from "../kit/cx.ts";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const BADGES = {
  review: { label: "Under review", className: "bg-amber-500/15 text-amber-200" },
  frozen: { label: "Taps paused", className: "bg-red-500/15 text-red-200" },
} as const;

/**
 * The player's standing when it is not `ok` (docs/fair-play.md, "What the player sees"): what it means in
 * plain words, then their open appeal (when and what they wrote) or the button that asks for a review.
 */
export function StandingCard(props: {
  status: "review" | "frozen";
  message: string;
  appeal: { at: string; message: string } | null;
  canAppeal: boolean;
  onAppeal: () => void;
}) {
  const badge = BADGES[props.status];
  return (
    <Card className="flex flex-col gap-3 border-amber-500/30" aria-labelledby="standing-title" role="region">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="standing-title" className="text-lg font-semibold">
          Your account
        </h2>
        <span className={cx("rounded-full px-3 py-0.5 text-xs font-semibold", badge.className)}>
          {badge.label}
        </span>
      </div>
      <p className="text-sm text-slate-200">{props.message}</p>
      {props.appeal ? (
        <div className="flex flex-col gap-1 rounded-xl bg-ink-900/70 px-4 py-3 text-sm">
          <p className="text-slate-400">
            You asked for a review on{" "}
            <time dateTime={props.appeal.at}>{dateTime.format(new Date(props.appeal.at))}</time>:
          </p>
          <blockquote className="whitespace-pre-line break-words text-slate-100">
            {props.appeal.message}
          </blockquote>
          <p className="text-xs text-slate-400">A person will answer it here.</p>
        </div>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          onClick={props.onAppeal}
          disabled={!props.canAppeal}
        >
          Ask for a review
        </Button>
      )}
    </Card>
  );
}
