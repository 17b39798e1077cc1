/**
 * The coin's two purely visual effects, a 500 ms pulse and a dollar that floats up for 1 s (docs/product.md,
 * "Tap and Earn"), made so that a tap costs the main thread as little as possible (docs/decisions/009):
 *
 * - Every element and every Animation is made once. A tap only restarts animations that already exist and
 *   moves one pooled dollar with the `translate` property: no element is created or removed (no layout), no
 *   keyframes are parsed, and only transform and opacity change, which the compositor runs.
 * - The coin's box is measured once and again only after it may have moved (a resize or a scroll), never on
 *   every tap: reading it would force the browser to lay out the page inside the tap's handler.
 * - Whether the user asked for less motion is one MediaQueryList, read, not queried anew, per tap.
 */

const FLOAT_MS = 1_000;
const PULSE_MS = 500;

const FLOAT_UP: Keyframe[] = [
  { opacity: 1, transform: "translate(-50%, 0)" },
  { opacity: 0, transform: "translate(-50%, -80px)" },
];
const PULSE: Keyframe[] = [
  { transform: "scale(1)" },
  { transform: "scale(1.06)", offset: 0.5 },
  { transform: "scale(1)" },
];

export interface TapEffects {
  /** Plays both effects for a tap at `clientX` (null: a key press, the dollar rises from the middle). */
  play(clientX: number | null): void;
  /** Stops listening for moves of the coin. */
  dispose(): void;
}

/** Engines without Web Animations (jsdom in the UI walks) get no effects (less motion is checked per tap). */
const canAnimate = () => typeof Element.prototype.animate === "function";

/**
 * Effects for one coin: `face` pulses; the `dollars` (a fixed pool, reused oldest first) float up from the tap's
 * point across `coin`, which they are laid out in (absolutely, from its left edge).
 */
export function createTapEffects(coin: HTMLElement, face: HTMLElement, dollars: HTMLElement[]): TapEffects {
  if (!canAnimate() || dollars.length === 0) return { play() {}, dispose() {} };
  const lessMotion = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;

  const idle = (animation: Animation) => {
    animation.cancel();
    return animation;
  };
  const pulse = idle(face.animate(PULSE, { duration: PULSE_MS, easing: "ease-out" }));
  const floats = dollars.map((dollar) =>
    idle(dollar.animate(FLOAT_UP, { duration: FLOAT_MS, easing: "ease-out" })),
  );
  let next = 0;

  let box: { left: number; width: number } | null = null;
  const forgetBox = () => {
    box = null;
  };
  const measured = () => {
    if (!box) {
      const rect = coin.getBoundingClientRect();
      box = { left: rect.left, width: rect.width };
    }
    return box;
  };
  const resized = typeof ResizeObserver === "function" ? new ResizeObserver(forgetBox) : null;
  resized?.observe(coin);
  addEventListener("resize", forgetBox, { passive: true });
  // Any scrolling box may carry the coin along; capture hears them all.
  addEventListener("scroll", forgetBox, { passive: true, capture: true });

  return {
    play(clientX) {
      if (lessMotion?.matches) return;
      pulse.cancel();
      pulse.play();
      const { left, width } = measured();
      const x = clientX === null ? width / 2 : Math.min(Math.max(clientX - left, 0), width);
      const dollar = dollars[next];
      const float = floats[next];
      next = (next + 1) % dollars.length;
      if (!dollar || !float) return;
      dollar.style.translate = `${x}px 0`;
      float.cancel();
      float.play();
    },
    dispose() {
      resized?.disconnect();
      removeEventListener("resize", forgetBox);
      removeEventListener("scroll", forgetBox, { capture: true });
      pulse.cancel();
      for (const float of floats) float.cancel();
    },
  };
}
