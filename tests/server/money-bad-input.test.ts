/**
 * Bad input on the tap and money routes (docs/quality.md): strings for numbers, 1e309, negatives, 7 decimals,
 * extra fields, __proto__, out-of-range taps, bad ids, huge bodies. Each gets a 4xx with the error body, never
 * a 500, and changes nothing.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "#server/domain/ledger/invariants.ts";
import {
  type Caller,
  fixtureAdminToken,
  fundViaDevnet,
  randomKey,
  sessionCaller,
  snapshot,
  syncTaps,
} from "./helpers/rewards.ts";
import { bearer, setupTestApp, signUpAndLogIn } from "./helpers/test-app.ts";

const t = setupTestApp();
let caller: Caller;

beforeAll(async () => {
  caller = sessionCaller(await signUpAndLogIn(t.app));
  expect((await fundViaDevnet(t.app, caller.email, 20, 150)).statusCode).toBe(200);
  expect((await syncTaps(t.app, caller, { taps: 10 })).statusCode).toBe(200);
});

type Case = [name: string, payload: string | Record<string, unknown>, headers?: Record<string, string>];

/** Sends the raw JSON text (so 1e309 and __proto__ reach the parser as written). */
function send(method: "POST", url: string, payload: string | Record<string, unknown>, headers = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(caller.token), "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}

async function expectRefusedAndNothingChanged(url: string, cases: Case[]) {
  const before = await snapshot(t.app, caller);
  for (const [name, payload, headers] of cases) {
    const res = await send("POST", url, payload, headers);
    expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, name).toBeLessThan(500);
    const body = res.json();
    expect(Object.keys(body), name).toEqual(["error"]);
    expect(Object.keys(body.error).sort(), name).toEqual(["code", "message"]);
  }
  expect(await snapshot(t.app, caller)).toEqual(before);
}

const batch = () => randomUUID();

