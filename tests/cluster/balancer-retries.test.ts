/**
 * What the balancer may send twice (docs/decisions/034). An instance that stalls after it was handed a request
 * (a long GC pause, a frozen VM, SIGSTOP here) may still carry it out when it wakes: a request HAProxy then sent
 * to another instance as well would be carried out twice. The admin's treasury withdrawal takes no
 * Idempotency-Key, so such a retry would pay twice. Only a request that cannot have reached an instance (its
 * connection failed) or that carries an Idempotency-Key is sent again; the first kind cannot have run, the second
 * runs once whatever happens.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createHdWallet } from "../../server/chain/keys.ts";
import { TEST_MNEMONIC } from "../server/helpers/test-app.ts";
import { backendServers } from "./helpers/haproxy-stats.ts";
import { setupTestCluster } from "./helpers/test-cluster.ts";

const ADMIN = { email: "admin@retries.test", password: "retries-admin-password" };
/** How long HAProxy waits for a silent instance here (60 s in `npm run cluster`), so a stall costs seconds. */
const SERVER_TIMEOUT_SECONDS = 3;

const t = setupTestCluster({
  serverTimeoutSeconds: SERVER_TIMEOUT_SECONDS,
  env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  // An instance a test left stopped must wake to stop.
  beforeStop: (cluster) => {
    for (const instance of cluster.instances) cluster.kill(instance.name, "SIGCONT");
  },
});
let adminToken: string;

