/**
 * UI walks: paths generated from the account-forms machine, driven through the real /auth screen (routes,
 * components, machines, API client) with msw as the server. Each event type maps to a gesture; the map is
 * typed against the machine's events, so a new event does not compile until the walk can perform it.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AccountFormsEvent } from "#src/machines/auth/account-forms.machine.ts";
import { accountFormsMachine } from "#src/machines/auth/account-forms.machine.ts";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import { renderApp } from "../client/render-app.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";
import { describePath, generatePaths, type ModelEvent } from "./path-runner.ts";

const backend = createFakeBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.failNext.clear();
});
afterAll(() => server.close());

type App = ReturnType<typeof renderApp>;
type Gesture<E> = (app: App, event: E) => Promise<void>;
type FormEvent = Exclude<AccountFormsEvent, { type: "FORM.CLEAR" }>;

const fill = async (app: App, label: string, value: string) => {
  const field = screen.getByLabelText(label, { exact: true });
  await app.user.clear(field);
  if (value) await app.user.type(field, value);
};

const gestures = {
  SIGNUP: async (app, event) => {
    await fill(app, "Full Name", event.name);
    await fill(app, "Email", event.email);
    await fill(app, "Password", event.password);
    await fill(app, "Confirm Password", event.confirmPassword);
    await fill(app, "Referral code (optional)", event.referralCode ?? "");
    await app.user.click(screen.getByRole("button", { name: "Sign Up" }));
  },
  FORGOT: async (app, event) => {
    await fill(app, "Email", event.email);
    await app.user.click(screen.getByRole("button", { name: "Send Reset Link" }));
  },
  RESET: async (app, event) => {
    await fill(app, "New Password", event.password);
    await fill(app, "Confirm Password", event.confirmPassword);
    await app.user.click(screen.getByRole("button", { name: "Set New Password" }));
  },
  // Opening the emailed link is the gesture: the page sends VERIFY itself.
  VERIFY: async () => {},
} satisfies { [K in FormEvent["type"]]: Gesture<Extract<FormEvent, { type: K }>> };

/** How the server fails each call in the walks; the model's error events carry the same words. */
const serverErrors: Record<string, { route: string; status: number; code: string; message: string }> = {
  signup: {
    route: "signup",
    status: 409,
    code: "EMAIL_TAKEN",
    message: "An account with this email already exists.",
  },
  forgotPassword: {
    route: "forgot",
    status: 429,
    code: "RATE_LIMITED",
    message: "Too many requests. Try again later.",
  },
  verifyEmail: {
    route: "verify",
    status: 400,
    code: "INVALID_TOKEN",
    message: "This link is invalid or has expired.",
  },
  resetPassword: {
    route: "reset",
    status: 400,
    code: "INVALID_RESET_TOKEN",
    message: "This reset link is invalid or has expired. Please request a new one.",
  },
};
const invokeOf: Record<FormEvent["type"], string> = {
  SIGNUP: "signup",
  FORGOT: "forgotPassword",
  RESET: "resetPassword",
  VERIFY: "verifyEmail",
};
const routeRequest: Record<FormEvent["type"], string> = {
  SIGNUP: "signup",
  FORGOT: "forgot",
  RESET: "reset",
  VERIFY: "verify",
};

const forms = [
  {
    mode: "signup",
    events: [
      {
        type: "SIGNUP",
        name: "Ada",
        email: "ada@example.com",
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
        name: "",
        email: "ada@example.com",
        password: "password1",
        confirmPassword: "password1",
      },
      { type: "SIGNUP", name: "Ada", email: "ada@example.com", password: "short", confirmPassword: "short" },
    ],
  },
  {
    mode: "forgot",
    events: [
      { type: "FORGOT", email: "ada@example.com" },
      { type: "FORGOT", email: "" },
    ],
  },
  {
    mode: "reset&token=good-token",
    events: [
      { type: "RESET", token: "good-token", password: "new password", confirmPassword: "new password" },
      { type: "RESET", token: "good-token", password: "new password", confirmPassword: "other password" },
    ],
  },
  { mode: "verify&token=good-token", events: [{ type: "VERIFY", token: "good-token" }] },
] as const;

for (const form of forms) {
  const invoke = invokeOf[form.events[0].type];
  const paths = generatePaths(accountFormsMachine, {
    fakeActors: [],
    events: [
      ...(form.events as readonly ModelEvent[]),
      { type: `xstate.done.actor.${invoke}` },
      { type: `xstate.error.actor.${invoke}`, error: serverErrors[invoke] },
      { type: "xstate.after.NAVIGATION_DELAY.accountForms.redirecting" },
    ],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.formError]),
  }).filter(
    // The verify page sends VERIFY once, when it opens: only paths with exactly that one VERIFY are walkable.
    (path) =>
      invoke !== "verifyEmail" || path.steps.filter((step) => step.event.type === "VERIFY").length === 1,
  );

  describe(`/auth?mode=${form.mode}: walks`, () => {
    it.each(paths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
      if (invoke === "verifyEmail") {
        const types = path.steps.map((step) => step.event.type);
        const failure = serverErrors.verifyEmail!;
        if (types.includes("xstate.error.actor.verifyEmail")) backend.failNext.set(failure.route, failure);
        else if (types.at(-1) === "VERIFY") backend.failNext.set("verify", "hang");
      }
      const app = renderApp(`/auth?mode=${form.mode}`);
      try {
        await screen.findByRole("heading", { level: 1 });
        const steps = path.steps.filter((step) => step.event.type !== "xstate.init");
        for (const [index, step] of steps.entries()) {
          const gesture = gestures[step.event.type as FormEvent["type"]] as Gesture<FormEvent> | undefined;
          if (!gesture) continue; // completions and timers happen by themselves
          const next = steps[index + 1]?.event.type;
          const failure = serverErrors[invoke];
          if (next === `xstate.error.actor.${invoke}` && failure)
            backend.failNext.set(failure.route, failure);
          if (!next) backend.failNext.set(routeRequest[step.event.type as FormEvent["type"]], "hang");
          await gesture(app, step.event as FormEvent);
        }

        // The leaf state, as the user sees it.
        const leaf = path.state;
        if (leaf.matches("idle") && leaf.context.formError) {
          expect(await screen.findByText(leaf.context.formError, { selector: "[role=alert]" })).toBeTruthy();
        }
        if (leaf.hasTag("busy") && invoke === "verifyEmail") {
          expect(await screen.findByText("Confirming your email...")).toBeTruthy();
        } else if (leaf.hasTag("busy")) {
          const busyButton = await screen.findByRole("button", { busy: true });
          expect(busyButton).toHaveProperty("disabled", true);
        }
        if (leaf.matches("idle") && !leaf.context.formError && form.mode === "forgot" && steps.length > 0) {
          expect(await screen.findByText(TOASTS.forgotSuccess)).toBeTruthy();
        }
        if (leaf.matches("redirecting") || steps.some((step) => step.event.type.startsWith("xstate.after"))) {
          const expected =
            invoke === "signup"
              ? TOASTS.signupSuccess
              : invoke === "verifyEmail"
                ? TOASTS.verifySuccess
                : TOASTS.resetSuccess;
          expect(await screen.findByText(expected)).toBeTruthy();
          await waitFor(() => expect(app.location()).toBe("/auth?mode=login"));
          expect(within(document.body).getByRole("button", { name: "Login" })).toBeTruthy();
        }
      } finally {
        await app.stop();
        app.unmount();
      }
    });
  });
}
