/**
 * Fair play's signals as pure functions (docs/fair-play.md, "Signals"): each takes what the caller read (no
 * database, no clock: time comes in as arguments) and answers `{ id, evidence }` or null.
 */
export * from "./signals/index.ts";
