/**
 * UI walks: paths generated from the account-forms machine, driven through the real /auth screen (routes,
 * components, machines, API client) with msw as the server. Each event type maps to a gesture
 * (tests/model/gestures/account-forms.gestures.ts, shared with the Playwright export); the map is typed
 * against the machine's events, so a new event does not compile until the walk can perform it.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AccountFormsEvent } from "#src/machines/auth/account-forms.machine.ts";
import { accountFormsMachine } from "#src/machines/auth/account-forms.machine.ts";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import { renderApp } from "../client/render-app.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";
import {
  accountFormsGestures,
  forms,
  formWalkModel,
  GOOD_PASSWORD,
  invokeOf,
  SIGNUP_EMAIL,
  serverErrors,
} from "./gestures/account-forms.gestures.ts";
import type { Gesture } from "./gestures/actions.ts";
import { perform } from "./gestures/testing-library.ts";
import { describePath, generatePaths, type ModelEvent } from "./path-runner.ts";

const backend = createFakeBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.failNext.clear();
});
afterAll(() => server.close());

type FormEvent = Exclude<AccountFormsEvent, { type: "FORM.CLEAR" }>;

const routeRequest: Record<FormEvent["type"], string> = {
  SIGNUP: "signup",
  FORGOT: "forgot",
  RESET: "reset",
  VERIFY: "verify",
};
/** The person on the walks: the email the msw backend sees (each exported test signs up its own). */
const WALKER = { name: "Ada", email: SIGNUP_EMAIL, password: GOOD_PASSWORD };
const gestureFor = (event: FormEvent, next: ModelEvent | undefined) =>
  // The form gestures read neither snapshot around the step.
  (accountFormsGestures[event.type] as Gesture<FormEvent>)(event, next, undefined as never);

for (const form of forms) {
  const invoke = invokeOf[form.events[0].type];
  // The same model and gestures as the Playwright export (tests/e2e/generated/account-forms.spec.ts).
  const paths = generatePaths(accountFormsMachine, formWalkModel(form)).filter(
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
          if (!(step.event.type in accountFormsGestures)) continue; // completions and timers happen by themselves
          const next = steps[index + 1]?.event.type;
          const failure = serverErrors[invoke];
          if (next === `xstate.error.actor.${invoke}` && failure)
            backend.failNext.set(failure.route, failure);
          if (!next) backend.failNext.set(routeRequest[step.event.type as FormEvent["type"]], "hang");
          await perform(app.user, gestureFor(step.event as FormEvent, steps[index + 1]?.event), WALKER);
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
