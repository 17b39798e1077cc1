import { memo, useEffect, useRef } from "react";
import { createTapEffects, type TapEffects } from "./tap-effects.ts";
import { afterNextPaint, tapFeedback } from "./tap-feedback.ts";

/** At 20 taps a second a dollar lives 1 s: a dozen are in the air at most (the oldest restarts after that). */
const DOLLARS = 12;
const DOLLAR_SLOTS = Array.from({ length: DOLLARS }, (_, slot) => slot);

/**
 * The big coin. A press calls `onTap` at once (pointerdown, not click, so the tap lands in the same frame)
 * and plays two purely visual effects: a dollar that floats up for 1 s and a 500 ms pulse.
 *
 * The effects are made once and only restarted by a tap (tap-effects.ts): a tap re-renders nothing here,
 * creates no element and reads no layout (docs/decisions/009).
 */
export const TapCoin = memo(function TapCoin({
  onTap,
  label,
  disabled = false,
}: {
  onTap: () => void;
  label: string;
  /** Taps are paused (a frozen account, docs/fair-play.md): the coin takes none. */
  disabled?: boolean;
}) {
  const coinRef = useRef<HTMLButtonElement>(null);
  const faceRef = useRef<HTMLSpanElement>(null);
  const dollarsRef = useRef<HTMLSpanElement>(null);
  const effectsRef = useRef<TapEffects | null>(null);

  useEffect(() => {
    const coin = coinRef.current;
    const face = faceRef.current;
    const layer = dollarsRef.current;
    if (!coin || !face || !layer) return;
    const effects = createTapEffects(coin, face, [...layer.children] as HTMLElement[]);
    effectsRef.current = effects;
    return () => {
      effectsRef.current = null;
      effects.dispose();
    };
  }, []);

  const tap = (clientX: number | null) => {
    onTap();
    // A haptic tick inside Telegram, given after this frame paints.
    tapFeedback();
    // The effects start once the tap's own frame (its new balance) is painted: starting animations costs the
    // frame a style pass and a commit, and the figures come first (docs/decisions/009).
    afterNextPaint(() => effectsRef.current?.play(clientX));
  };

  return (
    <div className="relative flex items-center justify-center py-6">
      <button
        ref={coinRef}
        type="button"
        aria-label={label}
        disabled={disabled}
        onPointerDown={(event) => {
          if (disabled || event.button !== 0) return;
          tap(event.clientX);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            if (!event.repeat && !disabled) tap(null);
          }
        }}
        className="relative size-56 touch-manipulation select-none rounded-full outline-offset-4 disabled:cursor-not-allowed disabled:opacity-40 disabled:grayscale sm:size-64"
      >
        <span
          ref={faceRef}
          className="absolute inset-0 grid place-items-center rounded-full bg-gradient-to-br from-brand-300 via-brand-500 to-brand-600 shadow-[0_0_60px_rgba(245,179,1,0.35)] ring-8 ring-brand-500/20 will-change-transform"
        >
          <span className="grid size-40 place-items-center rounded-full border-4 border-brand-300/60 bg-brand-500 text-7xl font-black text-ink-950 sm:size-48">
            $
          </span>
        </span>
        <span ref={dollarsRef} aria-hidden="true" className="pointer-events-none absolute inset-0">
          {DOLLAR_SLOTS.map((slot) => (
            <span
              key={slot}
              className="absolute top-1/4 left-0 text-3xl font-black text-white opacity-0 [text-shadow:0_2px_8px_rgba(0,0,0,0.5)]"
            >
              $
            </span>
          ))}
        </span>
      </button>
    </div>
  );
});
