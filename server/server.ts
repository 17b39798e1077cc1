/**
 * The process entry point: configuration, database, first admin, listen; on SIGTERM/SIGINT finish in-flight
 * requests, close the database and exit.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { HOT_WALLET_INDEX } from "./chain/keys.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { DataDirInUse, type DataDirLock, lockDataDir } from "./db/data-dir-lock.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { type BootstrapResult, ensureAdmin } from "./domain/auth/bootstrap-admin.ts";
import { drainAndClose, SHUTDOWN_LIMIT_MS } from "./shutdown.ts";
import { stopRequests } from "./stop-requests.ts";

let database: DatabaseHandle | undefined;
let app: FastifyInstance | undefined;
let stopping = false;
let dataDirLock: DataDirLock | null = null;

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/**
 * Fails readiness at once, keeps serving for SHUTDOWN_DRAIN_SECONDS, finishes in-flight requests, closes the
 * database; all within 10 s (server/shutdown.ts). Called once: echoes of the same signal are dropped before.
 */
async function stop(signal: string): Promise<void> {
  stopping = true;
  // Still starting (e.g. PGlite initialising its folder): main() notices `stopping` and closes what it opened.
  if (!app) return;
  try {
    await drainAndClose(app, {
      drainMs: app.ctx.config.drainSeconds * 1000,
      reason: signal,
      onOverrun: () => {
        console.error(`Shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting anyway.`);
        process.exit(1);
      },
      afterClose: async () => {
        await database?.close();
        dataDirLock?.release();
      },
    });
    process.exitCode = 0;
  } catch (err) {
    app.log.error({ err }, "error while shutting down");
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  // One stop may arrive as several signals at once (server/stop-requests.ts); only a later one forces the exit.
  const onStopSignal = stopRequests({
    stop: (signal) => void stop(signal),
    force: (signal) => {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    },
  });
  process.on("SIGTERM", () => onStopSignal("SIGTERM"));
  process.on("SIGINT", () => onStopSignal("SIGINT"));

  const config = loadConfigOrExit();
  // Before anything opens the folder: a second process over one PGlite folder would corrupt it.
  dataDirLock = config.databaseUrl === null ? lockDataDir(config.dataDir) : null;
  database = await openDatabase(config);
  await migrateToLatest(database.db);
  const admin = await ensureAdmin({
    db: database.db,
    clock: () => new Date(),
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  });
  const instance = await buildApp({ config, db: database, runBackgroundJobs: true });
  if (stopping) {
    // The generated password is never shown again, so print it even when stopped during start-up.
    printAdmin(admin);
    await instance.close();
    await database.close();
    dataDirLock?.release();
    return;
  }
  app = instance;
  await app.listen({ host: config.host, port: config.port });
  console.log(`TapRewards is running at http://localhost:${config.port}`);
  console.log(
    `Chain: ${config.chain}; hot wallet (sends withdrawals): ${app.ctx.wallet.addressAt(HOT_WALLET_INDEX)}`,
  );
  // Whether the token is set, never the token itself.
  console.log(
    `Telegram Mini App sign-in: ${config.telegramBotToken ? "on" : "off (TELEGRAM_BOT_TOKEN unset)"}`,
  );
  printAdmin(admin);
}

function printAdmin(admin: BootstrapResult): void {
  if (!admin.created) return;
  console.log(`First admin account: ${admin.email}`);
  console.log(
    admin.passwordGenerated
      ? `Generated admin password (shown only this once, write it down): ${admin.password}`
      : "Admin password: the one in ADMIN_PASSWORD.",
  );
}

main().catch((err: unknown) => {
  if (err instanceof DataDirInUse) {
    console.error(`TapRewards could not start: ${err.message}`);
    process.exit(1);
  }
  console.error("TapRewards could not start:", err instanceof Error ? err.message : err);
  if (err instanceof Error && err.cause) console.error("Cause:", err.cause);
  process.exit(1);
});
