/** Leases on background rounds that one instance at a time may run (docs/design.md §14). */
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/** Takes or extends the lease unless another holder's is still running; true when `holder` has it now. */
export async function takeLease(
  db: Kysely<Database>,
  lease: { name: string; holder: string; now: Date; until: Date },
): Promise<boolean> {
  const row = await db
    .insertInto("worker_leases")
    .values({ name: lease.name, holder: lease.holder, expires_at: lease.until })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder: lease.holder, expires_at: lease.until })
        .where((eb) =>
          eb.or([
            eb("worker_leases.holder", "=", lease.holder),
            eb("worker_leases.expires_at", "<=", lease.now),
          ]),
        ),
    )
    .returning(sql<number>`1`.as("taken"))
    .executeTakeFirst();
  return row !== undefined;
}

/** Lets the next instance take the lease at its next try instead of waiting for it to expire. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom("worker_leases").where("name", "=", name).where("holder", "=", holder).execute();
}

/** Notes that a round of `name` finished now (any instance); /api/metrics shows the time since as lag. */
export async function recordWorkerRound(db: Kysely<Database>, name: string, at: Date): Promise<void> {
  await db
    .insertInto("worker_rounds")
    .values({ name, finished_at: at })
    .onConflict((oc) => oc.column("name").doUpdateSet({ finished_at: at }))
    .execute();
}
