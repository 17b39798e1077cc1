/**
 * The cluster as `npm run cluster` starts it (docs/decisions/024): two real server processes on one PostgreSQL
 * behind HAProxy. Players sync taps through the balancer while one instance is killed mid-run; each batch is
 * retried with its id until it is answered, as the browser does. Afterwards every accepted batch is credited
 * exactly once, with the taps its answer named, and each player's figures are the sum of their batches.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { setupTestCluster } from "./helpers/test-cluster.ts";

const t = setupTestCluster({
  env: {
    SIGNUP_LIMIT_PER_IP_HOUR: "0",
    // A player's figures here are the sum of their batches: no streak reward claimed by the first sync
    // (auto-claim across the write paths is tests/server/economy-auto-claim.test.ts).
    AUTO_CLAIM: "false",
    ADMIN_EMAIL: "admin@cluster.test",
    ADMIN_PASSWORD: "cluster-admin-password",
  },
});

async function call(pathname: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${t.cluster.url}/api${pathname}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function player(n: number) {
  const email = `player${n}-${randomUUID().slice(0, 8)}@t.cluster.test`;
  const password = "cluster-password-1";
  expect(
    (await call("/auth/signup", { method: "POST", body: { email, password, name: `P${n}` } })).status,
  ).toBe(201);
  const login = await call("/auth/login", { method: "POST", body: { email, password } });
  expect(login.status).toBe(200);
  const { session, user } = login.body as { session: { access_token: string }; user: { id: string } };
  return { id: user.id, token: session.access_token };
}

type Accepted = { batchId: string; taps: number };

/**
 * Between two syncs of one player, and before a retry. A player may sync 30 times a minute (retries count):
 * a 6 s run at this pace stays under it, as the browser's own cadence does.
 */
const PAUSE_MS = 300;

/** Sends one batch until it is answered 200, as the browser's sync does: same id, every time. */
async function syncUntilAnswered(who: { id: string; token: string }, taps: number): Promise<Accepted> {
  const batchId = randomUUID();
  const deadline = Date.now() + 30_000;
  let last = "";
  for (;;) {
    try {
      const answer = await call(`/user/${who.id}/points`, {
        method: "POST",
        token: who.token,
        body: { batchId, taps },
      });
      if (answer.status === 200) return { batchId, taps: (answer.body.credited as { taps: number }).taps };
      last = `${answer.status} ${JSON.stringify(answer.body)}`;
    } catch (err) {
      // The connection died with its instance: try again.
      last = String(err);
    }
    if (Date.now() > deadline) throw new Error(`batch ${batchId} was never answered; last: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}

describe("two instances behind HAProxy", () => {
  it("an instance killed mid-run: every accepted batch is credited exactly once, on either instance", async () => {
    const players = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(player));
    const accepted = new Map<string, Accepted[]>(players.map((p) => [p.id, []]));
    const runUntil = Date.now() + 6_000;
    const tapping = players.map(async (p, index) => {
      for (let round = 0; Date.now() < runUntil; round += 1) {
        accepted.get(p.id)!.push(await syncUntilAnswered(p, 1 + ((round + index) % 9)));
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    t.cluster.kill("app2");
    await Promise.all(tapping);
    expect(t.logs.some((line) => line.includes("app2 exited (SIGKILL)"))).toBe(true);

    const client = new pg.Client({ connectionString: t.database.url! });
    await client.connect();
    try {
      for (const p of players) {
        const mine = accepted.get(p.id)!;
        expect(mine.length).toBeGreaterThan(5);
        const { rows } = await client.query<{ batch_id: string; taps_credited: number }>(
          "SELECT batch_id, taps_credited FROM tap_batches WHERE user_id = $1",
          [p.id],
        );
        // Exactly the accepted batches, each once, with the taps its answer named.
        expect(new Map(rows.map((row) => [row.batch_id, row.taps_credited]))).toEqual(
          new Map(mine.map((batch) => [batch.batchId, batch.taps])),
        );
        expect(rows).toHaveLength(mine.length);
        const figures = await call(`/user/${p.id}/points`, { token: p.token });
        expect(figures.body.totalTaps).toBe(mine.reduce((sum, batch) => sum + batch.taps, 0));
        const sums = await client.query<{ micro: string }>(
          "SELECT COALESCE(SUM(points_micro), 0)::text AS micro FROM tap_batches WHERE user_id = $1",
          [p.id],
        );
        expect(Math.round((figures.body.points as number) * 1_000_000)).toBe(Number(sums.rows[0]!.micro));
      }
    } finally {
      await client.end();
    }
  }, 120_000);

  it("the killed instance is started again and serves behind the balancer", async () => {
    const app2 = t.cluster.instances.find((instance) => instance.name === "app2")!;
    expect(app2.restarts).toBeGreaterThanOrEqual(1);
    // Started again a second after it died; starting takes a few seconds more on a busy machine.
    await expect
      .poll(
        () =>
          fetch(`${app2.url}/api/ready`).then(
            (res) => res.status,
            () => 0,
          ),
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200);
    expect((await fetch(`${app2.url}/api/health`)).status).toBe(200);
    // HAProxy puts it back after two passing checks.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  });

  it("SIGTERM drains: the instance fails its readiness check but stays alive and serves, and no request through the balancer fails", async () => {
    const p = await player(9);
    const app1 = t.cluster.instances.find((instance) => instance.name === "app1")!;
    t.cluster.kill("app1", "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ready = await fetch(`${app1.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: { code: string } }).error.code).toBe("DRAINING");
    expect((await fetch(`${app1.url}/api/health`)).status).toBe(200);
    const direct = await fetch(`${app1.url}/api/user/${p.id}/points`, {
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(direct.status).toBe(200);
    const statuses: number[] = [];
    const until = Date.now() + 4_000;
    while (Date.now() < until) statuses.push((await call(`/user/${p.id}/points`, { token: p.token })).status);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 60_000);
});
