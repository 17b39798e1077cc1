/**
 * Reads TronGrid's TRC20 listing (GET /v1/accounts/{address}/transactions/trc20). The listing is a hint for
 * which transactions to look at, never proof of a deposit, so an entry that is not exactly a Transfer of our
 * contract with an integer value is dropped rather than guessed at.
 */
import { isTronAddress } from "#contracts/tron-address.ts";
import type { AddressTransfer } from "../gateway.ts";
import type { Answer } from "./trongrid-client.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The transfers of `contract` in a listing answer, newest first. */
export function transfersFromListing(answer: Answer, contract: string): AddressTransfer[] {
  const items = Array.isArray(answer.data) ? (answer.data as unknown[]) : [];
  const transfers: AddressTransfer[] = [];
  for (const item of items) {
    if (!isObject(item) || item.type !== "Transfer") continue;
    if (!isObject(item.token_info) || item.token_info.address !== contract) continue;
    const { transaction_id: txId, from, to, value, block_timestamp: at } = item;
    if (typeof txId !== "string" || !/^[0-9a-f]{64}$/.test(txId)) continue;
    if (typeof from !== "string" || !isTronAddress(from) || typeof to !== "string" || !isTronAddress(to)) {
      continue;
    }
    if (typeof at !== "number" || !Number.isFinite(at)) continue;
    // The raw value is already micro-USDT (6 decimals); too large to be exact means skipped, not rounded.
    if (typeof value !== "string" || !/^\d{1,16}$/.test(value) || !Number.isSafeInteger(Number(value))) {
      continue;
    }
    transfers.push({
      txId,
      from,
      to,
      amountMicro: Number(value),
      at: new Date(at),
      // Kept simple on purpose: telling confirmed from not would cost a second listing per scan, and crediting
      // never trusts this flag (it asks transactionOutcome), so every entry is reported as not yet confirmed.
      confirmed: false,
    });
  }
  // Array.prototype.sort is stable: entries of one transaction keep the node's order.
  return transfers.sort((a, b) => b.at.getTime() - a.at.getTime());
}
