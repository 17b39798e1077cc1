/**
 * The TronGrid gateway against a fake TronGrid on loopback (tests/chain/fake-trongrid.ts): only our token's
 * transfers and logs count, with stable log indexes; a transfer is signed for real and only when the node's
 * bytes say exactly what we asked; a re-send moves nothing twice; 429, 5xx, non-JSON and time-outs are "try
 * again later", never a wrong answer. The wallet's use of the gateway is tested in wallet-tron.test.ts.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tronAddressFromHex } from "#contracts/tron-address.ts";
import { ChainUnavailable, TransferRejected } from "#server/chain/gateway.ts";
import { createHdWallet, type HdWallet, recoverSignerAddress } from "#server/chain/keys.ts";
import { decodeTriggerRaw, encodeTriggerRaw } from "#server/chain/tron/raw-transaction.ts";
import { createTronGateway } from "#server/chain/tron/tron-gateway.ts";
import { type FakeTronGrid, OTHER_TOKEN, startFakeTronGrid, type Tampering } from "../chain/fake-trongrid.ts";
import { TEST_MNEMONIC } from "./helpers/test-app.ts";

const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const hd = createHdWallet(TEST_MNEMONIC);
const HOT = hd.addressAt(0);
const alice = hd.addressAt(100);
const bob = hd.addressAt(101);

let fake: FakeTronGrid;
let signatures: number;
/** The HD wallet, counting signatures: a refused transfer must not have been signed at all. */
const countingWallet: HdWallet = {
  addressAt: (index) => hd.addressAt(index),
  signAt(index, txId) {
    signatures++;
    return hd.signAt(index, txId);
  },
};
const gateway = (timeoutMs = 2_000, apiKey: string | null = "test-key") =>
  createTronGateway({
    apiUrl: `${fake.url}/`,
    apiKey,
    contract: USDT,
    explorer: "https://tronscan.org/#/transaction/",
    feeLimitSun: 30_000_000,
    pollIntervalMs: 1_000,
    wallet: countingWallet,
    timeoutMs,
  });

beforeEach(async () => {
  fake = await startFakeTronGrid({ contract: USDT });
  signatures = 0;
});
afterEach(async () => {
  await fake.close();
});

describe("listing an address's transfers", () => {
  it("keeps our token's Transfers only, newest first, and skips values it cannot read exactly", async () => {
    const older = fake.addTransaction({ logs: [{ to: alice, amountMicro: 5_000_000 }] });
    fake.addTransaction({ logs: [{ to: alice, amountMicro: 1_000_000_000, contract: OTHER_TOKEN }] });
    fake.addTransaction({ logs: [{ to: alice, amountMicro: 10n ** 30n }] });
    const newer = fake.addTransaction({
      logs: [
        { to: bob, amountMicro: 7 },
        { to: alice, amountMicro: 2_500_000 },
      ],
    });
    const sent = fake.addTransaction({ logs: [{ from: alice, to: bob, amountMicro: 0 }] });
    const base = { transaction_id: "ab".repeat(32), token_info: { address: USDT }, from: bob, to: alice };
    for (const odd of [
      { ...base, type: "Transfer", value: "1.5", block_timestamp: 1 },
      { ...base, type: "Transfer", value: "-1", block_timestamp: 1 },
      { ...base, type: "Transfer", value: "9007199254740993", block_timestamp: 1 },
      { ...base, type: "Approval", value: "5", block_timestamp: 1 },
      { ...base, type: "Transfer", value: "5", block_timestamp: "yesterday" },
      { ...base, type: "Transfer", value: "5", block_timestamp: 1, to: "T-not-an-address" },
      { ...base, type: "Transfer", value: "5", block_timestamp: 1, token_info: { address: OTHER_TOKEN } },
      { ...base, type: "Transfer", value: "77", block_timestamp: 1, transaction_id: "ef".repeat(32) },
    ]) {
      fake.addListingEntry(odd);
    }

    const listed = await gateway().listTransfers(alice, { limit: 20 });
    expect(listed.map((t) => [t.txId, t.from, t.to, t.amountMicro])).toEqual([
      [sent, alice, bob, 0],
      [newer, "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", alice, 2_500_000],
      [older, "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", alice, 5_000_000],
      ["ef".repeat(32), bob, alice, 77],
    ]);
    expect(listed.every((t) => t.confirmed === false && t.at instanceof Date)).toBe(true);
    expect(listed[1]?.at.getTime()).toBeGreaterThan(listed[2]?.at.getTime() ?? Infinity);
  });

  it("asks for our contract, unconfirmed ones included, one page, with the API key when there is one", async () => {
    for (let i = 0; i < 5; i++) fake.addTransaction({ logs: [{ to: alice, amountMicro: i + 1 }] });
    const listed = await gateway().listTransfers(alice, { limit: 3 });
    expect(listed.map((t) => t.amountMicro)).toEqual([5, 4, 3]);
    await gateway(2_000, null).listTransfers(alice, { limit: 500 });
    const [first, second] = fake.requests("/v1/accounts");
    expect(first?.url.pathname).toBe(`/v1/accounts/${alice}/transactions/trc20`);
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toMatchObject({
      contract_address: USDT,
      only_confirmed: "false",
      limit: "3",
    });
    expect(first?.headers["tron-pro-api-key"]).toBe("test-key");
    expect(second?.url.searchParams.get("limit")).toBe("200");
    expect(second?.headers).not.toHaveProperty("tron-pro-api-key");
  });
});

