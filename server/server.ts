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

const SHUTDOWN_GRACE_MS = 10_000;

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

/** Stops accepting requests, lets in-flight ones finish, closes the database. A second signal exits at once. */
async function stop(signal: string): Promise<void> {
  if (stopping) {
    console.error(`${signal} again: exiting without waiting.`);
    process.exit(1);
  }
  stopping = true;
  // Still starting (e.g. PGlite initialising its folder): main() notices `stopping` and closes what it opened.
  if (!app) return;
  const drainSeconds = app.ctx.config.drainSeconds;
  if (drainSeconds > 0) {
    // Behind a load balancer: fail its health checks first and keep serving until it has noticed.
    app.ctx.lifecycle.draining = true;
    app.log.info({ signal, drainSeconds }, "draining: health checks now fail");
    await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
  }
  app.log.info({ signal }, "shutting down: finishing in-flight requests");
  const forceExit = setTimeout(() => {
    console.error(`Shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s; exiting anyway.`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forceExit.unref();
  // A keep-alive connection whose request finishes during the shutdown would otherwise stay open for the
  // keep-alive timeout; close each one as soon as it is idle.
  const server = app.server;
  const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
  try {
    await app.close();
    await database?.close();
    dataDirLock?.release();
    process.exitCode = 0;
  } catch (err) {
    app.log.error({ err }, "error while shutting down");
    process.exitCode = 1;
  } finally {
    clearInterval(closeIdle);
    clearTimeout(forceExit);
  }
}

async function main(): Promise<void> {
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

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
  const instance = await buildApp({ config, db: database, chainWorker: true });
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
