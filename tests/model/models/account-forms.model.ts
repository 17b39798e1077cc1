/** The account forms' model (tests/model/account-forms.paths.test.ts): sign-up, forgot, reset and verify. */
import { accountFormsMachine } from "#src/machines/auth/account-forms.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";

const done = (id: string) => ({ type: `xstate.done.actor.${id}`, output: undefined });
const fail = (id: string) => ({
  type: `xstate.error.actor.${id}`,
  error: { code: "EMAIL_TAKEN", message: "An account with this email already exists.", status: 409 },
});

export const accountForms: ModelOptions<undefined> = {
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
    {
      type: "SIGNUP",
      name: "Ada",
      email: "ada@example.com",
      password: "password1",
      confirmPassword: "password1",
      referralCode: " ab12_CD-34 ",
    },
    {
      type: "SIGNUP",
      name: "Ada",
      email: "ada@example.com",
      password: "password1",
      confirmPassword: "password1",
      referralCode: "not a code!",
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

export const accountFormsModel = registerModel({
  name: "account-forms",
  file: "src/machines/auth/account-forms.machine.ts",
  machine: accountFormsMachine,
  suites: [{ name: "the four forms", options: accountForms, paths: "shortest" }],
});
