/**
 * The access tokens this instance does not remember (session-cache.ts) are looked up together: the requests that
 * authenticate in the same turn of the event loop share one statement (server/db/turn-groups.ts). It matters
 * when many players this instance has never seen arrive at once (an instance just started, or the balancer
 * moved them here). Nothing is kept beyond the lookup: revocation is the session cache's business.
 */
import { findSessionsByAccessHashes } from "../../db/repos/sessions.repo.ts";
import { groupedByTurn } from "../../db/turn-groups.ts";

/** Enough to amortise the round trip; a statement of this many hashes stays short. */
const MAX_LOOKUPS = 64;

/** The session of this access token hash (undefined: none), looked up with the others of this turn. */
export const lookUpSession = groupedByTurn(findSessionsByAccessHashes, MAX_LOOKUPS);
