/**
 * How evidence spells figures and times, so an admin reads "1 200 taps a minute from 14:03 UTC on 2026-11-26"
 * the same way in every signal (docs/fair-play.md, "Signals").
 */

/** An integer with a space between thousands: 1200 → "1 200". */
export function wholeNumber(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

/** A share 0..1 as a whole percentage: 0.953 → "95 %". */
export function percent(share: number): string {
  return `${Math.round(share * 100)} %`;
}

/** A share 0..1 with one decimal, for small variations: 0.0123 → "1.2 %". */
export function finePercent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

/** "2026-11-26" of a moment, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** "14:03 UTC on 2026-11-26". */
export function utcMinute(at: Date): string {
  return `${at.toISOString().slice(11, 16)} UTC on ${utcDay(at)}`;
}

/** A duration in words an admin can check: "3 h 12 min", "45 min", "20 s". */
export function duration(ms: number): string {
  const totalMinutes = Math.floor(ms / 60_000);
  if (totalMinutes === 0) return `${Math.floor(ms / 1_000)} s`;
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

export function plural(count: number, one: string, many: string): string {
  return `${wholeNumber(count)} ${count === 1 ? one : many}`;
}
