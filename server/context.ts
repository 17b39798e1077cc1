/**
 * What the running app hands its routes and jobs: every resource the domain may use (server/domain/deps.ts,
 * where each member is described), plus the database engine and the whole configuration. Passed explicitly
 * (no globals) so tests can build one with a fake clock or mailer. server/plugins/app-context.ts composes it
 * from what each plugin opened; domain functions take only the part they use.
 */
import type { Config } from "./config.ts";
import type { DatabaseEngine } from "./db/database.ts";
import type { Deps } from "./domain/deps.ts";

export interface AppContext extends Deps {
  engine: DatabaseEngine;
  config: Config;
}
