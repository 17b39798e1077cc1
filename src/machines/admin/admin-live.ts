/**
 * What every admin page does with the back office's live stream (docs/decisions/018): it loads again after
 * any admin action (ADMIN.AUDIT: every change is audited, so its entry says the lists may have moved), when an
 * account's standing changed (ADMIN.RISK: it entered review, was frozen, appealed or was decided; docs/fair-play.md)
 * or when events were lost (STREAM.RESET).
 */

export const RELOADING_EVENTS = ["ADMIN.AUDIT", "ADMIN.RISK", "STREAM.RESET"] as const;

/** The same transition for each event after which a page loads again. */
export const reloadOnChange = <T>(transition: T) =>
  Object.fromEntries(RELOADING_EVENTS.map((type) => [type, transition])) as Record<
    (typeof RELOADING_EVENTS)[number],
    T
  >;
