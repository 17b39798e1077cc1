/**
 * A small seeded pseudo-random generator (mulberry32): the simulator and the tests draw every trace from it, so
 * one seed always gives the same population, the same taps and the same figures.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new generator seeded from this one: one per account, so adding an account changes no other's draws. */
  fork(): Random;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random: Random = {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new RangeError("cannot pick from an empty list");
      return items[Math.floor(items.length * next())] as (typeof items)[number];
    },
    fork: () => seededRandom(Math.floor(next() * 4_294_967_296)),
  };
  return random;
}
