/** The few pieces of the TRC20 ABI a USDT transfer needs, in the hex forms the TRON HTTP API uses. */
import { tronAddressToHex } from "#src/api/contracts/tron-address.ts";

/** keccak-256("Transfer(address,address,uint256)"): topic 0 of every TRC20 Transfer log. */
export const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
export const TRANSFER_SELECTOR = "transfer(address,uint256)";
/** The 4-byte selector of transfer(address,uint256), first bytes of the call data. */
export const TRANSFER_METHOD_ID = "a9059cbb";

/** An address as an ABI word: its 20 bytes (no 0x41 prefix), left-padded to 32 bytes. */
export const addressWord = (address: string) => tronAddressToHex(address).slice(2).padStart(64, "0");

export const uintWord = (value: number) => BigInt(value).toString(16).padStart(64, "0");

/** The `parameter` of triggersmartcontract for transfer(to, amount). */
export const transferParameter = (to: string, amountMicro: number) => addressWord(to) + uintWord(amountMicro);

/** A uint256 in hex as a safe integer, or null (empty, not hex, or too large to be exact). */
export function uintFromHex(hex: string | undefined): number | null {
  if (!hex || !/^(0x)?[0-9a-fA-F]{1,64}$/.test(hex)) return null;
  const value = BigInt(hex.startsWith("0x") ? hex : `0x${hex}`);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}

/** The last 20 bytes of a 32-byte topic, as "41…" hex. */
export const topicAddressHex = (topic: string) => `41${topic.slice(-40)}`;
