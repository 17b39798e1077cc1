/**
 * Where the HD wallet's words come from: WALLET_MNEMONIC, or in local mode a file in the data directory,
 * generated on first start with mode 0600 (owner read/write only). Created with O_EXCL, so two processes
 * starting together end up with the same words.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateMnemonic, validateMnemonic } from "@scure/bip39";
import { wordlist as english } from "@scure/bip39/wordlists/english.js";
import type { Config } from "../config.ts";

export const MNEMONIC_FILE = "wallet-mnemonic.txt";

export function loadWalletMnemonic(
  config: Config,
  log: { warn(object: unknown, message?: string): void },
): string {
  if (config.walletMnemonic) return config.walletMnemonic;
  if (config.chain !== "local") throw new Error("WALLET_MNEMONIC is required when CHAIN=tron");
  const file = path.join(config.dataDir, MNEMONIC_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${generateMnemonic(english, 256)}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  if ((statSync(file).mode & 0o077) !== 0) {
    log.warn({ file }, "the wallet mnemonic file was readable by others; setting it to mode 0600");
    chmodSync(file, 0o600);
  }
  const words = readFileSync(file, "utf8").trim().split(/\s+/).join(" ");
  if (!validateMnemonic(words, english)) {
    throw new Error(
      `${file} does not hold valid BIP-39 words; restore it from your backup or set WALLET_MNEMONIC`,
    );
  }
  return words;
}
