/**
 * The `tron` chain gateway (DESIGN.md §6) over TronGrid: lists an address's USDT transfers, reads final
 * outcomes from the solidified node, and builds, checks, signs and broadcasts transfers from the hot wallet.
 * Prepare never signs what it did not ask for: the node's transaction must hash to its id and carry exactly
 * our owner, contract and call data, so a lying or broken node cannot make us sign another transfer.
 */
import { createHash } from "node:crypto";
import { tronAddressFromHex } from "#src/api/contracts/tron-address.ts";
import {
  type AddressTransfer,
  type ChainGateway,
  type PreparedTransfer,
  type TransactionOutcome,
  type TransferLog,
  TransferRejected,
} from "../gateway.ts";
import { type HdWallet, HOT_WALLET_INDEX } from "../keys.ts";
import {
  addressWord,
  TRANSFER_METHOD_ID,
  TRANSFER_SELECTOR,
  TRANSFER_TOPIC,
  topicAddressHex,
  transferParameter,
  uintFromHex,
} from "./abi.ts";
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
  timeoutMs?: number;
  now?: () => Date;
}

interface Trc20Item {
  transaction_id: string;
  token_info?: { address?: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
}

interface TransactionInfo {
  id?: string;
  blockNumber?: number;
  blockTimeStamp?: number;
  result?: string;
  resMessage?: string;
  receipt?: { result?: string };
  log?: { address: string; topics: string[]; data: string }[];
}

interface UnsignedTransaction {
  txID: string;
  raw_data: {
    contract: {
      parameter: { value: { owner_address?: string; contract_address?: string; data?: string } };
    }[];
    expiration: number;
  };
  raw_data_hex: string;
  signature?: string[];
}

/** TRON puts human-readable messages hex-encoded in its answers. */
const decodeMessage = (message: unknown): string => {
  if (typeof message !== "string") return "";
  return /^[0-9a-fA-F]+$/.test(message) && message.length % 2 === 0
    ? Buffer.from(message, "hex").toString("utf8")
    : message;
};

export function createTronGateway(options: TronGatewayOptions): ChainGateway {
  const api = createTronGridClient({
    apiUrl: options.apiUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  const now = options.now ?? (() => new Date());
  const hotWallet = options.wallet.addressAt(HOT_WALLET_INDEX);
  const contractHex20 = addressWord(options.contract).slice(24);

  return {
    kind: "tron",
    contract: options.contract,
    explorer: options.explorer,
    pollIntervalMs: options.pollIntervalMs,

    async listTransfers(address, { limit }): Promise<AddressTransfer[]> {
      const query = new URLSearchParams({
        limit: String(Math.min(limit, 200)),
        contract_address: options.contract,
        only_confirmed: "false",
        order_by: "block_timestamp,desc",
      });
      const answer = await api.get<{ data?: Trc20Item[] }>(
        `/v1/accounts/${address}/transactions/trc20?${query}`,
      );
      const transfers: AddressTransfer[] = [];
      for (const item of answer.data ?? []) {
        // Only our token's Transfer events; a value that is not an exact integer is skipped, not guessed.
        if (item.type !== "Transfer" || item.token_info?.address !== options.contract) continue;
        if (!/^\d{1,16}$/.test(item.value) || !Number.isSafeInteger(Number(item.value))) continue;
        transfers.push({
          txId: item.transaction_id,
          from: item.from,
          to: item.to,
          amountMicro: Number(item.value),
          at: new Date(item.block_timestamp),
          // The listing mixes confirmed and unconfirmed; crediting always asks transactionOutcome().
          confirmed: false,
        });
      }
      return transfers.sort((a, b) => b.at.getTime() - a.at.getTime());
    },

    async transactionOutcome(txId): Promise<TransactionOutcome> {
      const info = await api.post<TransactionInfo>("/walletsolidity/gettransactioninfobyid", { value: txId });
      if (!info.id) {
        const known = await api.post<{ txID?: string }>("/wallet/gettransactionbyid", { value: txId });
        return known.txID ? { status: "pending" } : { status: "unknown" };
      }
      const receipt = info.receipt?.result;
      if (info.result === "FAILED" || (receipt !== undefined && receipt !== "SUCCESS")) {
        return { status: "failed", reason: receipt ?? (decodeMessage(info.resMessage) || "FAILED") };
      }
      const logs: TransferLog[] = [];
      (info.log ?? []).forEach((log, logIndex) => {
        if (log.address?.toLowerCase() !== contractHex20 || log.topics?.[0] !== TRANSFER_TOPIC) return;
        const amountMicro = uintFromHex(log.data);
        const [, fromTopic, toTopic] = log.topics;
        if (amountMicro === null || !fromTopic || !toTopic) return;
        logs.push({
          logIndex,
          from: tronAddressFromHex(topicAddressHex(fromTopic)),
          to: tronAddressFromHex(topicAddressHex(toTopic)),
          amountMicro,
        });
      });
      return {
        status: "confirmed",
        blockNumber: info.blockNumber ?? 0,
        at: new Date(info.blockTimeStamp ?? 0),
        logs,
      };
    },

    async tokenBalanceMicro(address) {
      const answer = await api.post<{ constant_result?: string[] }>("/wallet/triggerconstantcontract", {
        owner_address: address,
        contract_address: options.contract,
        function_selector: "balanceOf(address)",
        parameter: addressWord(address),
        visible: true,
      });
      const balance = uintFromHex(answer.constant_result?.[0]);
      if (balance === null) throw new TransferRejected("the node answered no balance");
      return balance;
    },

    async prepareTransfer({ to, amountMicro }): Promise<PreparedTransfer> {
      const parameter = transferParameter(to, amountMicro);
      const answer = await api.post<{
        result?: { result?: boolean; message?: string };
        transaction?: UnsignedTransaction;
      }>("/wallet/triggersmartcontract", {
        owner_address: hotWallet,
        contract_address: options.contract,
        function_selector: TRANSFER_SELECTOR,
        parameter,
        fee_limit: options.feeLimitSun,
        call_value: 0,
        visible: true,
      });
      const tx = answer.transaction;
      if (answer.result?.result !== true || !tx) {
        throw new TransferRejected(
          decodeMessage(answer.result?.message) || "the node refused to build the transfer",
        );
      }
      checkBuiltTransfer(tx, {
        owner: hotWallet,
        contract: options.contract,
        data: TRANSFER_METHOD_ID + parameter,
        now: now(),
      });
      const signature = options.wallet.signAt(HOT_WALLET_INDEX, Buffer.from(tx.txID, "hex"));
      const signed = { ...tx, signature: [Buffer.from(signature).toString("hex")] };
      return { txId: tx.txID, payload: JSON.stringify(signed), expiresAt: new Date(tx.raw_data.expiration) };
    },

    async broadcast(prepared) {
      const answer = await api.post<{ result?: boolean; code?: string; message?: string }>(
        "/wallet/broadcasttransaction",
        JSON.parse(prepared.payload),
      );
      // A duplicate means the network already has this very transaction: a re-send after a crash.
      if (answer.result === true || answer.code === "DUP_TRANSACTION_ERROR") return;
      throw new TransferRejected(`${answer.code ?? "REFUSED"}: ${decodeMessage(answer.message)}`);
    },
  };
}

/** Refuses to sign anything but the transfer we asked for. */
function checkBuiltTransfer(
  tx: UnsignedTransaction,
  expected: { owner: string; contract: string; data: string; now: Date },
): void {
  const digest = createHash("sha256")
    .update(Buffer.from(tx.raw_data_hex ?? "", "hex"))
    .digest("hex");
  if (!/^[0-9a-f]{64}$/.test(tx.txID ?? "") || digest !== tx.txID) {
    throw new TransferRejected("the node's transaction does not hash to its id; not signing it");
  }
  const value = tx.raw_data?.contract?.[0]?.parameter?.value;
  if (
    tx.raw_data.contract.length !== 1 ||
    value?.owner_address !== expected.owner ||
    value.contract_address !== expected.contract ||
    value.data?.toLowerCase() !== expected.data.toLowerCase()
  ) {
    throw new TransferRejected("the node built a different transfer than asked; not signing it");
  }
  if (!(tx.raw_data.expiration > expected.now.getTime())) {
    throw new TransferRejected("the node's transaction has already expired; not signing it");
  }
  // The signed bytes must say what raw_data says: our call data and contract must be in them.
  const raw = tx.raw_data_hex.toLowerCase();
  const ours = [
    expected.data,
    addressWord(expected.contract).slice(24),
    addressWord(expected.owner).slice(24),
  ];
  if (!ours.every((part) => raw.includes(part.toLowerCase()))) {
    throw new TransferRejected("the node's signed bytes do not carry our transfer; not signing it");
  }
}
