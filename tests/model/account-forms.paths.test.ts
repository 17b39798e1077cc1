import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { accountFormsMachine } from "#src/machines/auth/account-forms.machine.ts";
import { TOASTS, VALIDATION } from "#src/machines/auth/auth.messages.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const done = (id: string) => ({ type: `xstate.done.actor.${id}`, output: undefined });
const fail = (id: string) => ({
  type: `xstate.error.actor.${id}`,
  error: { code: "EMAIL_TAKEN", message: "An account with this email already exists.", status: 409 },
});

const model: ModelOptions<undefined> = {
  fakeActors: ["signup", "forgotPassword", "resetPassword", "verifyEmail"],
  events: [
    {
      type: "SIGNUP",
      name: " Ada ",
      email: " ada@example.com ",
      password: "password1",
      confirmPassword: "password1",
    },
    {
      type: "SIGNUP",
      name: "Ada",
      email: "ada@example.com",
      password: "password1",
      confirmPassword: "password2",
    },
    { type: "FORGOT", email: " ada@example.com" },
    { type: "FORGOT", email: "  " },
    { type: "RESET", token: "t", password: "short", confirmPassword: "short" },
    { type: "RESET", token: "t", password: "new password", confirmPassword: "new password" },
    { type: "VERIFY", token: "v" },
    { type: "FORM.CLEAR" },
    done("signup"),
    fail("signup"),
    done("forgotPassword"),
    fail("forgotPassword"),
    done("resetPassword"),
    done("verifyEmail"),
    fail("verifyEmail"),
    fail("resetPassword"),
    { type: "xstate.after.NAVIGATION_DELAY.accountForms.redirecting" },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.formError]),
};

const paths = generatePaths(accountFormsMachine, model);
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
    // What reaches the server is trimmed, and the confirmation never leaves the browser.
    for (const { src, input } of actorInputs) {
      if (src === "signup")
        expect(input).toEqual({ name: "Ada", email: "ada@example.com", password: "password1" });
      if (src === "forgotPassword") expect(input).toEqual({ email: "ada@example.com" });
      if (src === "resetPassword") expect(input).toEqual({ token: "t", password: "new password" });
      if (src === "verifyEmail") expect(input).toEqual({ token: "v" });
    }
  });
});
