/**
 * Liveness and readiness (docs/decisions/030): /api/health only says the process answers; /api/ready asks the
 * database, reports the chain, and answers 503 from the moment the instance is told to stop while every other
 * request is still served, until the app closes.
 */
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ChainUnavailable } from "#server/chain/gateway.ts";
import type { Database } from "#server/db/schema.ts";
import { checkReadiness } from "#server/domain/operations/readiness.ts";
import { AppError } from "#server/errors.ts";
import { describeError } from "#server/plugins/errors.ts";
import { drainAndClose } from "#server/shutdown.ts";
import { errorBody, setupTestApp, testEngine } from "./helpers/test-app.ts";

const t = setupTestApp();

const ready = (app = t.app) => app.inject({ url: "/api/ready" });

describe("GET /api/ready", () => {
  it("is ready when the database answers, and reports the chain gateway's probe", async () => {
    const first = await ready();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: "ready", db: "ok" });
    // The first probe starts with the first question and is not waited for (a balancer's check is short).
    await t.app.ctx.chainProbe.fresh();
    expect((await ready()).json()).toEqual({ status: "ready", db: "ok", chain: "ok" });
  });

  it("says the chain is unavailable but stays ready: every instance shares the chain", async () => {
    const chain = t.app.ctx.chain;
    const app = await t.buildAnother({
      chain: () => ({
        ...chain,
        tokenBalanceMicro: async () => {
          throw new ChainUnavailable("TronGrid answered 503");
        },
      }),
    });
    expect(await app.ctx.chainProbe.fresh()).toBe("unavailable");
    const res = await ready(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", db: "ok", chain: "unavailable" });
  });

  it("answers 503 DATABASE_UNAVAILABLE when the database does not answer", async () => {
    // A pool aimed at a port nothing listens on: every query fails as a lost database would.
    const lost = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none", max: 1 }),
      }),
    });
    try {
      // The domain names the failure; its status is the one table's (server/errors.ts).
      const failure = await checkReadiness({ ...t.app.ctx, db: lost }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(AppError);
      expect(describeError(failure)).toEqual({
        status: 503,
        code: "DATABASE_UNAVAILABLE",
        message: "This instance cannot reach its database.",
      });
    } finally {
      await lost.destroy();
    }
  });
});

describe("draining", () => {
  it("fails readiness at once while health and every other route still answer, then closes", async () => {
    const app = await t.buildAnother();
    expect((await ready(app)).statusCode).toBe(200);
    const stopped = drainAndClose(app, { drainMs: 400, reason: "test" });
    const during = await ready(app);
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual(
      errorBody("DRAINING", "This instance is shutting down. Send requests to another one."),
    );
    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok", db: testEngine(), chain: "local" });
    const signup = await app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "drain@example.com", password: "correct horse battery", name: "Drain" },
    });
    expect(signup.statusCode).toBe(201);
    const started = Date.now();
    await stopped;
    expect(Date.now() - started).toBeLessThan(2_000);
    // Closed: nothing is answered any more.
    await expect(app.inject({ url: "/api/health" })).rejects.toThrow(/closed/);
  });

  it("a drain of 0 (one instance, no balancer) fails readiness and closes at once", async () => {
    const app = await t.buildAnother();
    const started = Date.now();
    const stopped = drainAndClose(app, { drainMs: 0, reason: "test" });
    expect(app.ctx.lifecycle.draining).toBe(true);
    await stopped;
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(ready(app)).rejects.toThrow(/closed/);
  });
});
