import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { ChainTransaction } from "#src/api/wallet.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import {
  depositMachine,
  type GenerateResult,
  PENDING_POLL_MS,
  POLL_MS,
  type RefreshResult,
} from "./deposit.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const TX = (txId: string, status: ChainTransaction["status"], value = 10): ChainTransaction => ({
  type: "receive",
  value,
  timestamp: "2026-11-23T07:00:00.000Z",
  txId: txId.padEnd(64, "0"),
  status,
});
const ADDRESS = "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC";
const OK = (transactions: ChainTransaction[], balance: number | null = 1): RefreshResult => ({
  balance,
  transactions,
  explorer: "https://explorer/tx/",
});

/** Starts the machine with actors answering from the given queues; "fail" makes a call throw. */
function start(setup: {
  address?: string | null | "fail";
  generate?: (GenerateResult | "fail" | "unauthorized")[];
  refresh?: (RefreshResult | "fail")[];
  copy?: "fail";
}) {
  const clock = new SimulatedClock();
  const refreshQueue = [...(setup.refresh ?? [])];
  const generateQueue = [...(setup.generate ?? [])];
  const calls = {
    refresh: 0,
    generate: 0,
    get sync() {
      return received.filter((message) => message.type === "WALLET.MOVED").length;
    },
    copied: [] as string[],
  };
  const machine = depositMachine.provide({
    actors: {
      loadAddress: fromPromise(async () => {
        if (setup.address === "fail") throw new Error("offline");
        return setup.address ?? null;
      }),
      generate: fromPromise(async () => {
        calls.generate++;
        const next = generateQueue.shift() ?? "fail";
        if (next === "fail") throw new Error("refused");
        if (next === "unauthorized") throw { code: "UNAUTHORIZED", message: "No", status: 401 };
        return next;
      }),
      refresh: fromPromise(async () => {
        calls.refresh++;
        const next = refreshQueue.shift() ?? OK([]);
        if (next === "fail") throw new Error("boom");
        return next;
      }),
      copyAddress: fromPromise(async ({ input }: { input: { address: string } }) => {
        if (setup.copy === "fail") throw new Error("denied");
        calls.copied.push(input.address);
      }),
    },
  });
  // The root actor: each WALLET.MOVED it hears makes the taps actor read the balance again.
  const { app, received } = createFakeApp();
  const actor = createActor(machine, { clock, input: { app, userId: "u1" } });
  const toasts: string[] = [];
  let walletChanged = 0;
  actor.on("toast", (event) => toasts.push(`${event.tone}: ${event.title}`));
  actor.on("walletChanged", () => walletChanged++);
  actor.start();
  return { actor, clock, toasts, calls, walletChanged: () => walletChanged };
}

