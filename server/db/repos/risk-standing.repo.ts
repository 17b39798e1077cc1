/** Writing where accounts stand (docs/fair-play.md); reading is account-standing.repo.ts. */
import type { Kysely } from "kysely";
import type { AccountStatus, Database } from "../schema.ts";

export interface LockedStanding {
  status: AccountStatus;
  score: number;
  clearedAt: Date | null;
}

/**
 * Locks the account's standing row for the caller's transaction, creating it (`ok`, 0) first when the account
 * has none, so two writers of one account take turns.
 */
export async function lockStanding(db: Kysely<Database>, userId: string, at: Date): Promise<LockedStanding> {
  await db
    .insertInto("account_standing")
    .values({ user_id: userId, status: "ok", score: 0, cleared_at: null, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const row = await db
    .selectFrom("account_standing")
    .select(["status", "score", "cleared_at"])
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { status: row.status, score: row.score, clearedAt: row.cleared_at };
}

export async function writeStanding(
  db: Kysely<Database>,
  userId: string,
  standing: { status: AccountStatus; score: number; clearedAt?: Date | null; at: Date },
): Promise<void> {
  await db
    .updateTable("account_standing")
    .set({
      status: standing.status,
      score: standing.score,
      updated_at: standing.at,
      ...(standing.clearedAt === undefined ? {} : { cleared_at: standing.clearedAt }),
    })
    .where("user_id", "=", userId)
    .execute();
}

/**
 * Moves the account's rewards row to a new version without changing a figure. Every tap sync writes only if
 * the row is still at the version it priced from (docs/decisions/028), so once a freeze or ban commits, every
 * instance's remembered row is stale and the next sync reads the row again, with the standing beside it.
 * Locks the row, so it also waits for a sync writing at this moment (which then came first).
 */
export async function staleRewardsRow(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable("user_rewards")
    .set((eb) => ({ sync_count: eb.ref("sync_count") }))
    .where("user_id", "=", userId)
    .execute();
}
