/**
 * TRON addresses (docs/design.md §6), shared by the server and the browser: a base58check string of 21 bytes,
 * the 0x41 network prefix followed by the last 20 bytes of keccak-256 of the uncompressed public key.
 * Validation decodes and checks the 4-byte checksum, so a one-character typo is caught before any money
 * moves.
 */

import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check, hex as hexCodec } from "@scure/base";

const base58check = createBase58check(sha256);
/** Every mainnet and Nile address starts with this byte (and so with "T" in base58). */
export const TRON_ADDRESS_PREFIX = 0x41;
const ADDRESS_BYTES = 21;

/** The 21 address bytes of a base58check address, or null when it is not a valid TRON address. */
export function decodeTronAddress(address: string): Uint8Array | null {
  if (typeof address !== "string" || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return null;
  try {
    const bytes = base58check.decode(address);
    return bytes.length === ADDRESS_BYTES && bytes[0] === TRON_ADDRESS_PREFIX ? bytes : null;
  } catch {
    return null;
  }
}

export function isTronAddress(address: string): boolean {
  return decodeTronAddress(address) !== null;
}

/** 21 address bytes (0x41 + 20) as the base58check text. */
export function encodeTronAddress(bytes: Uint8Array): string {
  if (bytes.length !== ADDRESS_BYTES || bytes[0] !== TRON_ADDRESS_PREFIX) {
    throw new RangeError("a TRON address is 21 bytes starting with 0x41");
  }
  return base58check.encode(bytes);
}

/** The hex form the TRON HTTP API uses ("41" + 40 hex digits). */
export function tronAddressToHex(address: string): string {
  const bytes = decodeTronAddress(address);
  if (!bytes) throw new RangeError(`not a TRON address: ${address}`);
  return hexCodec.encode(bytes);
}

/** Accepts "41…" (42 hex digits) or the 20-byte EVM form (40 hex digits, with or without 0x). */
export function tronAddressFromHex(value: string): string {
  const digits = value.toLowerCase().replace(/^0x/, "");
  const full = digits.length === 40 ? `41${digits}` : digits;
  if (!/^41[0-9a-f]{40}$/.test(full)) throw new RangeError(`not a TRON hex address: ${value}`);
  return encodeTronAddress(hexCodec.decode(full));
}

/** Addresses are shown as the first 6 and last 4 characters (docs/product.md §9). */
export function shortTronAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 6)}...${address.slice(-4)}` : address;
}
