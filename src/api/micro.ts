/** Display units ↔ integer micro units (1 = 1 000 000). All client arithmetic on money and points is in micro. */
export const MICRO = 1_000_000;
export const toMicro = (value: number): number => Math.round(value * MICRO);
export const fromMicro = (micro: number): number => micro / MICRO;
