/** TRON keys and addresses (DESIGN.md §6): the published vectors, the HD path, signatures, and checksums. */
import { describe, expect, it } from "vitest";
import { addressFromPrivateKey, createHdWallet, recoverSignerAddress } from "#server/chain/keys.ts";
import {
  decodeTronAddress,
  isTronAddress,
  shortTronAddress,
  tronAddressFromHex,
  tronAddressToHex,
} from "#src/api/contracts/tron-address.ts";
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

  it("fails the checksum on every one-character change of a valid address", () => {
    const address = "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC";
    let tried = 0;
    for (let i = 1; i < address.length; i++) {
      for (const replacement of [
        BASE58[(BASE58.indexOf(address[i] ?? "1") + 1) % 58],
        BASE58[(BASE58.indexOf(address[i] ?? "1") + 29) % 58],
      ]) {
        const flipped = `${address.slice(0, i)}${replacement}${address.slice(i + 1)}`;
        expect(isTronAddress(flipped), flipped).toBe(false);
        tried++;
      }
    }
    expect(tried).toBe(66);
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
  it("signs a transaction id so that it recovers to the signer's address, as a TRON node checks", () => {
    const wallet = createHdWallet(TEST_MNEMONIC);
    const txId = new Uint8Array(32).map((_, i) => i * 7);
    const signature = wallet.signAt(3, txId);
    expect(signature).toHaveLength(65);
    expect([27, 28]).toContain(signature[64]);
    expect(recoverSignerAddress(txId, signature)).toBe(wallet.addressAt(3));
    const other = txId.slice();
    other[0] = 255;
    expect(recoverSignerAddress(other, signature)).not.toBe(wallet.addressAt(3));
    expect(recoverSignerAddress(txId, new Uint8Array(65))).toBeNull();
  });
});
