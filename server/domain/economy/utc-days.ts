/**
 * Economy days are UTC calendar days (docs/api.md, Economy), numbered from 1970-01-01 = day 0, so "the day
 * after" is `day + 1` and a gap is a subtraction, whatever the server's own time zone.
 */
const DAY_MS = 86_400_000;

export const utcDayOf = (at: Date): number => Math.floor(at.getTime() / DAY_MS);

export const startOfUtcDay = (day: number): Date => new Date(day * DAY_MS);

/** The Monday (a day number) of the week `day` is in: weeks run Monday to Sunday, UTC. Day 0 was a Thursday. */
export const utcWeekStartOf = (day: number): number => day - ((((day + 3) % 7) + 7) % 7);

/** `2025-03-01`: how a day reads in keys and logs. */
export const utcDayKey = (day: number): string => startOfUtcDay(day).toISOString().slice(0, 10);
