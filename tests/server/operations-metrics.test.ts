/**
 * GET /api/metrics (docs/decisions/030): only for the scraper's token, in Prometheus's text format, with every
 * family the runbook's alerts and dashboard use, labelled by route pattern, and with figures that agree with
 * the database.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import { startChainWorker } from "#server/plugins/jobs.ts";
import { openStream } from "./helpers/live.ts";
import { type Family, parsePrometheusText, sampleValue } from "./helpers/prometheus-text.ts";
import { fundViaDevnet, sessionCaller, syncTaps } from "./helpers/rewards.ts";
import { bearer, errorBody, setupTestApp, signUpAndLogIn, testEngine } from "./helpers/test-app.ts";

const TOKEN = "scrape-token-0123456789";
const t = setupTestApp({ config: { metricsToken: TOKEN, chainPollIntervalMs: 50 } });

const scrape = async () => {
  const res = await t.app.inject({ url: "/api/metrics", headers: bearer(TOKEN) });
  expect(res.statusCode, res.body).toBe(200);
  return { res, families: parsePrometheusText(res.body) };
};

const family = (families: Map<string, Family>, name: string) => {
  const found = families.get(name);
  if (!found) throw new Error(`no family ${name}`);
  return found;
};

describe("who may read /api/metrics", () => {
  it("answers 404 (like an address nothing lives at) while METRICS_TOKEN is unset, even to a token", async () => {
    const app = await t.buildAnother({ config: { metricsToken: null } });
    const unknown = await app.inject({ url: "/api/nothing-here" });
    for (const headers of [{}, bearer(TOKEN)]) {
      const res = await app.inject({ url: "/api/metrics", headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
  });

  it("answers 401 with the error envelope to no token, a wrong one, one of another length or scheme", async () => {
    for (const authorization of [
      undefined,
      "Bearer",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}X`,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN} extra`,
    ]) {
      const res = await t.app.inject({
        url: "/api/metrics",
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual(
        errorBody("UNAUTHORIZED", "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>."),
      );
    }
  });

  it("answers 200 in Prometheus's text format to the token", async () => {
    const { res } = await scrape();
    expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("what /api/metrics says", () => {
  it("counts HTTP requests by route pattern and status, with a latency histogram, never by raw URL", async () => {
    const player = sessionCaller(await signUpAndLogIn(t.app));
    await t.app.inject({ url: `/api/user/${player.id}/points`, headers: bearer(player.token) });
    await t.app.inject({ url: `/api/user/${randomUUID()}/points`, headers: bearer(player.token) });
    await t.app.inject({ url: "/api/no/such/route/at-all" });
    const { res, families } = await scrape();
    expect(family(families, "taprewards_http_requests_total").type).toBe("counter");
    const route = "/api/user/:id/points";
    expect(
      sampleValue(families, "taprewards_http_requests_total", { method: "GET", route, status: "200" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(families, "taprewards_http_requests_total", { method: "GET", route, status: "403" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(families, "taprewards_http_requests_total", { route: "unmatched", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(family(families, "taprewards_http_request_duration_seconds").type).toBe("histogram");
    expect(
      sampleValue(families, "taprewards_http_request_duration_seconds_count", { method: "GET", route }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sampleValue(families, "taprewards_http_request_duration_seconds_bucket", { route, le: "+Inf" }),
    ).toBeGreaterThanOrEqual(2);
    // No user id, and no unmatched path, ever becomes a label.
    expect(res.body).not.toContain(player.id);
    expect(res.body).not.toContain("/api/no/such");
  });

  it("counts tap syncs credited, clipped, replayed and refused", async () => {
    const player = sessionCaller(await signUpAndLogIn(t.app));
    const before = (await scrape()).families;
    const count = (families: Map<string, Family>, outcome: string) => {
      try {
        return sampleValue(families, "taprewards_tap_syncs_total", { outcome });
      } catch {
        return 0;
      }
    };
    const batchId = randomUUID();
    expect((await syncTaps(t.app, player, { batchId, taps: 10 })).statusCode).toBe(200);
    expect((await syncTaps(t.app, player, { batchId, taps: 10 })).json().replayed).toBe(true);
    // A new player's budget holds 1 800 taps (docs/decisions/006): the rest of this claim is clipped.
    const clipped = await syncTaps(t.app, player, { taps: 5_000 });
    expect(clipped.json().credited.taps).toBeLessThan(5_000);
    // Seven decimals: refused with a 400 by the sync's own rules.
    expect((await syncTaps(t.app, player, { taps: 1, points: 0.0000001 })).statusCode).toBe(400);
    const after = (await scrape()).families;
    for (const outcome of ["credited", "replayed", "clipped", "refused"]) {
      expect(count(after, outcome) - count(before, outcome), outcome).toBe(1);
    }
  });

  it("shows open event streams and the delivery latency of events committed while they are open", async () => {
    const player = sessionCaller(await signUpAndLogIn(t.app));
    const stream = await openStream(t.app, player);
    try {
      const { families } = await scrape();
      expect(sampleValue(families, "taprewards_event_streams_open")).toBe(1);
      const deliveredBefore = sampleValue(families, "taprewards_event_delivery_seconds_count");
      expect((await syncTaps(t.app, player, { taps: 3 })).statusCode).toBe(200);
      // The points, and the first tap's achievement: each frame written is one delivery.
      const frames = [await stream.next(), ...(await stream.rest())];
      expect(frames.map((frame) => frame.event)).toContain("points");
      const after = (await scrape()).families;
      expect(family(after, "taprewards_event_delivery_seconds").type).toBe("histogram");
      expect(sampleValue(after, "taprewards_event_delivery_seconds_count")).toBe(
        deliveredBefore + frames.length,
      );
    } finally {
      stream.close();
    }
    await expect
      .poll(async () => sampleValue((await scrape()).families, "taprewards_event_streams_open"))
      .toBe(0);
  });

  it("reads the ledger, points and withdrawals from the database, agreeing with it", async () => {
    const player = sessionCaller(await signUpAndLogIn(t.app));
    expect((await fundViaDevnet(t.app, player.email, 12.5, 3)).statusCode).toBe(200);
    const { families } = await scrape();
    const db = t.database.handle.db;
    const balances = await db.selectFrom("ledger_accounts").select(["kind", "balance_micro"]).execute();
    const sumOf = (kind: string) =>
      balances.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.balance_micro, 0) / 1e6;
    expect(sampleValue(families, "taprewards_ledger_balance_usdt", { account: "treasury" })).toBe(
      sumOf("treasury"),
    );
    expect(sampleValue(families, "taprewards_ledger_balance_usdt", { account: "wallets" })).toBe(
      sumOf("wallet"),
    );
    expect(sumOf("wallet")).toBeGreaterThanOrEqual(12.5);
    expect(sampleValue(families, "taprewards_ledger_balance_usdt", { account: "external" })).toBe(
      sumOf("external"),
    );
    expect(
      sampleValue(families, "taprewards_ledger_balance_usdt", { account: "withdrawals_in_flight" }),
    ).toBe(sumOf("clearing"));
    const points = await db
      .selectFrom("user_rewards")
      .select((eb) => eb.fn.sum<number>("points_micro").as("total"))
      .executeTakeFirstOrThrow();
    expect(sampleValue(families, "taprewards_points_outstanding")).toBe(Number(points.total) / 1e6);
    for (const status of ["reserved", "signed", "broadcast", "confirmed", "failed"]) {
      expect(sampleValue(families, "taprewards_withdrawals", { status })).toBe(0);
      expect(sampleValue(families, "taprewards_withdrawals_usdt", { status })).toBe(0);
    }
    expect(sampleValue(families, "taprewards_withdrawal_oldest_open_age_seconds")).toBe(0);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it("shows the chain worker's lag only once a round finished, the chain probe, the pool, and Node's own figures", async () => {
    const before = (await scrape()).families;
    expect(() => sampleValue(before, "taprewards_chain_worker_lag_seconds")).toThrow();
    expect(sampleValue(before, "taprewards_chain_worker_lease_held")).toBe(0);
    const worker = startChainWorker(t.app.ctx);
    try {
      await expect
        .poll(
          async () => (await scrape()).families.get("taprewards_chain_worker_lag_seconds")?.samples.length,
          {
            timeout: 5_000,
          },
        )
        .toBe(1);
      const after = (await scrape()).families;
      expect(sampleValue(after, "taprewards_chain_worker_lag_seconds")).toBeGreaterThanOrEqual(0);
      expect(sampleValue(after, "taprewards_chain_worker_lease_held")).toBe(1);
    } finally {
      await worker.stop();
    }
    const { families } = await scrape();
    expect(sampleValue(families, "taprewards_chain_worker_lease_held")).toBe(0);
    expect(sampleValue(families, "taprewards_chain_up")).toBe(1);
    expect(sampleValue(families, "taprewards_instance_draining")).toBe(0);
    expect(sampleValue(families, "taprewards_process_resident_memory_bytes")).toBeGreaterThan(0);
    if (testEngine() === "postgres") {
      const total = sampleValue(families, "taprewards_db_pool_connections", { state: "total" });
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(10);
      expect(sampleValue(families, "taprewards_db_pool_connections", { state: "waiting" })).toBe(0);
    } else {
      // PGlite is one connection in the process: there is no pool to show.
      expect(families.has("taprewards_db_pool_connections")).toBe(true);
      expect(family(families, "taprewards_db_pool_connections").samples).toEqual([]);
    }
  });

  it("has every family the alerts and the dashboard use, each with its HELP and TYPE", async () => {
    const { families } = await scrape();
    for (const name of [
      "taprewards_http_requests_total",
      "taprewards_http_request_duration_seconds",
      "taprewards_tap_syncs_total",
      "taprewards_event_streams_open",
      "taprewards_event_delivery_seconds",
      "taprewards_ledger_balance_usdt",
      "taprewards_points_outstanding",
      "taprewards_withdrawals",
      "taprewards_withdrawals_usdt",
      "taprewards_withdrawal_oldest_open_age_seconds",
      "taprewards_chain_worker_lag_seconds",
      "taprewards_chain_worker_lease_held",
      "taprewards_chain_up",
      "taprewards_db_pool_connections",
      "taprewards_reconcile_last_run_timestamp_seconds",
      "taprewards_reconcile_differences",
      "taprewards_instance_draining",
    ]) {
      const found = family(families, name);
      expect(found.help, name).not.toBe("");
      expect(["counter", "gauge", "histogram"], name).toContain(found.type);
    }
  });

  it("exposes every series the alert rules and the Grafana dashboard in docs/ops/ ask for", async () => {
    const { families } = await scrape();
    const samples = new Set([...families.values()].flatMap((f) => f.samples.map((sample) => sample.name)));
    const names = new Set([...families.keys(), ...samples]);
    for (const file of ["docs/ops/alerts.yml", "docs/ops/grafana-dashboard.json"]) {
      const used = new Set(readFileSync(file, "utf8").match(/taprewards_[a-z_]+/g) ?? []);
      expect(used.size, file).toBeGreaterThan(5);
      for (const name of used) {
        // Histogram series (_bucket) exist once something was observed; their family is what must be there.
        const family = name.replace(/_(bucket|sum|count)$/, "");
        expect(names.has(name) || families.has(family), `${file}: ${name}`).toBe(true);
      }
    }
  });
});
