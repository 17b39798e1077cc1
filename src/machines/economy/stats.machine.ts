/**
 * The Stats page (docs/product.md, Stats): the player's own days, totals and multiplier history, read again a
 * few seconds after their points or multiplier change. The query is the player's id.
 */
import { liveReadMachine } from "./live-read.machine.ts";

export const statsMachine = liveReadMachine({
  id: "stats",
  news: ["POINTS.UPDATED", "MULTIPLIER.CHANGED"],
});
