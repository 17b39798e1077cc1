import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ApiError } from "#src/api/errors.ts";
import { formInput } from "./admin.forms.ts";
import { FILL_ALL_FIELDS } from "./admin.messages.ts";
import type { FormSuccess } from "./admin.types.ts";
import { adminFormMachine, type SubmitInput } from "./admin-form.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const USER = { id: "u1", label: "p@example.com", multiplier: 0.001 };
const FUNDED: FormSuccess = {
  title: "Wallet Funded",
  description: "Successfully funded the user's wallet with 5 USDT",
};
const failure = (status: number, code: string): ApiError => ({ code, message: code, status });

function start(form: "fundWallet" | "createAdmin", outcomes: (FormSuccess | ApiError)[]) {
  const submitted: SubmitInput[] = [];
  let ids = 0;
  const actor = createActor(
    adminFormMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }: { input: SubmitInput }) => {
          submitted.push(input);
          const next = outcomes.shift();
          if (next && "title" in next) return next;
          throw next ?? failure(0, "NETWORK_ERROR");
        }),
      },
    }),
    { input: formInput(form, () => `k${++ids}`, form === "fundWallet" ? USER : null) },
  );
  const toasts: string[] = [];
  actor.on("toast", (event) => toasts.push(`${event.title}: ${event.description}`));
  actor.start();
  const submit = async () => {
    actor.send({ type: "SUBMIT" });
    await flush();
  };
  return { actor, submitted, toasts, submit, keys: () => submitted.map((input) => input.key) };
}

describe("admin form machine", () => {
  it("holds only its own fields: a name that is not the form's changes nothing and is never sent", async () => {
    const { actor, submitted } = start("fundWallet", [FUNDED]);
    actor.send({ type: "CHANGE", name: "userId", value: "u-other" });
    expect(actor.getSnapshot().context.fields).toEqual({ amount: "" });
    actor.send({ type: "CHANGE", name: "amount", value: "5" });
    actor.send({ type: "SUBMIT" });
    await flush();
    expect(submitted.map((input) => input.fields)).toEqual([{ amount: "5" }]);
  });

  it("refuses empty fields without a call, submits busy, then toasts and ends succeeded", async () => {
    const { actor, submitted, toasts, submit } = start("fundWallet", [FUNDED]);
    await submit();
    expect(toasts).toEqual([`Error: ${FILL_ALL_FIELDS}`]);
    expect(submitted).toEqual([]);
    actor.send({ type: "CHANGE", name: "amount", value: "  " });
    await submit();
    expect(submitted).toEqual([]);
    actor.send({ type: "CHANGE", name: "amount", value: "5" });
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await flush();
    expect(submitted).toEqual([{ form: "fundWallet", fields: { amount: "5" }, target: USER, key: "k1" }]);
    expect(toasts.at(-1)).toBe(`${FUNDED.title}: ${FUNDED.description}`);
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({ succeeded: true });
  });

  it("a dialog that is cancelled ends without success; it cannot be closed while submitting", async () => {
    const busy = start("fundWallet", []);
    busy.actor.send({ type: "CHANGE", name: "amount", value: "5" });
    busy.actor.send({ type: "SUBMIT" });
    busy.actor.send({ type: "CLOSE" });
    expect(busy.actor.getSnapshot().matches("submitting")).toBe(true);
    const { actor } = start("fundWallet", []);
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().output).toEqual({ succeeded: false });
  });

  it.each([
    ["no answer", failure(0, "NETWORK_ERROR")],
    ["a server failure", failure(500, "SERVER_ERROR")],
    ["409 CONFLICT: the server is still working on the key", failure(409, "CONFLICT")],
  ])(
    "keeps the inputs and the key after %s, so pressing again cannot move money twice",
    async (_name, error) => {
      const { actor, toasts, submit, keys } = start("fundWallet", [error, FUNDED]);
      actor.send({ type: "CHANGE", name: "amount", value: "5" });
      await submit();
      expect(toasts.at(-1)).toBe("Error: Failed to fund wallet. Please try again.");
      expect(actor.getSnapshot().context.fields).toEqual({ amount: "5" });
      await submit();
      expect(keys()).toEqual(["k1", "k1"]);
    },
  );

  it.each([
    ["a refusal", failure(409, "INSUFFICIENT_POOL_BALANCE")],
    ["another body under the key", failure(422, "IDEMPOTENCY_MISMATCH")],
    ["bad input", failure(400, "VALIDATION_ERROR")],
    ["an unknown user", failure(404, "NOT_FOUND")],
  ])("takes a new key after %s: the next press is a new request", async (_name, error) => {
    const { actor, submit, keys } = start("fundWallet", [error, FUNDED]);
    actor.send({ type: "CHANGE", name: "amount", value: "5" });
    await submit();
    await submit();
    expect(keys()).toEqual(["k1", "k2"]);
  });

  it("takes a new key when the fields change after an unknown outcome", async () => {
    const { actor, submit, keys } = start("fundWallet", [failure(0, "NETWORK_ERROR"), FUNDED]);
    actor.send({ type: "CHANGE", name: "amount", value: "5" });
    await submit();
    actor.send({ type: "CHANGE", name: "amount", value: "6" });
    await submit();
    expect(keys()).toEqual(["k1", "k2"]);
  });

  it("the form on a page (Create New Admin) stays, clears after a success and takes a new key", async () => {
    const created = { title: "Admin Created", description: "Successfully created admin user with a@b.c" };
    const { actor, submit, keys } = start("createAdmin", [created, created]);
    const fill = () => {
      for (const [name, value] of Object.entries({ name: "A", email: "a@b.c", password: "pw" }))
        actor.send({ type: "CHANGE", name, value });
    };
    fill();
    await submit();
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    expect(actor.getSnapshot().context.fields).toEqual({ name: "", email: "", password: "" });
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
    fill();
    await submit();
    expect(keys()).toEqual(["k1", "k2"]);
  });
});
