import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTapEffects } from "./tap-effects.ts";

/** A stand-in for Web Animations (jsdom has none): each element's animations, and how often each restarted. */
class FakeAnimation {
  plays = 0;
  cancels = 0;
  constructor(readonly target: Element) {}
  play() {
    this.plays += 1;
  }
  cancel() {
    this.cancels += 1;
  }
}

let made: FakeAnimation[] = [];

beforeEach(() => {
  made = [];
  Element.prototype.animate = function (this: Element) {
    const animation = new FakeAnimation(this);
    made.push(animation);
    return animation as unknown as Animation;
  };
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).animate;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function coinWithDollars(count: number) {
  const coin = document.createElement("button");
  const face = document.createElement("span");
  const dollars = Array.from({ length: count }, () => document.createElement("span"));
  coin.append(face, ...dollars);
  document.body.append(coin);
  const measure = vi
    .spyOn(coin, "getBoundingClientRect")
    .mockReturnValue({ left: 100, width: 200 } as DOMRect);
  return { coin, face, dollars, measure };
}

describe("the coin's effects", () => {
  it("makes every animation once; a tap restarts the pulse and the oldest dollar, creating no element", () => {
    const { coin, face, dollars } = coinWithDollars(3);
    const effects = createTapEffects(coin, face, dollars);
    expect(made).toHaveLength(4);
    const children = coin.childElementCount;

    for (let tap = 0; tap < 4; tap++) effects.play(150);

    expect(made).toHaveLength(4);
    expect(coin.childElementCount).toBe(children);
    const pulse = made.find((animation) => animation.target === face);
    expect(pulse?.plays).toBe(4);
    // Three dollars in turn, then the first again.
    expect(dollars.map((dollar) => made.find((a) => a.target === dollar)?.plays)).toEqual([2, 1, 1]);
    effects.dispose();
  });

  it("floats the dollar from the tap's point across the coin, and from the middle for a key press", () => {
    const { coin, face, dollars } = coinWithDollars(3);
    const effects = createTapEffects(coin, face, dollars);
    effects.play(150);
    effects.play(null);
    effects.play(500);
    expect(dollars.map((dollar) => dollar.style.translate)).toEqual(["50px 0", "100px 0", "200px 0"]);
    effects.dispose();
  });

  it("measures the coin once, and again only after the page scrolled or resized", () => {
    const { coin, face, dollars, measure } = coinWithDollars(2);
    const effects = createTapEffects(coin, face, dollars);
    for (let tap = 0; tap < 5; tap++) effects.play(150);
    expect(measure).toHaveBeenCalledTimes(1);

    dispatchEvent(new Event("scroll"));
    effects.play(150);
    dispatchEvent(new Event("resize"));
    effects.play(150);
    effects.play(150);
    expect(measure).toHaveBeenCalledTimes(3);

    effects.dispose();
    dispatchEvent(new Event("resize"));
    effects.play(150);
    expect(measure).toHaveBeenCalledTimes(3);
  });

  it("plays nothing when the user asked for less motion", () => {
    vi.stubGlobal("matchMedia", () => ({ matches: true }));
    const { coin, face, dollars } = coinWithDollars(2);
    const effects = createTapEffects(coin, face, dollars);
    effects.play(150);
    expect(made.every((animation) => animation.plays === 0)).toBe(true);
    effects.dispose();
  });
});
