/**
 * Keys and addresses of the platform's HD wallet (docs/design.md §6): BIP-39 seed, BIP-32 path
 * m/44'/195'/0'/0/{index} (195 is TRON's coin type). Index 0 is the treasury hot wallet that sends
 * withdrawals; users get 1, 2, … in the order they generate. Private keys are derived when a signature is
 * needed and never stored.
 */

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { encodeTronAddress, TRON_ADDRESS_PREFIX } from "#contracts/tron-address.ts";

export const HOT_WALLET_INDEX = 0;
const TRON_ACCOUNT_PATH = "m/44'/195'/0'/0";

/** The address of a secp256k1 private key: keccak-256 of the 64-byte public key, last 20 bytes, 0x41 prefix. */
export function addressFromPrivateKey(privateKey: Uint8Array): string {
  const publicKey = secp256k1.getPublicKey(privateKey, false).subarray(1);
  const hash = keccak_256(publicKey);
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_ADDRESS_PREFIX;
  bytes.set(hash.subarray(12), 1);
  return encodeTronAddress(bytes);
}

/** The address that made a TRON signature (r ‖ s ‖ v) over a transaction id, or null if it is malformed. */
export function recoverSignerAddress(txId: Uint8Array, signature: Uint8Array): string | null {
  if (signature.length !== 65 || txId.length !== 32) return null;
  const v = signature[64] ?? 0;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const recovered = new Uint8Array(65);
    recovered[0] = recovery;
    recovered.set(signature.subarray(0, 64), 1);
    const publicKey = secp256k1.recoverPublicKey(recovered, txId, { prehash: false });
    const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
    const bytes = new Uint8Array(21);
    bytes[0] = TRON_ADDRESS_PREFIX;
    bytes.set(keccak_256(uncompressed.subarray(1)).subarray(12), 1);
    return encodeTronAddress(bytes);
  } catch {
    return null;
  }
}

export interface HdWallet {
  /** The deposit address at an index (no private key leaves this module). */
  addressAt(index: number): string;
  /** Signs a 32-byte transaction id with the key at an index: 65 bytes r ‖ s ‖ v, as TRON expects. */
  signAt(index: number, txId: Uint8Array): Uint8Array;
}

export function createHdWallet(mnemonic: string): HdWallet {
  const account = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(TRON_ACCOUNT_PATH);
  const keyAt = (index: number): Uint8Array => {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31)
      throw new RangeError(`bad HD index ${index}`);
    const key = account.deriveChild(index).privateKey;
    if (!key) throw new Error(`no private key at index ${index}`);
    return key;
  };
  const addresses = new Map<number, string>();
  return {
    addressAt(index) {
      let address = addresses.get(index);
      if (!address) {
        address = addressFromPrivateKey(keyAt(index));
        addresses.set(index, address);
      }
      return address;
    },
    signAt(index, txId) {
      if (txId.length !== 32) throw new RangeError("a TRON transaction id is 32 bytes");
      const key = keyAt(index);
      try {
        // TRON signs the id itself (already a sha256), not a hash of it. noble puts the recovery id first;
        // TRON wants r ‖ s ‖ v with v = 27 + recovery id, as TronWeb sends it.
        const recovered = secp256k1.sign(txId, key, { prehash: false, format: "recovered" });
        const signature = new Uint8Array(65);
        signature.set(recovered.subarray(1), 0);
        signature[64] = 27 + (recovered[0] ?? 0);
        return signature;
      } finally {
        key.fill(0);
      }
    },
  };
}
