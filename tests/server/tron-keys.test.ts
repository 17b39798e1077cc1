/**
 * TRON keys and addresses (docs/design.md §6): the published vectors, the HD path, signatures, and checksums.
 */
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, concatBytes, hexToBytes } from "@noble/hashes/utils.js";
import { createBase58check } from "@scure/base";
import { describe, expect, it } from "vitest";
import {
  decodeTronAddress,
  isTronAddress,
  shortTronAddress,
  tronAddressFromHex,
  tronAddressToHex,
} from "#contracts/tron-address.ts";
import { addressFromPrivateKey, createHdWallet, recoverSignerAddress } from "#server/chain/keys.ts";
import { TEST_MNEMONIC } from "./helpers/test-app.ts";

const keyOf = (n: number) => {
  const key = new Uint8Array(32);
  key[31] = n;
  return key;
};
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

describe("TRON addresses", () => {
  it("derives the published addresses of private keys 1 and 2", () => {
    expect(addressFromPrivateKey(keyOf(1))).toBe("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC");
    expect(addressFromPrivateKey(keyOf(2))).toBe("TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K");
  });

  it("follows m/44'/195'/0'/0/{index} from the seed (the BIP-39 test words give the known first address)", () => {
    const wallet = createHdWallet(TEST_MNEMONIC);
    expect(wallet.addressAt(0)).toBe("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH");
    const addresses = new Set(Array.from({ length: 20 }, (_, i) => wallet.addressAt(i)));
    expect(addresses.size).toBe(20);
    for (const address of addresses) expect(isTronAddress(address)).toBe(true);
  });

  it("fails on every one-character change of a valid address, at every position, to every other character", () => {
    for (const address of ["TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH"]) {
      expect(isTronAddress(address)).toBe(true);
      let tried = 0;
      for (let i = 0; i < address.length; i++) {
        for (const replacement of BASE58) {
          if (replacement === address[i]) continue;
          const flipped = `${address.slice(0, i)}${replacement}${address.slice(i + 1)}`;
          if (isTronAddress(flipped)) expect.fail(`${flipped} passed`);
          tried++;
        }
      }
      expect(tried).toBe(34 * 57);
    }
  });

  it("refuses other shapes: prefix, length, characters outside base58, EVM hex", () => {
    for (const bad of [
      "",
      "AMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC",
      "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2H",
      "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HCC",
      "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK20C",
      "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHKOHC",
      "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHKIHC",
      "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHKlHC",
      "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf",
      " TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC",
    ]) {
      expect(isTronAddress(bad), JSON.stringify(bad)).toBe(false);
    }
    // Checksums that are right but around the wrong bytes: another prefix (0xa0 was TRON's old testnet),
    // 20 or 22 bytes.
    const body = hexToBytes("7e5f4552091a69125d5dfcb7b8c2659029395bdf");
    const checked = createBase58check(sha256);
    for (const bytes of [
      concatBytes(Uint8Array.of(0xa0), body),
      concatBytes(Uint8Array.of(0x42), body),
      body,
      concatBytes(Uint8Array.of(0x41), body, Uint8Array.of(0)),
    ]) {
      const text = checked.encode(bytes);
      expect(isTronAddress(text), text).toBe(false);
    }
    expect(isTronAddress(checked.encode(concatBytes(Uint8Array.of(0x41), body)))).toBe(true);
    expect(decodeTronAddress("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC")?.[0]).toBe(0x41);
  });

  it("converts to and from the hex forms of the API, and shortens as the spec shows", () => {
    const hex = tronAddressToHex("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC");
    // Private key 1's Ethereum address is 0x7e5f…5bdf; TRON's is the same 20 bytes after 0x41.
    expect(hex).toBe("417e5f4552091a69125d5dfcb7b8c2659029395bdf");
    expect(tronAddressFromHex(hex)).toBe("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC");
    expect(tronAddressFromHex("0x7e5f4552091a69125d5dfcb7b8c2659029395bdf")).toBe(
      "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC",
    );
    expect(() => tronAddressFromHex("42".padEnd(42, "0"))).toThrow(RangeError);
    expect(shortTronAddress("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC")).toBe("TMVQGm...K2HC");
  });
});

describe("signatures", () => {
  it("signs a transaction id so that noble recovers the signer's public key from (r, s, v - 27)", () => {
    const wallet = createHdWallet(TEST_MNEMONIC);
    for (const index of [0, 3, 1000]) {
      const txId = sha256(new TextEncoder().encode(`transaction ${index}`));
      const signature = wallet.signAt(index, txId);
      expect(signature).toHaveLength(65);
      const v = signature[64] ?? 0;
      expect([27, 28]).toContain(v);
      // Recovered here with noble directly, not with keys.ts, so a shared mistake cannot hide.
      const publicKey = secp256k1.Signature.fromBytes(signature.subarray(0, 64), "compact")
        .addRecoveryBit(v - 27)
        .recoverPublicKey(txId);
      const hash = keccak_256(publicKey.toBytes(false).subarray(1));
      expect(tronAddressFromHex(bytesToHex(hash.subarray(12)))).toBe(wallet.addressAt(index));
      expect(secp256k1.verify(signature.subarray(0, 64), txId, publicKey.toBytes(), { prehash: false })).toBe(
        true,
      );
      expect(recoverSignerAddress(txId, signature)).toBe(wallet.addressAt(index));
      const other = txId.slice();
      other[0] = (other[0] ?? 0) ^ 1;
      expect(recoverSignerAddress(other, signature)).not.toBe(wallet.addressAt(index));
    }
    expect(recoverSignerAddress(new Uint8Array(32), new Uint8Array(65))).toBeNull();
    expect(() => wallet.signAt(0, new Uint8Array(31))).toThrow(RangeError);
  });
});
