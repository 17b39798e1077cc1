/**
 * Finished UTC days of GET /admin/economy, counted once (docs/fair-play.md, The economy): a finished day's
 * figures no longer change, so the economy reads them here and counts only the days it has not yet kept.
 */
import type { Kysely } from "kysely";
import type { DayEndBalances, EconomyDayRow } from "../read-models/economy.read-model.ts";
import type { Database } from "../schema.ts";

/** A kept day: its figures, and its day-end balances unless it was kept before they were counted (019). */
export type KeptEconomyDay = EconomyDayRow & { balances: DayEndBalances | null };

export async function keptEconomyDays(
  db: Kysely<Database>,
  from: number,
  to: number,
): Promise<KeptEconomyDay[]> {
  const rows = await db
    .selectFrom("economy_days")
    .selectAll()
    .where("day", ">=", from)
    .where("day", "<=", to)
    .orderBy("day")
    .execute();
  // int8 is a number on PGlite and a string on pg: Number() either way.
  return rows.map((row) => ({
    day: row.day,
    newUsers: Number(row.new_users),
    activeUsers: Number(row.active_users),
    taps: Number(row.taps),
    pointsMintedMicro: Number(row.points_minted_micro),
    pointsConvertedMicro: Number(row.points_converted_micro),
    depositsMicro: Number(row.deposits_micro),
    withdrawalsMicro: Number(row.withdrawals_micro),
    balances:
      row.wallets_micro === null ||
      row.treasury_micro === null ||
      row.hot_wallet_micro === null ||
      row.points_outstanding_micro === null
        ? null
        : {
            day: row.day,
            walletsMicro: Number(row.wallets_micro),
            treasuryMicro: Number(row.treasury_micro),
            hotWalletMicro: Number(row.hot_wallet_micro),
            pointsOutstandingMicro: Number(row.points_outstanding_micro),
          },
  }));
}

/** Keeps finished days; a day another request kept meanwhile stays as it was (the same figures). */
export async function keepEconomyDays(
  db: Kysely<Database>,
  days: (EconomyDayRow & { balances: DayEndBalances })[],
  at: Date,
): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto("economy_days")
    .values(
      days.map((day) => ({
        day: day.day,
        new_users: day.newUsers,
        active_users: day.activeUsers,
        taps: day.taps,
        points_minted_micro: day.pointsMintedMicro,
        points_converted_micro: day.pointsConvertedMicro,
        deposits_micro: day.depositsMicro,
        withdrawals_micro: day.withdrawalsMicro,
        counted_at: at,
        ...balanceColumns(day.balances),
      })),
    )
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
}

/** Fills in the day-end balances of days kept before they were counted; a day filled meanwhile stays. */
export async function keepDayEndBalances(db: Kysely<Database>, balances: DayEndBalances[]): Promise<void> {
  for (const day of balances)
    await db
      .updateTable("economy_days")
      .set(balanceColumns(day))
      .where("day", "=", day.day)
      .where("wallets_micro", "is", null)
      .execute();
}

const balanceColumns = (balances: DayEndBalances) => ({
  wallets_micro: balances.walletsMicro,
  treasury_micro: balances.treasuryMicro,
  hot_wallet_micro: balances.hotWalletMicro,
  points_outstanding_micro: balances.pointsOutstandingMicro,
});
