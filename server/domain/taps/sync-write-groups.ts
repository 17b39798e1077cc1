/**
 * Group commit for tap syncs (docs/decisions/032): every hinted sync that reaches its write while the event loop
 * is busy with one round of I/O joins one group, and the group is written by one statement just after it
 * (setImmediate), like the announcer's NOTIFY. Under load that is one round trip and one commit for many syncs
 * instead of one each; when idle a group holds one sync and costs no wait at all.
 *
 * Each sync in a group stands alone: a batch whose row moved on is simply not written and its caller reads
 * again, exactly as when it was written by itself. A group holds one sync per user (a second sync of the same
 * user, priced from the same hint, would be stale anyway), so it goes out alone. If the group's statement fails
 * as a whole (a deadlock with a locking transaction, say), each sync is tried again alone, so one sync's trouble
 * is never another's error.
 */
import type { Kysely } from "kysely";
import {
  type VersionedBatch,
  writeVersionedBatch,
  writeVersionedBatches,
} from "../../db/repos/tap-sync.repo.ts";
import type { Database } from "../../db/schema.ts";

type Written = { seq: number; version: string } | null;

interface Member {
  batch: VersionedBatch;
  resolve: (written: Written) => void;
  reject: (err: unknown) => void;
}

/** Enough to amortise the round trip; small enough that a group's statement stays short. */
export const MAX_GROUP = 64;

const open = new WeakMap<Kysely<Database>, Map<string, Member>>();

/** Writes the batch with whatever other syncs reach their write in this turn of the event loop. */
export function writeInGroup(db: Kysely<Database>, batch: VersionedBatch): Promise<Written> {
  let group = open.get(db);
  if (group?.has(batch.userId)) return writeVersionedBatch(db, batch);
  if (!group || group.size >= MAX_GROUP) {
    const started = new Map<string, Member>();
    open.set(db, started);
    setImmediate(() => {
      if (open.get(db) === started) open.delete(db);
      void writeGroup(db, [...started.values()]);
    });
    group = started;
  }
  const members = group;
  return new Promise<Written>((resolve, reject) => {
    members.set(batch.userId, { batch, resolve, reject });
  });
}

async function writeGroup(db: Kysely<Database>, members: Member[]): Promise<void> {
  try {
    const written = await writeVersionedBatches(
      db,
      members.map((member) => member.batch),
    );
    for (const [i, member] of members.entries()) member.resolve(written[i] ?? null);
  } catch {
    // The whole statement failed: nothing of it was written. Each sync tries alone and keeps its own outcome.
    for (const member of members) {
      writeVersionedBatch(db, member.batch).then(member.resolve, member.reject);
    }
  }
}
