import { Button } from "../kit/button.tsx";
import { cx } from "../kit/cx.ts";
import { Section, SectionStatus } from "./section.tsx";

export interface BoosterCardView {
  id: string;
  name: string;
  factor: number;
  minutes: number;
  price: number;
  state: "buy" | "buying" | "running" | "wait";
}

export interface BoostersCardProps {
  status: "loading" | "failed" | "ready";
  cards: BoosterCardView[];
  running: { name: string; factor: number; countdown: string } | null;
  onBuy: (boosterId: string) => void;
  onRetry: () => void;
}

const LABEL: Record<BoosterCardView["state"], string> = {
  buy: "Buy",
  buying: "Processing...",
  running: "Running",
  wait: "Buy",
};

/** The booster catalogue with Buy, and the running booster's countdown. */
export function BoostersCard(props: BoostersCardProps) {
  return (
    <Section
      id="boosters-heading"
      title="Boosters"
      subtitle="Multiply the points of every tap for a while. One booster at a time, paid in points."
    >
      <SectionStatus
        status={props.status}
        loadingLabel="Loading boosters"
        failedText="Could not load the boosters. Check your connection and try again."
        onRetry={props.onRetry}
      />
      {props.running && (
        <div className="flex items-center justify-between gap-3 rounded-xl border border-brand-400/40 bg-brand-500/10 px-4 py-3">
          <span className="text-sm text-brand-50">
            <span className="font-semibold">{props.running.name}</span> is running: ×{props.running.factor}{" "}
            per tap
          </span>
          <span
            role="timer"
            aria-label={`${props.running.name}: time left`}
            className="shrink-0 font-mono text-lg font-bold tabular-nums text-brand-300"
          >
            {props.running.countdown}
          </span>
        </div>
      )}
      {props.status === "ready" && (
        <ul className="grid gap-3 sm:grid-cols-2">
          {props.cards.map((card) => (
            <li
              key={card.id}
              aria-current={card.state === "running" ? "true" : undefined}
              className={cx(
                "flex flex-col gap-2 rounded-xl border p-4",
                card.state === "running"
                  ? "border-brand-400 bg-brand-500/10"
                  : "border-white/10 bg-ink-900/60",
              )}
            >
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-50">{card.name}</span>
                <span className="text-2xl font-bold tabular-nums text-brand-300">×{card.factor}</span>
              </div>
              <span className="text-sm text-slate-400">
                {card.minutes} minutes · <span className="tabular-nums">{card.price}</span> points
              </span>
              <Button
                size="sm"
                variant={card.state === "buy" ? "primary" : "secondary"}
                // aria-disabled, not disabled: the pressed button keeps keyboard focus while it waits.
                aria-disabled={card.state !== "buy"}
                aria-busy={card.state === "buying"}
                aria-label={card.state === "buy" || card.state === "wait" ? `Buy ${card.name}` : undefined}
                className={cx(card.state !== "buy" && "cursor-not-allowed opacity-60")}
                onClick={card.state === "buy" ? () => props.onBuy(card.id) : undefined}
              >
                {LABEL[card.state]}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {props.status === "ready" && props.running && (
        <p className="text-xs text-slate-400">The next booster can be bought when this one ends.</p>
      )}
    </Section>
  );
}
