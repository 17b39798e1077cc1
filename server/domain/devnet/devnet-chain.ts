/**
 * The local devnet as a chain (CHAIN=local only; docs/api.md, Local devnet): mint test USDT to an address from
 * the faucet, and look a transaction up the way a block explorer would.
 */
import type { DevnetGateway } from "../../chain/local/devnet-gateway.ts";
import { findDevnetTransfer } from "../../db/repos/devnet.repo.ts";
import { AppError } from "../../errors.ts";
import type { Uses } from "../deps.ts";

/** `failed` records a transaction the chain reverts, for trying out the failure path. */
export function depositOnDevnet(
  deps: Uses<"chain">,
  request: { to: string; amountMicro: number; failed: boolean },
): Promise<string> {
  return localDevnet(deps).deposit(request);
}

export interface DevnetTransaction {
  txId: string;
  blockNumber: number;
  from: string;
  to: string;
  amountMicro: number;
  /** "pending" until it confirms, as on a real chain, whatever its outcome. */
  status: "pending" | "failed" | "confirmed";
  at: Date;
}

export async function lookUpDevnetTransaction(
  deps: Uses<"db" | "clock">,
  txId: string,
): Promise<DevnetTransaction> {
  const row = await findDevnetTransfer(deps.db, txId);
  if (!row) throw new AppError("NOT_FOUND", "The devnet has no transaction with this id.");
  const confirmed = row.confirms_at <= deps.clock();
  return {
    txId: row.tx_id,
    blockNumber: row.block_number,
    from: row.from_address,
    to: row.to_address,
    amountMicro: row.amount_micro,
    status: !confirmed ? "pending" : row.status === "failed" ? "failed" : "confirmed",
    at: row.created_at,
  };
}

/** app.ts registers the devnet routes only on the local devnet; anything else reaching here is a bug. */
function localDevnet(deps: Uses<"chain">): DevnetGateway {
  if (deps.chain.kind !== "local") throw new Error("the devnet tools need the local devnet (CHAIN=local)");
  return deps.chain as DevnetGateway;
}