describe("a transaction's outcome", () => {
  it("is unknown, then pending, then confirmed with our token's logs only, at stable indexes", async () => {
    expect(await gateway().transactionOutcome("cd".repeat(32))).toEqual({ status: "unknown" });
    const txId = fake.addTransaction({
      logs: [
        { to: alice, amountMicro: 1, contract: OTHER_TOKEN },
        { to: bob, amountMicro: 7 },
        { to: alice, amountMicro: 10n ** 30n },
        { to: alice, amountMicro: 2_500_000 },
        { to: alice, amountMicro: 0 },
      ],
    });
    expect(await gateway().transactionOutcome(txId)).toEqual({ status: "pending" });
    fake.solidify(txId);
    const outcome = await gateway().transactionOutcome(txId);
    expect(outcome).toMatchObject({ status: "confirmed", blockNumber: expect.any(Number) });
    expect(outcome.status === "confirmed" && outcome.logs).toEqual([
      { logIndex: 1, from: "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", to: bob, amountMicro: 7 },
      { logIndex: 3, from: "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", to: alice, amountMicro: 2_500_000 },
      { logIndex: 4, from: "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", to: alice, amountMicro: 0 },
    ]);
  });

  it("is failed, with the node's reason, when the transaction reverted", async () => {
    const txId = fake.addTransaction({ logs: [{ to: alice, amountMicro: 9 }], failed: true });
    fake.solidify(txId);
    expect(await gateway().transactionOutcome(txId)).toEqual({
      status: "failed",
      reason: "REVERT: REVERT opcode executed",
    });
  });
});

describe("balances", () => {
  it("reads an address's USDT balance from the contract", async () => {
    fake.setBalance(alice, 123_456_789);
    expect(await gateway().tokenBalanceMicro(alice)).toBe(123_456_789);
    expect(await gateway().tokenBalanceMicro(bob)).toBe(0);
    fake.solidify(fake.addTransaction({ logs: [{ to: bob, amountMicro: 42 }] }));
    expect(await gateway().tokenBalanceMicro(bob)).toBe(42);
  });
});