describe("POST /user/{id}/points", () => {
  it("refuses every bad body and credits nothing", async () => {
    const url = `/api/user/${caller.id}/points`;
    await expectRefusedAndNothingChanged(url, [
      ["taps as a string", { batchId: batch(), taps: "5" }],
      ["taps 1e309", `{"batchId":"${batch()}","taps":1e309}`],
      ["taps negative", { batchId: batch(), taps: -5 }],
      ["taps 0", { batchId: batch(), taps: 0 }],
      ["taps 5001", { batchId: batch(), taps: 5001 }],
      ["taps 1.5", { batchId: batch(), taps: 1.5 }],
      ["taps true", { batchId: batch(), taps: true }],
      ["taps missing", { batchId: batch() }],
      ["points with 7 decimals", { batchId: batch(), taps: 5, points: 0.0050001 }],
      ["points 1e309", `{"batchId":"${batch()}","taps":5,"points":1e309}`],
      ["points as a string", { batchId: batch(), taps: 5, points: "0.005" }],
      ["points negative", { batchId: batch(), taps: 5, points: -0.005 }],
      ["multiplier with 7 decimals", { batchId: batch(), taps: 5, multiplier: 0.0010001 }],
      ["multiplier as a string", { batchId: batch(), taps: 5, multiplier: "1000" }],
      ["an extra field", { batchId: batch(), taps: 5, bonus: 1 }],
      ["__proto__", `{"batchId":"${batch()}","taps":5,"__proto__":{"taps":5000}}`],
      ["constructor.prototype", `{"batchId":"${batch()}","taps":5,"constructor":{"prototype":{"x":1}}}`],
      ["a bad batch id", { batchId: "not-a-uuid", taps: 5 }],
      ["a numeric batch id", { batchId: 12345, taps: 5 }],
      ["an array body", "[]"],
      ["a null body", "null"],
      ["broken JSON", '{"batchId":'],
      ["a huge body", { batchId: batch(), taps: 5, pad: "x".repeat(20_000) }],
    ]);
  });

  it("refuses a bad user id in the path before reading the body", async () => {
    const res = await send("POST", "/api/user/not-a-uuid/points", { batchId: batch(), taps: 5 });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /wallet/multipliers/purchase", () => {
  it("refuses every bad body or header and moves nothing", async () => {
    const url = "/api/wallet/multipliers/purchase";
    const key = () => ({ "idempotency-key": randomKey() });
    await expectRefusedAndNothingChanged(url, [
      ["no Idempotency-Key", { multiplier_value: 0.005 }],
      ["a short Idempotency-Key", { multiplier_value: 0.005 }, { "idempotency-key": "abc" }],
      [
        "an Idempotency-Key with spaces",
        { multiplier_value: 0.005 },
        { "idempotency-key": "a key with spaces" },
      ],
      ["value as a string", { multiplier_value: "0.005" }, key()],
      ["value 1e309", '{"multiplier_value":1e309}', key()],
      ["value negative", { multiplier_value: -0.005 }, key()],
      ["value 0", { multiplier_value: 0 }, key()],
      ["value with 7 decimals", { multiplier_value: 0.0050001 }, key()],
      ["value float noise", { multiplier_value: 0.1 + 0.2 }, key()],
      ["an extra field", { multiplier_value: 0.005, price: 0 }, key()],
      ["__proto__", '{"multiplier_value":0.005,"__proto__":{"price_usdt":0}}', key()],
      ["an empty body", "{}", key()],
    ]);
  });
});

describe("POST /wallet/withdraw-rewards", () => {
  it("refuses every bad body or header and moves nothing", async () => {
    const url = "/api/wallet/withdraw-rewards";
    const key = () => ({ "idempotency-key": randomKey() });
    await expectRefusedAndNothingChanged(url, [
      ["no Idempotency-Key", { amount: 1 }],
      ["amount as a string", { amount: "1" }, key()],
      ["amount 1e309", '{"amount":1e309}', key()],
      ["amount negative", { amount: -1 }, key()],
      ["amount 0", { amount: 0 }, key()],
      ["amount with 7 decimals", { amount: 1.0000001 }, key()],
      ["amount above a billion", { amount: 1e10 }, key()],
      ["an extra field", { amount: 1, to: "wallet" }, key()],
      ["__proto__", '{"amount":1,"__proto__":{"amount":2}}', key()],
    ]);
  });
});

describe("POST /wallet/token/transfer", () => {
  it("refuses every bad body, header, address or amount and moves nothing", async () => {
    const url = "/api/wallet/token/transfer";
    const key = () => ({ "idempotency-key": randomKey() });
    const to = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
    await expectRefusedAndNothingChanged(url, [
      ["no Idempotency-Key", { to, amount: 300 }],
      ["amount as a string", { to, amount: "300" }, key()],
      ["amount 1e309", `{"to":"${to}","amount":1e309}`, key()],
      ["amount negative", { to, amount: -300 }, key()],
      ["amount with 7 decimals", { to, amount: 300.0000001 }, key()],
      ["below the minimum", { to, amount: 299.999999 }, key()],
      ["more than the balance", { to, amount: 300 }, key()],
      ["a bad checksum", { to: "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9L", amount: 300 }, key()],
      ["an EVM address", { to: "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf", amount: 300 }, key()],
      ["an extra field", { to, amount: 300, memo: "x" }, key()],
      ["__proto__", `{"to":"${to}","amount":300,"__proto__":{"amount":1}}`, key()],
    ]);
  });
});

describe("POST /devnet/fund-wallet", () => {
  it("refuses bad amounts and unknown emails from an admin and moves nothing", async () => {
    const url = "/api/devnet/fund-wallet";
    const asAdmin = bearer(await fixtureAdminToken(t.app));
    const cases: Case[] = [
      ["amount with 7 decimals", { email: caller.email, amount: 1.0000001 }, asAdmin],
      ["amount as a string", { email: caller.email, amount: "1" }, asAdmin],
      ["amount negative", { email: caller.email, amount: -1 }, asAdmin],
      ["points with 7 decimals", { email: caller.email, amount: 1, points: 0.0000001 }, asAdmin],
      ["an unknown email", { email: "nobody@example.com", amount: 1 }, asAdmin],
      ["an extra field", { email: caller.email, amount: 1, userId: caller.id }, asAdmin],
      // The caller itself is a user: refused before the body is read.
      ["a user granting themselves points", { email: caller.email, amount: 1, points: 1000 }],
    ];
    await expectRefusedAndNothingChanged(url, cases);
    for (const [name, payload, headers] of cases.slice(0, 6)) {
      const res = await send("POST", url, payload, headers);
      expect(res.statusCode === 400 || res.statusCode === 404, name).toBe(true);
    }
  });
});

describe("list queries", () => {
  it("refuses bad limits and cursors", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "limit=abc",
      "limit=1e1",
      "cursor=",
      "cursor=%00",
      "extra=1",
    ]) {
      for (const url of [`/api/user/${caller.id}/points/history`, "/api/wallet/history"]) {
        const res = await t.app.inject({ url: `${url}?${query}`, headers: bearer(caller.token) });
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(res.json().error.code).toBe("VALIDATION_ERROR");
      }
    }
  });
});

it("leaves the ledger and points consistent", async () => {
  expect(await checkLedgerInvariants(t.database.handle.db)).toEqual([]);
});
