/**
 * The `tron` chain gateway (docs/design.md §6) over TronGrid: lists an address's USDT transfers, reads final
 * outcomes from the solidified node, and builds, checks, signs and broadcasts transfers from the hot wallet.
 * Prepare never signs what it did not ask for (transfer-check.ts). Answers the node could not have meant
 * (missing fields, odd shapes) are ChainUnavailable, never a guess: the caller asks again on its next round.
 */
import { hexToBytes } from "@noble/hashes/utils.js";
import { isTronAddress } from "#contracts/tron-address.ts";
import {
  type AddressTransfer,
  type ChainGateway,
  ChainUnavailable,
  type PreparedTransfer,
  type TransactionOutcome,
  TransferRejected,
} from "../gateway.ts";
import { type HdWallet, HOT_WALLET_INDEX } from "../keys.ts";
import {
  addressHex20,
  addressWord,
  TRANSFER_METHOD_ID,
  TRANSFER_SELECTOR,
  transferParameter,
  uintFromHex,
} from "./abi.ts";
import { decodeNodeMessage, outcomeFromInfo } from "./transaction-outcome.ts";
import { checkBuiltTransfer, type UnsignedTransaction } from "./transfer-check.ts";
import { transfersFromListing } from "./trc20-listing.ts";
import { createTronGridClient } from "./trongrid-client.ts";

export interface TronGatewayOptions {
  apiUrl: string;
  apiKey: string | null;
  /** Base58 USDT contract. */
  contract: string;
  explorer: string;
  feeLimitSun: number;
  pollIntervalMs: number;
  wallet: HdWallet;
  /** Per request, whole exchange; default 10 s. */
  timeoutMs?: number;
  now?: () => Date;
}

/** TronGrid's own ceiling for one page of the listing. */
const MAX_LISTING = 200;
/** Broadcast codes that mean "the node could not take it now", not "the network refused it". */
const TRANSIENT_CODES = new Set(["SERVER_BUSY", "NO_CONNECTION", "NOT_ENOUGH_EFFECTIVE_CONNECTION"]);

export function createTronGateway(options: TronGatewayOptions): ChainGateway {
  const api = createTronGridClient({
    apiUrl: options.apiUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  const now = options.now ?? (() => new Date());
  const hotWallet = options.wallet.addressAt(HOT_WALLET_INDEX);
  const contractHex20 = addressHex20(options.contract);

  return {
    kind: "tron",
    contract: options.contract,
    explorer: options.explorer,
    pollIntervalMs: options.pollIntervalMs,

    async listTransfers(address, { limit }): Promise<AddressTransfer[]> {
      const query = new URLSearchParams({
        limit: String(Math.max(1, Math.min(limit, MAX_LISTING))),
        contract_address: options.contract,
        only_confirmed: "false",
        order_by: "block_timestamp,desc",
      });
      const path = `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`;
      return transfersFromListing(await api.get(path), options.contract);
    },

    async transactionOutcome(txId): Promise<TransactionOutcome> {
      const info = await api.post("/walletsolidity/gettransactioninfobyid", { value: txId });
      if (info.id !== undefined) return outcomeFromInfo(txId, info, contractHex20);
      // Not final yet: the full node knows it while it waits in a block (or in the pool).
      const known = await api.post("/wallet/gettransactionbyid", { value: txId });
      return known.txID === txId ? { status: "pending" } : { status: "unknown" };
    },

    async tokenBalanceMicro(address) {
      const answer = await api.post("/wallet/triggerconstantcontract", {
        owner_address: address,
        contract_address: options.contract,
        function_selector: "balanceOf(address)",
        parameter: addressWord(address),
        visible: true,
      });
      const results = Array.isArray(answer.constant_result) ? answer.constant_result : [];
      const balance = uintFromHex(results[0]);
      if (balance === null) throw new ChainUnavailable(`the node answered no USDT balance for ${address}`);
      return balance;
    },

    async prepareTransfer({ to, amountMicro }): Promise<PreparedTransfer> {
      if (!isTronAddress(to)) throw new TransferRejected(`not a TRON address: ${to}`);
      if (!Number.isSafeInteger(amountMicro) || amountMicro <= 0) {
        throw new TransferRejected(`not an amount of micro-USDT: ${amountMicro}`);
      }
      const parameter = transferParameter(to, amountMicro);
      const answer = await api.post("/wallet/triggersmartcontract", {
        owner_address: hotWallet,
        contract_address: options.contract,
        function_selector: TRANSFER_SELECTOR,
        parameter,
        fee_limit: options.feeLimitSun,
        call_value: 0,
        visible: true,
      });
      const result = (answer.result ?? {}) as { result?: unknown; code?: unknown; message?: unknown };
      if (result.result !== true) {
        const message = decodeNodeMessage(result.message) || "the node refused to build the transfer";
        throw new TransferRejected(typeof result.code === "string" ? `${result.code}: ${message}` : message);
      }
      const raw = checkBuiltTransfer(answer.transaction, {
        owner: hotWallet,
        contract: options.contract,
        data: TRANSFER_METHOD_ID + parameter,
        feeLimitSun: options.feeLimitSun,
        now: now(),
      });
      const tx = answer.transaction as UnsignedTransaction;
      const signature = options.wallet.signAt(HOT_WALLET_INDEX, hexToBytes(tx.txID));
      const signed = { ...tx, signature: [Buffer.from(signature).toString("hex")] };
      return { txId: tx.txID, payload: JSON.stringify(signed), expiresAt: new Date(raw.expiration) };
    },

    async broadcast(prepared) {
      let transaction: unknown;
      try {
        transaction = JSON.parse(prepared.payload);
      } catch {
        throw new TransferRejected(`the stored transfer ${prepared.txId} is not readable`);
      }
      const answer = await api.post("/wallet/broadcasttransaction", transaction);
      // A duplicate means the network already has this very transaction: a re-send after a crash.
      if (answer.result === true || answer.code === "DUP_TRANSACTION_ERROR") return;
      const message = decodeNodeMessage(answer.message);
      if (typeof answer.code !== "string" || TRANSIENT_CODES.has(answer.code)) {
        throw new ChainUnavailable(
          `TronGrid did not take the transfer now: ${answer.code ?? "?"} ${message}`,
        );
      }
      throw new TransferRejected(`${answer.code}: ${message}`);
    },
  };
}
