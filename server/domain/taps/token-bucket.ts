/**
 * The per-user tap budget (docs/design.md §5): 20 taps a second on the server's clock, holding at most 90
 * seconds' worth (1 800 taps), full for a new user. A person tapping flat out stays inside it; a client
 * claiming more than it could have tapped is clipped to it. Kept in thousandths of a tap so the refill is
 * exact.
 */
export const TAPS_PER_SECOND = 20;
export const BUCKET_CAPACITY_TAPS = 1_800;
const MILLI = 1_000;
export const BUCKET_CAPACITY_MILLI_TAPS = BUCKET_CAPACITY_TAPS * MILLI;
/** 20 taps per 1 000 ms = 20 milli-taps per ms. */
const MILLI_TAPS_PER_MS = (TAPS_PER_SECOND * MILLI) / 1_000;

export interface TapBucket {
  milliTaps: number;
  updatedAt: Date;
}

export const fullBucket = (at: Date): TapBucket => ({ milliTaps: BUCKET_CAPACITY_MILLI_TAPS, updatedAt: at });

/** Refills the bucket up to `now`, then takes up to `requested` whole taps out of it. */
export function takeTaps(
  bucket: TapBucket,
  requested: number,
  now: Date,
): { granted: number; bucket: TapBucket } {
  // A clock that went backwards refills nothing and does not move the bucket's time back.
  const elapsedMs = Math.max(0, now.getTime() - bucket.updatedAt.getTime());
  const available = Math.min(BUCKET_CAPACITY_MILLI_TAPS, bucket.milliTaps + elapsedMs * MILLI_TAPS_PER_MS);
  const granted = Math.max(0, Math.min(requested, Math.floor(available / MILLI)));
  return {
    granted,
    bucket: {
      milliTaps: available - granted * MILLI,
      updatedAt: elapsedMs > 0 ? now : bucket.updatedAt,
    },
  };
}
