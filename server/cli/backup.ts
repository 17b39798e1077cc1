/**
 * `npm run backup -- <file>`: one compressed, checked backup of the database the server's settings name
 * (docs/ops/runbook.md, "Backups"). The wallet's words are never in it: back them up on their own.
 */
import { stat } from "node:fs/promises";
import { parseArgs } from "node:util";
import { backupDatabase } from "../backup/backup.ts";
import { CommandFailed, commandConfig, runCommand } from "./command-database.ts";

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new CommandFailed("Usage: npm run backup -- <file>");
  const config = commandConfig({ skip: ["walletMnemonic", "adminPassword"] });
  const manifest = await backupDatabase(config, file);
  const { size } = await stat(file);
  console.log(
    `Backed up the ${manifest.engine === "postgres" ? "PostgreSQL" : "embedded (PGlite)"} database to ${file}`,
  );
  console.log(
    `  ${size} bytes, dump SHA-256 ${manifest.payload.sha256}, schema ${manifest.schema ?? "(none)"}, by ${manifest.tool}`,
  );
  console.log(`  hot wallet: ${manifest.hotWalletAddress ?? "(none recorded)"}`);
  console.log(
    "  The wallet's words are not in it: keep WALLET_MNEMONIC (or DATA_DIR/wallet-mnemonic.txt) backed up apart.",
  );
  return 0;
}

runCommand(main);
