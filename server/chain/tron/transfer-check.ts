/**
 * What the hot wallet checks before it signs a transaction the node built. The signature covers the id, the id
 * is sha256 of raw_data_hex, and a node can broadcast those bytes whatever its raw_data JSON says, so the
 * check reads the bytes themselves (raw-transaction.ts) and also wants the JSON to say the same, because the
 * JSON is what a broadcast sends. A lying or broken node gets nothing signed; it can only make us refuse.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { tronAddressToHex } from "#contracts/tron-address.ts";
import { TransferRejected } from "../gateway.ts";
import { decodeTriggerRaw, type TriggerRaw } from "./raw-transaction.ts";

/** An unsigned transaction as triggersmartcontract answers it with visible: true. */
export interface UnsignedTransaction {
  txID: string;
  raw_data: {
    contract: { parameter: { value: Record<string, unknown>; type_url?: string }; type?: string }[];
    expiration: number;
    [field: string]: unknown;
  };
  raw_data_hex: string;
  visible?: boolean;
}

export interface ExpectedTransfer {
  /** Base58 addresses. */
  owner: string;
  contract: string;
  /** The call data we built: selector and arguments, hex. */
  data: string;
  feeLimitSun: number;
  now: Date;
}

function refuse(why: string): never {
  throw new TransferRejected(`${why}; not signing it`);
}

/** The decoded transfer when `tx` is exactly the one expected; TransferRejected otherwise. */
export function checkBuiltTransfer(candidate: unknown, expected: ExpectedTransfer): TriggerRaw {
  const tx = candidate as Partial<UnsignedTransaction> | undefined;
  if (typeof tx?.txID !== "string" || !/^[0-9a-f]{64}$/.test(tx.txID))
    refuse("the node sent no transaction id");
  if (typeof tx?.raw_data_hex !== "string" || !/^([0-9a-f]{2})+$/i.test(tx.raw_data_hex)) {
    refuse("the node sent no raw transaction bytes");
  }
  const { txID, raw_data_hex: rawHex } = tx as UnsignedTransaction;
  if (bytesToHex(sha256(hexToBytes(rawHex))) !== txID)
    refuse("the node's transaction does not hash to its id");

  let raw: TriggerRaw;
  try {
    raw = decodeTriggerRaw(rawHex);
  } catch (err) {
    return refuse(`the node's transaction bytes are not a plain contract call (${(err as Error).message})`);
  }
  const ownerHex = tronAddressToHex(expected.owner);
  const contractHex = tronAddressToHex(expected.contract);
  if (raw.owner !== ownerHex) refuse("the node's transaction spends from another address");
  if (raw.contract !== contractHex) refuse("the node's transaction calls another contract");
  if (raw.data !== expected.data.toLowerCase()) refuse("the node's transaction makes another call");
  if (raw.feeLimit > expected.feeLimitSun) refuse("the node's transaction allows a higher fee");
  if (raw.expiration <= expected.now.getTime()) refuse("the node's transaction has already expired");

  // The JSON must tell the same story, or an honest node would rebuild other bytes and refuse our signature.
  const json = tx?.raw_data;
  const contracts = Array.isArray(json?.contract) ? json.contract : [];
  const value = contracts[0]?.parameter?.value;
  if (
    contracts.length !== 1 ||
    value?.owner_address !== expected.owner ||
    value.contract_address !== expected.contract ||
    typeof value.data !== "string" ||
    value.data.toLowerCase() !== raw.data ||
    json?.expiration !== raw.expiration
  ) {
    refuse("the node's transaction JSON does not match its bytes");
  }
  return raw;
}
