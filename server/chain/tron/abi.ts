/** The few pieces of the TRC20 ABI a USDT transfer needs, in the hex forms the TRON HTTP API uses. */
import { tronAddressFromHex, tronAddressToHex } from "#contracts/tron-address.ts";

/** keccak-256("Transfer(address,address,uint256)"): topic 0 of every TRC20 Transfer log. */
export const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
export const TRANSFER_SELECTOR = "transfer(address,uint256)";
/** The 4-byte selector of transfer(address,uint256), first bytes of the call data. */
export const TRANSFER_METHOD_ID = "a9059cbb";

/** An address's 20 bytes in hex, without the 0x41 prefix: how logs name contracts. */
export const addressHex20 = (address: string) => tronAddressToHex(address).slice(2);

/** An address as an ABI word: its 20 bytes, left-padded to 32. */
export const addressWord = (address: string) => addressHex20(address).padStart(64, "0");

export const uintWord = (value: number | bigint) => BigInt(value).toString(16).padStart(64, "0");

/** The `parameter` of triggersmartcontract for transfer(to, amount). */
export const transferParameter = (to: string, amountMicro: number) => addressWord(to) + uintWord(amountMicro);

/** A uint256 in hex as a safe integer, or null (empty, not hex, or too large to be exact). */
export function uintFromHex(hex: unknown): number | null {
  if (typeof hex !== "string" || !/^(0x)?[0-9a-fA-F]{1,64}$/.test(hex)) return null;
  const value = BigInt(hex.startsWith("0x") ? hex : `0x${hex}`);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}

/** The address in an ABI word or log topic (its last 20 bytes), or null when it is not a 32-byte word. */
export function addressFromWord(word: unknown): string | null {
  if (typeof word !== "string" || !/^[0-9a-fA-F]{64}$/.test(word)) return null;
  return tronAddressFromHex(word.slice(-40));
}

/** The recipient and amount of transfer(address,uint256) call data, or null for any other call. */
export function decodeTransferData(data: string): { to: string; amount: bigint } | null {
  const match = /^a9059cbb([0-9a-f]{64})([0-9a-f]{64})$/.exec(data.toLowerCase());
  const to = addressFromWord(match?.[1]);
  return match?.[2] && to ? { to, amount: BigInt(`0x${match[2]}`) } : null;
}
