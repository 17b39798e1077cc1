import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { ApiError } from "#src/api/errors.ts";
import type { TokenTransferAnswer, WithdrawalStatusAnswer } from "#src/api/wallet.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import {
  addressProblem,
  amountProblem,
  FOLLOW_MS,
  withdrawProblem,
  withdrawUsdtMachine,
} from "./withdraw-usdt.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const TO = "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K";
const ID = "00000000-0000-4000-8000-000000000001";
const ACCEPTED: TokenTransferAnswer = {
  success: true,
  withdrawal: { id: ID, status: "pending", amount: 300, to: TO },
};
const status = (s: WithdrawalStatusAnswer["status"]): WithdrawalStatusAnswer => ({
  id: ID,
  status: s,
  amount: 300,
  to: TO,
  reason: null,
  txId: "ab",
});
const failure = (status: number, code: string): ApiError => ({
  status,
  code,
  message: `server says ${code}`,
});

function start(
  outcomes: (TokenTransferAnswer | ApiError)[],
  checks: (WithdrawalStatusAnswer[] | "fail")[] = [],
) {
  const clock = new SimulatedClock();
  const sent: { to: string; amount: number; idempotencyKey: string }[] = [];
  const checkQueue = [...checks];
  let ids = 0;
  const machine = withdrawUsdtMachine.provide({
    actors: {
      transfer: fromPromise(
        async ({ input }: { input: { to: string; amount: number; idempotencyKey: string } }) => {
          sent.push(input);
          const next = outcomes.shift();
          if (!next) return new Promise<TokenTransferAnswer>(() => {});
          if ("success" in next) return next;
          throw next;
        },
      ),
      checkWithdrawals: fromPromise(async () => {
        const next = checkQueue.shift() ?? [status("pending")];
        if (next === "fail") throw new Error("offline");
        return next;
      }),
    },
  });
  // The root actor: each WALLET.MOVED it hears makes the taps actor read the balance again.
  const { app, received } = createFakeApp();
  const syncs = () => received.filter((message) => message.type === "WALLET.MOVED").length;
  const actor = createActor(machine, { clock, input: { app, newId: () => `key-${++ids}` } });
  const toasts: string[] = [];
  actor.on("toast", (event) => toasts.push(`${event.tone}: ${event.title}`));
  actor.start();
  const fill = (to: string, amount: string) => {
    actor.send({ type: "TO.CHANGE", value: to });
    actor.send({ type: "AMOUNT.CHANGE", value: amount });
  };
  return { actor, clock, toasts, sent, fill, syncs };
}

describe("withdrawProblem", () => {
  it("explains every reason the form cannot be sent", () => {
    expect(withdrawProblem("", "300")).toBe("Enter the TRC20 address to send to.");
    expect(withdrawProblem(`${TO.slice(0, -1)}L`, "300")).toBe(
      "Enter a valid TRC20 address (starts with T, 34 characters).",
    );
    expect(withdrawProblem(TO, "")).toBe("Enter an amount above 0.");
    expect(withdrawProblem(TO, "0")).toBe("Enter an amount above 0.");
    expect(withdrawProblem(TO, "299.999999")).toBe("The minimum withdrawal is 300 USDT.");
    expect(withdrawProblem(` ${TO} `, "300")).toBeNull();
    expect(withdrawProblem(TO, "300.0000001")).toBe("USDT has at most 6 decimals.");
    expect(withdrawProblem(TO, "300.000001")).toBeNull();
  });

  it("names each field's own problem, so the screen shows it beside that field", () => {
    expect(addressProblem("T123")).toBe("Enter a valid TRC20 address (starts with T, 34 characters).");
    expect(addressProblem("0x52908400098527886E0F7030069857D2E4169EE7")).not.toBeNull();
    expect(addressProblem(TO)).toBeNull();
    expect(amountProblem("-5")).toBe("Enter an amount above 0.");
    expect(amountProblem("300")).toBeNull();
  });
});

