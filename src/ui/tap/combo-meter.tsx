import { memo, useEffect, useRef } from "react";

/** What the meter is told after each tap and when a chain ends: the chain's length, and whether it just completed a run of 50. */
export interface ComboNews {
  combo: number;
  runCompleted: boolean;
}

/** Subscribes the meter to the combo (the page passes the taps actor's); returns the unsubscribe. */
export type WatchCombo = (onNews: (news: ComboNews) => void) => () => void;

/** A chain shows from its second tap: one tap alone is no combo yet. */
const SHOWN_FROM = 2;
const BONUS_MS = 900;

const BONUS_RISE: Keyframe[] = [
  { opacity: 0, transform: "translateY(6px) scale(0.9)" },
  { opacity: 1, transform: "translateY(-4px) scale(1.1)", offset: 0.25 },
  { opacity: 0, transform: "translateY(-18px) scale(1)" },
];
/** With less motion asked for, the cue only fades in and out where it stands. */
const BONUS_FADE: Keyframe[] = [
  { opacity: 0 },
  { opacity: 1, offset: 0.2 },
  { opacity: 1, offset: 0.7 },
  { opacity: 0 },
];

const reducedMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Said once per complete 50, never per tap (the counter itself is hidden from screen readers). */
export const comboAnnouncement = (combo: number) => `Combo ${combo}! Bonus points on the way`;

/**
 * The running `Combo ×N` above the coin (docs/product.md, "Tap and Earn"). Painted by writing the text and a
 * style on refs straight from the taps actor's news, in the tap's own frame: a tap re-renders nothing here
 * (docs/decisions/009). Every complete 50 plays a "+bonus" cue (transform and opacity only, a Web Animation,
 * so the compositor runs it) and puts one sentence in a polite live region. The line keeps its height
 * whether shown or not, so a chain starting or ending never moves the coin.
 */
export const ComboMeter = memo(function ComboMeter({ watch }: { watch: WatchCombo }) {
  const meterRef = useRef<HTMLParagraphElement>(null);
  const countRef = useRef<HTMLSpanElement>(null);
  const shownRef = useRef(false);
  const bonusRef = useRef<HTMLSpanElement>(null);
  const announceRef = useRef<HTMLParagraphElement>(null);

  useEffect(
    () =>
      watch(({ combo, runCompleted }) => {
        const meter = meterRef.current;
        const count = countRef.current?.firstChild;
        const announce = announceRef.current;
        if (!meter || !(count instanceof Text) || !announce) return;
        // One text node's data and nothing else on an ordinary tap: the cheapest change to paint.
        count.data = `×${combo}`;
        const shown = combo >= SHOWN_FROM;
        if (shown !== shownRef.current) {
          shownRef.current = shown;
          meter.style.visibility = shown ? "visible" : "hidden";
        }
        // Cleared when the chain ends, so the next chain's first 50 is announced again.
        if (combo === 0) announce.textContent = "";
        if (!runCompleted) return;
        announce.textContent = comboAnnouncement(combo);
        const bonus = bonusRef.current;
        if (bonus && typeof bonus.animate === "function")
          bonus.animate(reducedMotion() ? BONUS_FADE : BONUS_RISE, {
            duration: BONUS_MS,
            easing: "ease-out",
          });
      }),
    [watch],
  );

  return (
    <div className="relative flex h-8 w-full items-center justify-center [contain:layout_paint]">
      <p
        ref={meterRef}
        aria-hidden="true"
        data-testid="combo-meter"
        style={{ visibility: "hidden" }}
        className="rounded-full border border-brand-500/40 px-3 py-0.5 text-sm font-bold tabular-nums text-brand-300"
      >
        Combo <span ref={countRef}>×0</span>
      </p>
      {/* Pure decoration, drawn as generated content: the live region says it in words; mid-fade it is no text
          to read (and no contrast to keep). */}
      <span
        ref={bonusRef}
        aria-hidden="true"
        data-testid="combo-bonus"
        className="pointer-events-none absolute left-1/2 top-0 ml-18 text-sm font-black text-emerald-300 opacity-0 will-change-transform after:content-['+bonus']"
      />
      <p ref={announceRef} aria-live="polite" className="sr-only" />
    </div>
  );
});
