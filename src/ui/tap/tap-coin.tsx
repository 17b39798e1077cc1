import { memo, useRef } from "react";
import { tapFeedback } from "./tap-feedback.ts";

const FLOAT_MS = 1_000; // docs/product.md §9: floating dollar 1 s
const PULSE_MS = 500; // docs/product.md §9: pulse 500 ms
const MAX_FLOATERS = 12;

const FLOAT_UP: Keyframe[] = [
  { opacity: 1, transform: "translate(-50%, 0)" },
  { opacity: 0, transform: "translate(-50%, -80px)" },
];
const PULSE: Keyframe[] = [
  { transform: "scale(1)" },
  { transform: "scale(1.06)", offset: 0.5 },
  { transform: "scale(1)" },
];

/** No effects when the user asked for less motion, or where Web Animations are missing (jsdom, old engines). */
const effectsOff = () =>
  typeof Element.prototype.animate !== "function" ||
  (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);

/**
 * The big coin. A press calls `onTap` at once (pointerdown, not click, so the tap lands in the same frame)
 * and starts two purely visual effects: a dollar that floats up for 1 s and a 500 ms pulse.
 *
 * The effects are Web Animations on refs, not React state: a tap then re-renders nothing here and only
 * animates transform and opacity, which the compositor handles without repainting the coin. Remounting the
 * coin face (to restart a CSS animation) or keeping the floaters in state cost a third of every frame at 4x
 * CPU throttling (docs/decisions/009).
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
  const faceRef = useRef<HTMLSpanElement>(null);
  const floatersRef = useRef<HTMLSpanElement>(null);
  const pulseRef = useRef<Animation | null>(null);

  const tap = (xPercent: number) => {
    onTap();
    // A haptic tick inside Telegram, given after this frame paints.
    tapFeedback();
    if (effectsOff()) return;
    pulseRef.current?.cancel();
    pulseRef.current = faceRef.current?.animate(PULSE, { duration: PULSE_MS, easing: "ease-out" }) ?? null;
    const layer = floatersRef.current;
    if (!layer) return;
    if (layer.childElementCount >= MAX_FLOATERS) layer.firstElementChild?.remove();
    const dollar = document.createElement("span");
    dollar.textContent = "$";
    dollar.className =
      "absolute top-1/4 text-3xl font-black text-white [text-shadow:0_2px_8px_rgba(0,0,0,0.5)] will-change-transform";
    dollar.style.left = `${xPercent}%`;
    layer.append(dollar);
    dollar.animate(FLOAT_UP, { duration: FLOAT_MS, easing: "ease-out", fill: "forwards" }).onfinish = () =>
      dollar.remove();
  };

  return (
    <div className="relative flex items-center justify-center py-6">
      <button
        type="button"
        aria-label={label}
        disabled={disabled}
        onPointerDown={(event) => {
          if (disabled || event.button !== 0) return;
          const rect = event.currentTarget.getBoundingClientRect();
          tap(((event.clientX - rect.left) / rect.width) * 100);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            if (!event.repeat && !disabled) tap(50);
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
        <span ref={floatersRef} aria-hidden="true" className="pointer-events-none absolute inset-0" />
      </button>
    </div>
  );
});
