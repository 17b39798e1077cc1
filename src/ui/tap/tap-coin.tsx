import { memo, useRef, useState } from "react";
import { cx } from "../kit/cx.ts";

interface Floater {
  id: number;
  x: number;
}

/**
 * The big coin. A press calls `onTap` at once (pointerdown, not click, so the tap lands in the same frame)
 * and starts two purely visual effects: a dollar that floats up for 1 s and a 500 ms pulse. It renders
 * nothing that depends on the balance, so a tap re-renders only this button and the figures that changed.
 */
export const TapCoin = memo(function TapCoin({ onTap, label }: { onTap: () => void; label: string }) {
  const [floaters, setFloaters] = useState<Floater[]>([]);
  const [pulse, setPulse] = useState(0);
  const nextId = useRef(0);

  const tap = (x: number) => {
    onTap();
    nextId.current += 1;
    const id = nextId.current;
    setFloaters((current) => [...current.slice(-11), { id, x }]);
    setPulse((value) => value + 1);
  };

  return (
    <div className="relative flex items-center justify-center py-6">
      <button
        type="button"
        aria-label={label}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          const rect = event.currentTarget.getBoundingClientRect();
          tap(((event.clientX - rect.left) / rect.width) * 100);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            if (!event.repeat) tap(50);
          }
        }}
        className="relative size-56 touch-manipulation select-none rounded-full outline-offset-4 sm:size-64"
      >
        <span
          key={pulse}
          className={cx(
            "absolute inset-0 grid place-items-center rounded-full bg-gradient-to-br from-brand-300 via-brand-500 to-brand-600",
            "shadow-[0_0_60px_rgba(245,179,1,0.35)] ring-8 ring-brand-500/20",
            pulse > 0 && "animate-pulse-once",
          )}
        >
          <span className="grid size-40 place-items-center rounded-full border-4 border-brand-300/60 bg-brand-500 text-7xl font-black text-ink-950 sm:size-48">
            $
          </span>
        </span>
        {floaters.map((floater) => (
          <span
            key={floater.id}
            aria-hidden="true"
            onAnimationEnd={() => setFloaters((current) => current.filter((item) => item.id !== floater.id))}
            className="pointer-events-none absolute top-1/4 animate-float-up text-3xl font-bold text-brand-300"
            style={{ left: `${floater.x}%` }}
          >
            $
          </span>
        ))}
      </button>
    </div>
  );
});
