/**
 * The user's USDT TRC20 deposit address (docs/design.md §6): the next free index of the HD path, assigned
 * once and kept forever, so generating again answers the same address. The user record's trc20_address is set
 * in the same transaction, so a reload shows it even if the client never gets to save it.
 */
import { findDepositAddress, insertDepositAddress, nextDepositIndex } from "../../db/repos/chain.repo.ts";
import { saveDepositAddressOnUser } from "../../db/repos/users.repo.ts";
import type { Uses } from "../deps.ts";

export async function depositAddressOf(deps: Uses<"db">, userId: string): Promise<string | null> {
  return (await findDepositAddress(deps.db, userId))?.address ?? null;
}

export async function generateDepositAddress(
  deps: Uses<"db" | "clock" | "wallet">,
  userId: string,
): Promise<string> {
  const existing = await findDepositAddress(deps.db, userId);
  if (existing) return existing.address;
  return deps.db.transaction().execute(async (trx) => {
    const index = await nextDepositIndex(trx);
    // A concurrent call may win the insert; its address is the user's, and this index stays unused.
    await insertDepositAddress(trx, {
      userId,
      index,
      address: deps.wallet.addressAt(index),
      at: deps.clock(),
    });
    const assigned = await findDepositAddress(trx, userId);
    if (!assigned) throw new Error(`no deposit address for user ${userId} after inserting one`);
    await saveDepositAddressOnUser(trx, userId, assigned.address);
    return assigned.address;
  });
}