beforeAll(async () => {
  const login = await fetch(`${t.cluster.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  adminToken = ((await login.json()) as { session: { access_token: string } }).session.access_token;
});

const asAdmin = (init: RequestInit = {}) => ({
  ...init,
  headers: { authorization: `Bearer ${adminToken}`, ...init.headers },
});

async function poolBalance(): Promise<number> {
  const res = await fetch(`${t.cluster.url}/api/admin/pool-balance`, asAdmin());
  return ((await res.json()) as { balance: number }).balance;
}

/** The admin's treasury withdrawal through the balancer; `key` null sends none, as the route allows. */
async function withdraw(to: string, amount: number, key: string | null) {
  const res = await fetch(
    `${t.cluster.url}/api/admin/withdraw`,
    asAdmin({
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: JSON.stringify({ address: to, amount }),
      signal: AbortSignal.timeout(30_000),
    }),
  );
  const body = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
  return { status: res.status, body: body as { withdrawal?: { id: string } } };
}

async function withdrawalsTo(to: string): Promise<number> {
  const client = new pg.Client({ connectionString: t.database.url! });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM withdrawals WHERE to_address = $1",
      [to],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** The instance the balancer sends the admin's requests to (it hashes the Authorization header). */
async function adminsInstance(): Promise<string> {
  const before = await backendServers(t.cluster.statsSocket);
  expect((await fetch(`${t.cluster.url}/api/admin/pool-balance`, asAdmin())).status).toBe(200);
  const after = await backendServers(t.cluster.statsSocket);
  const served = after.filter(
    (server) => server.responses2xx > (before.find((b) => b.name === server.name)?.responses2xx ?? 0),
  );
  expect(served.map((server) => server.name)).toHaveLength(1);
  return served[0]!.name;
}

async function everyInstanceUp(): Promise<void> {
  await expect
    .poll(async () => (await backendServers(t.cluster.statsSocket)).map((server) => server.status), {
      timeout: 30_000,
      interval: 250,
    })
    .toEqual(t.cluster.instances.map(() => "UP"));
}

/**
 * Freezes the admin's instance, runs `during`, then wakes it and waits until it has served again and had time
 * to carry out whatever it was handed while frozen.
 */
async function withAdminsInstanceStalled<T>(during: () => Promise<T>): Promise<T> {
  await everyInstanceUp();
  const stalled = await adminsInstance();
  t.cluster.kill(stalled, "SIGSTOP");
  try {
    return await during();
  } finally {
    t.cluster.kill(stalled, "SIGCONT");
    const instance = t.cluster.instances.find((candidate) => candidate.name === stalled)!;
    await expect
      .poll(
        () =>
          fetch(`${instance.url}/api/ready`).then(
            (res) => res.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** Requests the balancer has sent to another instance than the one it first chose, since it started. */
const redispatches = async () =>
  (await backendServers(t.cluster.statsSocket)).reduce((sum, server) => sum + server.redispatches, 0);

const wallet = createHdWallet(TEST_MNEMONIC);

/**
 * Holds the treasury's ledger row locked while `during` runs: every withdrawal handed to an instance meanwhile
 * waits on it mid-request (it has been received and its transaction begun), as a stalled instance's would,
 * and goes on when the lock is released. Then waits for what was waiting to finish.
 */
async function withTreasuryLocked<T>(during: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: t.database.url! });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT id FROM ledger_accounts WHERE id = 'treasury' FOR UPDATE");
    return await during();
  } finally {
    await client.query("ROLLBACK");
    await client.end();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

describe("retries through the balancer", () => {
  it("a withdrawal without a key that an instance is still working on is not sent to another: one payout, the admin told 504", async () => {
    await everyInstanceUp();
    const to = wallet.addressAt(70_001);
    const before = await poolBalance();
    const answer = await withTreasuryLocked(() => withdraw(to, 7, null));
    expect(await withdrawalsTo(to)).toBe(1);
    expect(before - (await poolBalance())).toBe(7);
    // The balancer gave up after its time-out and said so; it did not hand the request to another instance.
    expect(answer.status).toBe(504);
  }, 90_000);

  it("a withdrawal with a key that an instance is still working on is sent again, answered 409 meanwhile, and paid once", async () => {
    await everyInstanceUp();
    const to = wallet.addressAt(70_004);
    const key = randomUUID();
    const before = await poolBalance();
    const redispatchedBefore = await redispatches();
    const answer = await withTreasuryLocked(() => withdraw(to, 5, key));
    expect(await redispatches()).toBeGreaterThan(redispatchedBefore);
    // The other instance saw the key taken by an attempt still running.
    expect(answer.status).toBe(409);
    expect(await withdrawalsTo(to)).toBe(1);
    expect(before - (await poolBalance())).toBe(5);
    const again = await withdraw(to, 5, key);
    expect(again.status).toBe(202);
    expect(await withdrawalsTo(to)).toBe(1);
  }, 90_000);

  it("a withdrawal with a key whose instance stalls is sent to the other, answered 202 and paid once", async () => {
    const to = wallet.addressAt(70_002);
    const key = randomUUID();
    const before = await poolBalance();
    const redispatchedBefore = await redispatches();
    const answer = await withAdminsInstanceStalled(() => withdraw(to, 9, key));
    expect(answer.status).toBe(202);
    expect(await redispatches()).toBeGreaterThan(redispatchedBefore);
    expect(await withdrawalsTo(to)).toBe(1);
    expect(before - (await poolBalance())).toBe(9);
    const again = await withdraw(to, 9, key);
    expect(again.status).toBe(202);
    expect(again.body.withdrawal?.id).toBe(answer.body.withdrawal?.id);
    expect(await withdrawalsTo(to)).toBe(1);
  }, 90_000);

  it("a withdrawal without a key whose instance refuses the connection is still sent to the other: one payout", async () => {
    await everyInstanceUp();
    const dead = await adminsInstance();
    const to = wallet.addressAt(70_003);
    const before = await poolBalance();
    const redispatchedBefore = await redispatches();
    // Killed, the instance's port refuses connections until the supervisor has started it again; the balancer
    // still counts it in for a second or so, until two of its checks have failed.
    t.cluster.kill(dead, "SIGKILL");
    await expect
      .poll(() => t.logs.some((line) => line.includes(`${dead} exited (SIGKILL)`)), { interval: 10 })
      .toBe(true);
    const answer = await withdraw(to, 11, null);
    expect(answer.status).toBe(202);
    expect(await redispatches()).toBeGreaterThan(redispatchedBefore);
    expect(await withdrawalsTo(to)).toBe(1);
    expect(before - (await poolBalance())).toBe(11);
  }, 90_000);
});
