/**
 * Group reads for tap syncs (docs/decisions/044): a sync with no hint of its row (the player's first sync on this
 * instance, or a hint gone stale) reads the row first, and the reads that start in the same turn of the event
 * loop go out as one statement (server/db/turn-groups.ts). When a crowd arrives (an instance started, or UTC
 * midnight moved every player to the day's first sync), that is one round trip for many syncs, the way their
 * writes are grouped (sync-write-groups.ts).
 */
import { readSyncStates } from "../../db/repos/tap-sync.repo.ts";
import { groupedByTurn } from "../../db/turn-groups.ts";
import { MAX_GROUP } from "./sync-write-groups.ts";

/** Reads the sync's state with whatever other syncs read in this turn of the event loop. */
export const readInGroup = groupedByTurn(readSyncStates, MAX_GROUP);
