/**
 * Reads a solidified transaction's info (POST /walletsolidity/gettransactioninfobyid) into an outcome. Only
 * Transfer logs of our contract count; a log's index is its position among all the transaction's logs, so it
 * stays the same whatever other contracts logged, and (transaction id, log index) names one credit forever.
 */
import { ChainUnavailable, type TransactionOutcome, type TransferLog } from "../gateway.ts";
import { addressFromWord, TRANSFER_TOPIC, uintFromHex } from "./abi.ts";
import type { Answer } from "./trongrid-client.ts";

/** TRON puts human-readable messages hex-encoded in its answers. */
export function decodeNodeMessage(message: unknown): string {
  if (typeof message !== "string") return "";
  return /^([0-9a-fA-F]{2})+$/.test(message) ? Buffer.from(message, "hex").toString("utf8") : message;
}

/** The outcome of a transaction the solidified node knows (`info.id` present). */
export function outcomeFromInfo(txId: string, info: Answer, contractHex20: string): TransactionOutcome {
  if (info.id !== txId)
    throw new ChainUnavailable(`the node answered about another transaction than ${txId}`);
  const receipt = typeof info.receipt === "object" && info.receipt !== null ? info.receipt : {};
  const receiptResult = "result" in receipt ? receipt.result : undefined;
  if (info.result === "FAILED" || (receiptResult !== undefined && receiptResult !== "SUCCESS")) {
    const code = typeof receiptResult === "string" ? receiptResult : "FAILED";
    const message = decodeNodeMessage(info.resMessage);
    return { status: "failed", reason: message ? `${code}: ${message}` : code };
  }
  const { blockNumber, blockTimeStamp } = info;
  if (typeof blockNumber !== "number" || typeof blockTimeStamp !== "number") {
    throw new ChainUnavailable(`the node's info on ${txId} has no block`);
  }
  const logs: TransferLog[] = [];
  (Array.isArray(info.log) ? (info.log as unknown[]) : []).forEach((entry, logIndex) => {
    if (typeof entry !== "object" || entry === null) return;
    const log = entry as { address?: unknown; topics?: unknown; data?: unknown };
    if (typeof log.address !== "string" || !Array.isArray(log.topics)) return;
    // Logs name the contract by its 20 bytes; accept the 41-prefixed form too.
    const address = log.address.toLowerCase().replace(/^41(?=[0-9a-f]{40}$)/, "");
    if (address !== contractHex20 || String(log.topics[0]).toLowerCase() !== TRANSFER_TOPIC) return;
    const from = addressFromWord(log.topics[1]);
    const to = addressFromWord(log.topics[2]);
    const amountMicro = uintFromHex(log.data);
    if (!from || !to || amountMicro === null) return;
    logs.push({ logIndex, from, to, amountMicro });
  });
  return { status: "confirmed", blockNumber, at: new Date(blockTimeStamp), logs };
}
