/**
 * The database: the handle the caller gives (the server and tests open, migrate and close their own), or one
 * this plugin opens, migrates and closes. Wrapped with fastify-plugin so `app.database` decorates the root:
 * the other resource plugins and the app context are built from it.
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface DatabaseOptions {
  config: Config;
  /** An open, migrated database the caller closes; without one the plugin opens (and closes) its own. */
  given?: DatabaseHandle;
}

const database: FastifyPluginAsync<DatabaseOptions> = async (app, { config, given }) => {
  if (given) {
    app.decorate("database", given);
    return;
  }
  const handle = await openDatabase(config);
  // Registered before anything else can fail, so a failed migration or start still closes it. Fastify runs
  // onClose hooks in the reverse order of registration: the first plugin registered, this one closes last.
  app.addHook("onClose", () => handle.close());
  await migrateToLatest(handle.db);
  app.decorate("database", handle);
};

export const databasePlugin = fp(database, { name: "database", fastify: "5.x" });