describe("deposit machine", () => {
  it("loads the saved address, then the chain balance and transfers, without toasting old deposits", async () => {
    const { actor, toasts, calls } = start({ address: ADDRESS, refresh: [OK([TX("a", "confirmed")], 10)] });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    await flush();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ ready: { chain: "idle" } })).toBe(true);
    expect(context).toMatchObject({ address: ADDRESS, balance: 10, explorer: "https://explorer/tx/" });
    expect(context.transactions).toHaveLength(1);
    expect(calls.refresh).toBe(1);
    expect(toasts).toEqual([]);
  });

  it("offers generation without an address; success with the save toasts the spec's words", async () => {
    const saved = start({ address: null, generate: [{ address: ADDRESS, saved: true }] });
    await flush();
    expect(saved.actor.getSnapshot().value).toBe("noAddress");
    saved.actor.send({ type: "GENERATE" });
    expect(saved.actor.getSnapshot().hasTag("busy")).toBe(true);
    await flush();
    expect(saved.actor.getSnapshot().context.address).toBe(ADDRESS);
    expect(saved.toasts).toEqual(["success: Wallet generated and saved successfully!"]);

    const unsaved = start({ address: null, generate: [{ address: ADDRESS, saved: false }] });
    await flush();
    unsaved.actor.send({ type: "GENERATE" });
    await flush();
    expect(unsaved.toasts).toEqual(["success: Wallet generated successfully!"]);
    expect(unsaved.actor.getSnapshot().matches("ready")).toBe(true);
  });

  it("a failed generation goes back to the prompt, or keeps a saved address", async () => {
    const fresh = start({ address: null, generate: ["fail"] });
    await flush();
    fresh.actor.send({ type: "GENERATE" });
    await flush();
    expect(fresh.actor.getSnapshot().value).toBe("noAddress");
    expect(fresh.toasts).toEqual(["error: Failed to generate wallet"]);

    const known = start({ address: ADDRESS, generate: ["fail"] });
    await flush();
    known.actor.send({ type: "GENERATE" });
    await flush();
    expect(known.actor.getSnapshot().matches("ready")).toBe(true);
    expect(known.actor.getSnapshot().context.address).toBe(ADDRESS);
    expect(known.toasts).toEqual(["error: Failed to generate wallet, saved state"]);
  });

  it("says Authentication Error when the server refuses the session", async () => {
    const { actor, toasts } = start({ address: null, generate: ["unauthorized"] });
    await flush();
    actor.send({ type: "GENERATE" });
    await flush();
    expect(toasts).toEqual(["error: Authentication Error"]);
  });

  it("says when the wallet could not load and retries on request", async () => {
    const { actor, toasts } = start({ address: "fail" });
    await flush();
    expect(actor.getSnapshot().value).toBe("loadFailed");
    expect(toasts).toEqual(["error: Failed to load wallet information"]);
    actor.send({ type: "RETRY" });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
  });

  it("toasts a deposit once when it turns confirmed, and reloads the wallet figures once", async () => {
    const { actor, clock, toasts, calls, walletChanged } = start({
      address: ADDRESS,
      refresh: [
        OK([TX("a", "pending", 25)]),
        OK([TX("a", "pending", 25)]),
        OK([TX("a", "confirmed", 25)]),
        OK([TX("a", "confirmed", 25)]),
      ],
    });
    await flush();
    await flush();
    // A pending deposit polls faster.
    clock.increment(PENDING_POLL_MS);
    await flush();
    expect(calls.refresh).toBe(2);
    clock.increment(PENDING_POLL_MS);
    await flush();
    expect(toasts).toEqual(["success: Deposit successful!"]);
    expect(walletChanged()).toBe(1);
    expect(calls.sync).toBe(1);
    actor.send({ type: "REFRESH" });
    await flush();
    expect(calls.refresh).toBe(4);
    expect(toasts).toEqual(["success: Deposit successful!"]);
  });

  it("toasts a deposit that arrives already confirmed after the first load, and a failed one", async () => {
    const { actor, toasts, clock } = start({
      address: ADDRESS,
      refresh: [OK([TX("b", "pending")]), OK([TX("c", "confirmed"), TX("b", "failed")])],
    });
    await flush();
    await flush();
    clock.increment(PENDING_POLL_MS);
    await flush();
    expect(toasts).toEqual(["success: Deposit successful!", "error: Failed to process deposit"]);
    expect(actor.getSnapshot().context.transactions.map((tx) => tx.status)).toEqual(["confirmed", "failed"]);
  });

  it("polls every 10 s when nothing is pending", async () => {
    const { clock, calls } = start({ address: ADDRESS });
    await flush();
    await flush();
    clock.increment(POLL_MS - 1);
    await flush();
    expect(calls.refresh).toBe(1);
    clock.increment(1);
    await flush();
    expect(calls.refresh).toBe(2);
  });

  it("names what failed: the balance, the transfers, or both", async () => {
    const { actor, toasts } = start({
      address: ADDRESS,
      refresh: [
        { balance: undefined, transactions: [TX("d", "confirmed")], explorer: null },
        { balance: 3, transactions: undefined, explorer: null },
      ],
    });
    await flush();
    await flush();
    expect(toasts).toEqual(["error: Failed to fetch wallet balance"]);
    expect(actor.getSnapshot().context.balance).toBeNull();
    actor.send({ type: "REFRESH" });
    await flush();
    expect(toasts).toEqual(["error: Failed to fetch wallet balance", "error: Failed to fetch transactions"]);
    expect(actor.getSnapshot().context.transactions).toHaveLength(1);
  });

  it("tells a failure on the background poll once, and again whenever the user presses Refresh", async () => {
    const failed: RefreshResult = { balance: undefined, transactions: undefined, explorer: null };
    const { actor, clock, toasts, calls } = start({
      address: ADDRESS,
      refresh: [failed, failed, failed, OK([]), failed],
    });
    await flush();
    await flush();
    const both = ["error: Failed to fetch wallet balance", "error: Failed to fetch transactions"];
    expect(toasts).toEqual(both);
    clock.increment(POLL_MS);
    await flush();
    expect(calls.refresh).toBe(2);
    expect(toasts).toEqual(both);
    actor.send({ type: "REFRESH" });
    await flush();
    expect(toasts).toEqual([...both, ...both]);
    // Working again, then failing again: told again.
    clock.increment(POLL_MS);
    await flush();
    clock.increment(POLL_MS);
    await flush();
    expect(calls.refresh).toBe(5);
    expect(toasts).toEqual([...both, ...both, ...both]);
  });

  it("treats the first load that lists transfers as the first load: no toast for deposits credited before", async () => {
    const { clock, toasts, calls } = start({
      address: ADDRESS,
      refresh: [
        { balance: 1, transactions: undefined, explorer: null },
        OK([TX("e", "confirmed")]),
        OK([TX("f", "confirmed"), TX("e", "confirmed")]),
      ],
    });
    await flush();
    await flush();
    clock.increment(POLL_MS);
    await flush();
    expect(toasts).toEqual(["error: Failed to fetch transactions"]);
    clock.increment(POLL_MS);
    await flush();
    expect(calls.refresh).toBe(3);
    expect(toasts).toEqual(["error: Failed to fetch transactions", "success: Deposit successful!"]);
  });

  it("copies the address with a toast, and says what to do when copying is refused", async () => {
    const ok = start({ address: ADDRESS });
    await flush();
    ok.actor.send({ type: "COPY" });
    await flush();
    expect(ok.calls.copied).toEqual([ADDRESS]);
    expect(ok.toasts).toEqual(["success: Address copied to clipboard"]);
    const refused = start({ address: ADDRESS, copy: "fail" });
    await flush();
    refused.actor.send({ type: "COPY" });
    await flush();
    expect(refused.toasts).toEqual(["error: Could not copy the address"]);
  });
});
