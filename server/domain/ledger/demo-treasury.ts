/**
 * Local mode starts with a funded reward pool (docs/api.md, Local devnet): DEMO_TREASURY_USDT moved from
 * `external` to the treasury through the ledger, once per database (a fixed idempotency key), so restarts and
 * several processes starting together never seed twice.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { transactionWithLiveEvents } from "../live/live-transaction.ts";
import { EXTERNAL, TREASURY } from "./accounts.ts";
import { transfer } from "./transfer.ts";

const SEED_KEY = "seed:demo-treasury";

export async function seedDemoTreasury(
  db: Kysely<Database>,
  amountMicro: number,
  at: Date,
): Promise<boolean> {
  if (amountMicro <= 0) return false;
  const { applied } = await transactionWithLiveEvents({ db, clock: () => at }, (trx) =>
    transfer(trx, {
      from: EXTERNAL,
      to: TREASURY,
      amountMicro,
      kind: "seed",
      description: "Demo treasury",
      idempotencyKey: SEED_KEY,
      at,
    }),
  );
  return applied;
}
