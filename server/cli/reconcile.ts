/**
 * `npm run reconcile [-- --json]`: the books against themselves and against the chain, with the server's
 * settings (docs/ops/runbook.md, "Reconciliation"). Prints the report; exits 0 when everything agrees, 1 on
 * any difference, 2 when it could not run. Needs no wallet words: it only reads the chain. The run is recorded,
 * so /api/metrics shows it like the hourly one.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { createChainGateway } from "../chain/setup.ts";
import { watchOnlyWallet } from "../chain/watch-only-wallet.ts";
import { systemClock } from "../clock.ts";
import { openDatabase } from "../db/database.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { findHotWalletAddress } from "../db/repos/chain.repo.ts";
import { formatReconcileReport } from "../domain/operations/reconcile-report.ts";
import { reconcileAndRecord } from "../domain/operations/reconcile-worker.ts";
import {
  CommandFailed,
  commandConfig,
  isEmptyFolder,
  lockForCommand,
  pgliteFolder,
  runCommand,
} from "./command-database.ts";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { json: { type: "boolean", default: false } }, strict: true });
  const config = commandConfig({ skip: ["walletMnemonic", "adminPassword"] });
  const lock = config.databaseUrl === null ? lockForCommand(config, "reconcile") : null;
  try {
    if (config.databaseUrl === null && isEmptyFolder(pgliteFolder(config))) {
      throw new CommandFailed(
        `There is no database in ${path.resolve(pgliteFolder(config))}: nothing to reconcile.`,
      );
    }
    const database = await openDatabase(config);
    try {
      const pending = await pendingMigrations(database.db);
      if (pending.length > 0) {
        throw new CommandFailed(
          `This database lacks migrations ${pending.join(", ")}: start the server on it once (it migrates), then reconcile.`,
        );
      }
      const hotWallet = await findHotWalletAddress(database.db);
      if (!hotWallet)
        throw new CommandFailed("No hot wallet is recorded: this database was never started by a server.");
      const chain = await createChainGateway({
        config,
        db: database.db,
        clock: systemClock,
        wallet: watchOnlyWallet(hotWallet),
      });
      const report = await reconcileAndRecord({ db: database.db, chain, clock: systemClock }, "command");
      console.log(values.json ? JSON.stringify(report, null, 2) : formatReconcileReport(report));
      return report.differences === 0 ? 0 : 1;
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

runCommand(main);