describe("sending from the hot wallet", () => {
  it("signs for real, broadcasts, and the transfer lands once even when sent twice", async () => {
    fake.setBalance(HOT, 1_000_000_000);
    const prepared = await gateway().prepareTransfer({ to: bob, amountMicro: 300_000_000 });
    const signed = JSON.parse(prepared.payload) as {
      txID: string;
      raw_data_hex: string;
      signature: string[];
    };
    expect(signed.txID).toBe(prepared.txId);
    expect(bytesToHex(sha256(hexToBytes(signed.raw_data_hex)))).toBe(prepared.txId);
    expect(recoverSignerAddress(hexToBytes(prepared.txId), hexToBytes(signed.signature[0] ?? ""))).toBe(HOT);
    expect(prepared.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(fake.sentFrom(HOT)).toEqual([]);

    await gateway().broadcast(prepared);
    expect(await gateway().transactionOutcome(prepared.txId)).toEqual({ status: "pending" });
    await gateway().broadcast(prepared); // a re-send after a crash
    expect(fake.broadcastCalls(prepared.txId)).toBe(2);
    expect(fake.broadcasts(prepared.txId)).toBe(1);
    expect(fake.sentFrom(HOT)).toEqual([{ txId: prepared.txId, to: bob, amountMicro: 300_000_000 }]);

    fake.solidify();
    await gateway().broadcast(prepared); // and once more after it is final
    expect(fake.balanceOf(bob)).toBe(300_000_000);
    expect(fake.balanceOf(HOT)).toBe(700_000_000);
    expect(await gateway().transactionOutcome(prepared.txId)).toMatchObject({
      status: "confirmed",
      logs: [{ logIndex: 0, from: HOT, to: bob, amountMicro: 300_000_000 }],
    });
  });

  it("reports a transfer above the hot wallet's balance as failed, and nothing moves", async () => {
    fake.setBalance(HOT, 1_000);
    const prepared = await gateway().prepareTransfer({ to: bob, amountMicro: 5_000 });
    await gateway().broadcast(prepared);
    fake.solidify();
    expect(await gateway().transactionOutcome(prepared.txId)).toMatchObject({ status: "failed" });
    expect([fake.balanceOf(HOT), fake.balanceOf(bob)]).toEqual([1_000, 0]);
  });

  it("signs nothing a lying node built, nor anything when the node refuses", async () => {
    const refusals: [Tampering, RegExp][] = [
      ["txid", /does not hash to its id/],
      ["recipient", /makes another call/],
      // The JSON says bob; only the bytes that would be signed say someone else.
      ["hidden-recipient", /makes another call/],
      // And the other way round: a broadcast would send a transfer to someone else, or be refused.
      ["json-recipient", /JSON does not match its bytes/],
      ["contract", /calls another contract/],
      ["owner", /spends from another address/],
      ["fee", /higher fee/],
      ["expired", /already expired/],
      ["refuse", /^CONTRACT_VALIDATE_ERROR: Contract validate error : paused$/],
    ];
    for (const [kind, message] of refusals) {
      fake.tamper(kind);
      const attempt = gateway().prepareTransfer({ to: bob, amountMicro: 1_000_000 });
      await expect(attempt, kind).rejects.toThrow(TransferRejected);
      await expect(attempt, kind).rejects.toThrow(message);
    }
    expect(signatures).toBe(0);
    fake.tamper(null);
    await gateway().prepareTransfer({ to: bob, amountMicro: 1_000_000 });
    expect(signatures).toBe(1);
  });

  it("refuses a bad recipient or amount before asking the node", async () => {
    for (const request of [
      { to: "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HD", amountMicro: 1 },
      { to: bob, amountMicro: 0 },
      { to: bob, amountMicro: 1.5 },
    ]) {
      await expect(gateway().prepareTransfer(request)).rejects.toThrow(TransferRejected);
    }
    expect(fake.requests("/wallet/triggersmartcontract")).toHaveLength(0);
  });

  it("gets TransferRejected for an expired transfer or a signature by another key", async () => {
    fake.setBalance(HOT, 10_000_000);
    const prepared = await gateway().prepareTransfer({ to: bob, amountMicro: 1_000_000 });
    const forged = JSON.parse(prepared.payload) as { signature: string[] };
    forged.signature = [bytesToHex(hd.signAt(7, hexToBytes(prepared.txId)))];
    await expect(gateway().broadcast({ ...prepared, payload: JSON.stringify(forged) })).rejects.toThrow(
      /^SIGERROR: Validate signature error$/,
    );
    fake.advanceClock(61_000);
    const late = gateway().broadcast(prepared);
    await expect(late).rejects.toThrow(TransferRejected);
    await expect(late).rejects.toThrow(/^TRANSACTION_EXPIRATION_ERROR: Transaction expired$/);
    expect(fake.sentFrom(HOT)).toEqual([]);
  });
});

describe("when TronGrid misbehaves", () => {
  it("turns 429, 500 and non-JSON answers into ChainUnavailable, without retrying", async () => {
    fake.setBalance(HOT, 10_000_000);
    const prepared = await gateway().prepareTransfer({ to: bob, amountMicro: 1_000_000 });
    const calls = [
      ["/v1/accounts", () => gateway().listTransfers(alice, { limit: 5 })],
      ["/walletsolidity/gettransactioninfobyid", () => gateway().transactionOutcome(prepared.txId)],
      ["/wallet/gettransactionbyid", () => gateway().transactionOutcome(prepared.txId)],
      ["/wallet/triggerconstantcontract", () => gateway().tokenBalanceMicro(alice)],
      ["/wallet/triggersmartcontract", () => gateway().prepareTransfer({ to: bob, amountMicro: 1 })],
      ["/wallet/broadcasttransaction", () => gateway().broadcast(prepared)],
    ] as const;
    for (const [path, call] of calls) {
      for (const fault of ["429", "500", "not-json"] as const) {
        const before = fake.requests(path).length;
        fake.failNext(path, fault);
        await expect(call(), `${fault} on ${path}`).rejects.toThrow(ChainUnavailable);
        expect(fake.requests(path).length, `${fault} on ${path}`).toBe(before + 1);
      }
    }
    fake.failNext("/wallet/broadcasttransaction", "server-busy");
    await expect(gateway().broadcast(prepared)).rejects.toThrow(ChainUnavailable);
    fake.failNext("/v1/accounts", "429");
    await expect(gateway().listTransfers(alice, { limit: 5 })).rejects.toThrow(/429.*retry after 2 s/);
    expect(fake.sentFrom(HOT)).toEqual([]);
    await gateway().broadcast(prepared);
    expect(fake.sentFrom(HOT)).toHaveLength(1);
  });

  it("gives up on a node that does not answer within the time-out", async () => {
    for (const [path, call] of [
      ["/v1/accounts", () => gateway(200).listTransfers(alice, { limit: 5 })],
      ["/wallet/triggerconstantcontract", () => gateway(200).tokenBalanceMicro(alice)],
    ] as const) {
      fake.failNext(path, "hang");
      const started = Date.now();
      await expect(call(), path).rejects.toThrow(ChainUnavailable);
      expect(Date.now() - started, path).toBeGreaterThanOrEqual(150);
      expect(Date.now() - started, path).toBeLessThan(1_500);
    }
  });
});

describe("TRON's transaction bytes", () => {
  // A real TRC20 transfer from the Nile testnet (as gettransactionbyid shows it): the codec must read it and
  // write the very same bytes back, so our ids and the network's agree.
  const real = {
    txID: "c70b20da8cb8d96a99c1aceb283412acb9dea313a9e467178431a3c6ae8b9f08",
    rawHex:
      "0a028ad92208eaef69105495eb1540f09fc0cfcd335aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f" +
      "70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a1541495511a493d8c362be4267224e6d81013a" +
      "6862ee121541eca9bc828a3005b9a3b909f2cc5c2a54794de05f2244a9059cbb00000000000000000000004150125bea243a64" +
      "0bf85348873b6c4f3c517aee7a00000000000000000000000000000000000000000000000000000000000000017090cbbccfcd" +
      "33900180c2d72f",
    signature:
      "1788bf0281f67c42f5a09322523edee9969e808a863776f21ab6543de9dd42ca0e4955577879df8074086c620eb96709ba9a9" +
      "5d60a166de190a081e8d69801da00",
  };

  it("reads a real transfer, writes it back byte for byte, and its signature recovers to its owner", () => {
    const raw = decodeTriggerRaw(real.rawHex);
    expect(raw).toEqual({
      refBlockBytes: "8ad9",
      refBlockHash: "eaef69105495eb15",
      expiration: 1773182914544,
      timestamp: 1773182854544,
      feeLimit: 100_000_000,
      owner: "41495511a493d8c362be4267224e6d81013a6862ee",
      contract: "41eca9bc828a3005b9a3b909f2cc5c2a54794de05f",
      data: `a9059cbb0000000000000000000000${"4150125bea243a640bf85348873b6c4f3c517aee7a"}${"0".repeat(63)}1`,
    });
    expect(encodeTriggerRaw(raw)).toBe(real.rawHex);
    expect(bytesToHex(sha256(hexToBytes(real.rawHex)))).toBe(real.txID);
    expect(recoverSignerAddress(hexToBytes(real.txID), hexToBytes(real.signature))).toBe(
      tronAddressFromHex(raw.owner),
    );
  });

  it("refuses bytes with anything it does not expect", () => {
    const hex = real.rawHex;
    const withMemo = `${hex}5203616263`; // field 10 (data): a memo
    // Field 11 (the contract) is 3 + 174 bytes from "5aae01": a second copy makes two contracts.
    const at = hex.indexOf("5aae01");
    const contract = hex.slice(at, at + 2 * 177);
    const twoContracts = hex.slice(0, at) + contract + hex.slice(at);
    // call_value = 1 (field 3) inside TriggerSmartContract, every enclosing length grown by the 2 bytes.
    const callValue = hex
      .replace("5aae01081f12a9010a31", "5ab001081f12ab010a31")
      .replace("12740a1541", "12760a1541")
      .replace("2244a905", "18012244a905");
    expect(hex.slice(at + contract.length, at + contract.length + 2)).toBe("70"); // field 14 follows
    const refusals: [string, RegExp][] = [
      [withMemo, /unexpected field 10/],
      [twoContracts, /repeats field 11/],
      [callValue, /sends value along/],
      [hex.slice(0, -2), /truncated/],
      ["zz", /not hex/],
    ];
    for (const [bad, why] of refusals) expect(() => decodeTriggerRaw(bad)).toThrow(why);
  });
});
