import { describe, expect, it } from "vitest";
import { type AnyMachineSnapshot, createActor, fromPromise } from "xstate";
import { accountFormsMachine } from "#src/machines/auth/account-forms.machine.ts";
import { TOASTS, VALIDATION } from "#src/machines/auth/auth.messages.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import { accountFormsModel, accountForms as model } from "./models/account-forms.model.ts";
import { activeStateIds, allStateIds, describePath, replayPath } from "./path-runner.ts";

const paths = suitePaths(accountFormsModel, accountFormsModel.suites[0]);
const sameState = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.formError).toBe(expected.context.formError);
};

describe("account forms machine: generated paths", () => {
  it("reaches every state node", () => {
    const reached = new Set(paths.flatMap((path) => activeStateIds(path.state)));
    expect(allStateIds(accountFormsMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it("shows every validation message of docs/product.md §5 somewhere", () => {
    const messages = new Set(paths.map((path) => path.state.context.formError));
    expect(messages).toContain(VALIDATION.passwordsMismatch);
    expect(messages).toContain(VALIDATION.passwordTooShort);
    expect(messages).toContain(VALIDATION.emailRequired);
    expect(messages).toContain(VALIDATION.referralCodeInvalid);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
    const { emitted, actorInputs } = await replayPath(accountFormsMachine, path, model, sameState);
    const types = path.steps.map((step) => step.event.type);
    const titles = emitted.filter((event) => event.type === "toast").map((event) => String(event.title));
    if (types.includes("xstate.done.actor.signup")) expect(titles).toContain(TOASTS.signupSuccess);
    if (types.includes("xstate.error.actor.signup")) expect(titles).toContain(TOASTS.signupFailed);
    if (types.includes("xstate.done.actor.forgotPassword")) expect(titles).toContain(TOASTS.forgotSuccess);
    if (types.some((type) => type.startsWith("xstate.after"))) {
      expect(emitted).toContainEqual({ type: "navigate", href: "/auth?mode=login" });
    }
    // What reaches the server is trimmed, and the confirmation never leaves the browser; a referral code
    // goes only when one was given, and only a valid one.
    const signups = path.steps.filter((step) => step.event.type === "SIGNUP").map((step) => step.event);
    for (const { src, input } of actorInputs) {
      if (src === "signup") {
        const withCode = signups.some(
          (event) => "referralCode" in event && event.referralCode === " ab12_CD-34 ",
        );
        const account = { name: "Ada", email: "ada@example.com", password: "password1" };
        expect([account, { ...account, referralCode: "ab12_CD-34" }]).toContainEqual(input);
        if (!withCode) expect(input).toEqual(account);
      }
      if (src === "forgotPassword") expect(input).toEqual({ email: "ada@example.com" });
      if (src === "resetPassword") expect(input).toEqual({ token: "t", password: "new password" });
      if (src === "verifyEmail") expect(input).toEqual({ token: "v" });
    }
  });
});

describe("account forms machine: the invitation's referral code", () => {
  const signUp = async (referralCode: string | undefined) => {
    const inputs: unknown[] = [];
    const actor = createActor(
      accountFormsMachine.provide({
        actors: { signup: fromPromise(async ({ input }) => void inputs.push(input)) },
      }),
    ).start();
    const form = {
      name: "Ada",
      email: "ada@example.com",
      password: "password1",
      confirmPassword: "password1",
    };
    actor.send({ type: "SIGNUP", ...form, ...(referralCode === undefined ? {} : { referralCode }) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { inputs, formError: actor.getSnapshot().context.formError };
  };
  const account = { name: "Ada", email: "ada@example.com", password: "password1" };

  it("goes to the server trimmed; an empty field sends none", async () => {
    expect((await signUp(" ab12_CD-34 ")).inputs).toEqual([{ ...account, referralCode: "ab12_CD-34" }]);
    expect((await signUp("   ")).inputs).toEqual([account]);
    expect((await signUp(undefined)).inputs).toEqual([account]);
  });

  it.each(["abc", "has space", "x".repeat(33), "émoji"])(
    "%j is refused before anything is sent",
    async (code) => {
      const { inputs, formError } = await signUp(code);
      expect(inputs).toEqual([]);
      expect(formError).toBe(VALIDATION.referralCodeInvalid);
    },
  );
});