describe("withdraw USDT machine", () => {
  it("ignores non-numeric amounts, and Max fills the whole balance", () => {
    const { actor } = start([]);
    actor.send({ type: "AMOUNT.CHANGE", value: "3a" });
    expect(actor.getSnapshot().context.amount).toBe("");
    actor.send({ type: "MAX", balance: 512.25 });
    expect(actor.getSnapshot().context.amount).toBe("512.25");
  });

  it("does not send an invalid form, and refuses more than the balance with the spec's toast", () => {
    const { actor, fill, sent, toasts } = start([ACCEPTED]);
    fill(TO, "299");
    actor.send({ type: "SUBMIT", balance: 1000 });
    expect(sent).toEqual([]);
    fill(TO, "300.01");
    actor.send({ type: "SUBMIT", balance: 300 });
    expect(sent).toEqual([]);
    expect(toasts).toEqual(["error: Insufficient balance for withdrawal"]);
  });

  it("submits, clears the form, follows the withdrawal and toasts its confirmation once", async () => {
    const { actor, fill, sent, toasts, clock, syncs } = start(
      [ACCEPTED],
      [[status("pending")], [status("confirmed")]],
    );
    fill(TO, "300");
    actor.send({ type: "SUBMIT", balance: 300 });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await flush();
    expect(sent).toEqual([{ to: TO, amount: 300, idempotencyKey: "key-1" }]);
    expect(actor.getSnapshot().context).toMatchObject({ to: "", amount: "", following: [ID] });
    expect(toasts).toEqual(["success: Withdrawal submitted"]);
    expect(syncs()).toBe(1);
    clock.increment(FOLLOW_MS);
    await flush();
    expect(toasts).toHaveLength(1);
    clock.increment(FOLLOW_MS);
    await flush();
    expect(toasts).toEqual(["success: Withdrawal submitted", "success: Withdrawal successful!"]);
    expect(actor.getSnapshot().context.following).toEqual([]);
    expect(syncs()).toBe(2);
    clock.increment(FOLLOW_MS * 3);
    await flush();
    expect(toasts).toHaveLength(2);
  });

  it("says the money is back when the chain refuses the withdrawal", async () => {
    const { actor, fill, toasts, clock } = start([ACCEPTED], ["fail", [status("failed")]]);
    fill(TO, "300");
    actor.send({ type: "SUBMIT", balance: 300 });
    await flush();
    clock.increment(FOLLOW_MS);
    await flush();
    clock.increment(FOLLOW_MS);
    await flush();
    expect(toasts).toEqual(["success: Withdrawal submitted", "error: Failed to process withdrawal"]);
  });

  it("keeps the Idempotency-Key after an unknown outcome and renews it after a definitive refusal", async () => {
    const { actor, fill, sent, toasts } = start([
      failure(0, "NETWORK_ERROR"),
      failure(409, "INSUFFICIENT_BALANCE"),
      failure(400, "VALIDATION_ERROR"),
    ]);
    fill(TO, "300");
    actor.send({ type: "SUBMIT", balance: 300 });
    await flush();
    actor.send({ type: "SUBMIT", balance: 300 });
    await flush();
    actor.send({ type: "SUBMIT", balance: 300 });
    await flush();
    expect(sent.map((s) => s.idempotencyKey)).toEqual(["key-1", "key-1", "key-2"]);
    expect(toasts).toEqual([
      "error: Failed to process withdrawal",
      "error: Insufficient balance for withdrawal",
      "error: Failed to process withdrawal",
    ]);
    expect(actor.getSnapshot().context.amount).toBe("300");
  });

  it("a changed amount after an unknown outcome is a new request with a new key", async () => {
    const { actor, fill, sent } = start([failure(503, "CHAIN_UNAVAILABLE"), ACCEPTED]);
    fill(TO, "300");
    actor.send({ type: "SUBMIT", balance: 400 });
    await flush();
    fill(TO, "301");
    actor.send({ type: "SUBMIT", balance: 400 });
    await flush();
    expect(sent.map((s) => s.idempotencyKey)).toEqual(["key-1", "key-2"]);
  });
});

describe("withdraw USDT machine: a withdrawal held for review (docs/fair-play.md)", () => {
  const HELD: TokenTransferAnswer = {
    success: true,
    withdrawal: { ...ACCEPTED.withdrawal, status: "review" },
  };
  const descriptions = (actor: ReturnType<typeof start>["actor"]) => {
    const seen: string[] = [];
    actor.on("toast", (event) => seen.push(`${event.title}: ${event.description ?? ""}`));
    return seen;
  };

  it("says it awaits review, keeps following it while held, and tells the admin's reason when rejected", async () => {
    const { actor, fill, toasts, clock } = start(
      [HELD],
      [[status("review")], [status("review")], [{ ...status("failed"), reason: "Too many accounts." }]],
    );
    const seen = descriptions(actor);
    fill(TO, "300");
    actor.send({ type: "SUBMIT", balance: 300 });
    await flush();
    expect(seen).toEqual([
      "Withdrawal awaiting review: An admin reviews it before it is sent; the USDT stays reserved meanwhile.",
    ]);
    for (let poll = 0; poll < 2; poll++) {
      clock.increment(FOLLOW_MS);
      await flush();
    }
    expect(actor.getSnapshot().context.following).toEqual([ID]);
    expect(toasts).toHaveLength(1);
    clock.increment(FOLLOW_MS);
    await flush();
    expect(seen.at(-1)).toBe(
      "Failed to process withdrawal: Rejected: Too many accounts. The 300 USDT is back in your wallet.",
    );
    expect(actor.getSnapshot().context.following).toEqual([]);
  });

  it("follows an approved one by its live events until the chain confirms it", async () => {
    const { actor, fill, toasts } = start([HELD]);
    actor.send({ type: "STREAM.UP" });
    fill(TO, "300");
    actor.send({ type: "SUBMIT", balance: 300 });
    await flush();
    const push = (status: "review" | "pending" | "confirmed") =>
      actor.send({ type: "WITHDRAWAL.UPDATED", id: ID, amount: 300, status, txId: null, reason: null });
    push("review");
    push("pending");
    expect(actor.getSnapshot().context.following).toEqual([ID]);
    push("confirmed");
    expect(toasts).toEqual(["success: Withdrawal awaiting review", "success: Withdrawal successful!"]);
  });
});
