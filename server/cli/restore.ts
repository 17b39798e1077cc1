/**
 * `npm run restore -- <file>`: the backup, checked whole, restored into the empty database the settings name
 * (docs/ops/runbook.md, "Restore"). Then says which seed the copy needs and whether the one configured is it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreDatabase } from "../backup/restore.ts";
import { createHdWallet, HOT_WALLET_INDEX } from "../chain/keys.ts";
import { MNEMONIC_FILE } from "../chain/mnemonic.ts";
import type { Config } from "../config.ts";
import { SETTINGS } from "../settings.ts";
import { CommandFailed, commandConfig, runCommand } from "./command-database.ts";

/** The hot wallet of the seed the server would use here, or null when none is configured yet. */
function configuredHotWallet(config: Config): string | null {
  const fromEnv = SETTINGS.walletMnemonic.parse(process.env.WALLET_MNEMONIC?.trim() || undefined, {
    chain: "local",
  });
  const file = path.join(config.dataDir, MNEMONIC_FILE);
  const words =
    fromEnv ?? (existsSync(file) ? readFileSync(file, "utf8").trim().split(/\s+/).join(" ") : null);
  return words ? createHdWallet(words).addressAt(HOT_WALLET_INDEX) : null;
}

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new CommandFailed("Usage: npm run restore -- <file>");
  const config = commandConfig({ skip: ["walletMnemonic", "adminPassword"] });
  const manifest = await restoreDatabase(config, file);
  const target = config.databaseUrl === null ? path.resolve(config.dataDir) : "the database in DATABASE_URL";
  console.log(
    `Restored the backup of ${manifest.createdAt} (schema ${manifest.schema ?? "(none)"}) into ${target}.`,
  );
  const expected = manifest.hotWalletAddress;
  if (expected) {
    console.log(`This database belongs to the wallet seed whose hot wallet is ${expected}.`);
    const configured = configuredHotWallet(config);
    if (configured === expected) console.log("The seed configured here is that one: the server can start.");
    else if (configured) {
      console.log(
        `The seed configured here gives ${configured}: the server will refuse to start. Restore the words this ` +
          "database was created with (WALLET_MNEMONIC, or DATA_DIR/wallet-mnemonic.txt with mode 0600).",
      );
    } else {
      console.log(
        "Put that seed's words back before starting (WALLET_MNEMONIC, or DATA_DIR/wallet-mnemonic.txt with mode 0600).",
      );
    }
  }
  console.log("Then start the server and run npm run reconcile.");
  return 0;
}

runCommand(main);
