/**
 * A booster's end is not a change anyone commits, so no transaction carries its `booster { active: null }`
 * event: a sweep does (docs/decisions/019). Every few seconds one instance (a worker lease) lists purchases
 * that have ended and whose end nobody has told, and for each, in a transaction that locks the owner's rewards
 * row first (as a purchase does, so the two are ordered), marks it told and queues the event, unless a newer
 * booster has replaced it (the screen already shows that one). The mark is conditional, so two rounds that
 * overlap (a lease that lapsed mid-round) still tell each end once.
 */
import { listUnannouncedEnds, markEndAnnounced } from "../../db/repos/boosters.repo.ts";
import { lockRewards } from "../../db/repos/rewards.repo.ts";
import { type LiveTransactionDeps, transactionWithLiveEvents } from "../live/live-transaction.ts";
import { boosterChanged } from "../live/screen-events.ts";

export const BOOSTER_SWEEP_LEASE = "booster-sweep";
const ROUND_LIMIT = 500;

/** One round: answers how many ends were told to their owners. */
export async function announceEndedBoosters(deps: LiveTransactionDeps, limit = ROUND_LIMIT): Promise<number> {
  const ended = await listUnannouncedEnds(deps.db, deps.clock(), limit);
  let told = 0;
  for (const purchase of ended) {
    const news = await transactionWithLiveEvents(deps, async (trx) => {
      await lockRewards(trx, purchase.user_id);
      const mark = await markEndAnnounced(trx, purchase.id, deps.clock());
      if (mark.marked && mark.latest) boosterChanged(trx, purchase.user_id, null);
      return mark.marked && mark.latest;
    });
    if (news) told += 1;
  }
  return told;
}
