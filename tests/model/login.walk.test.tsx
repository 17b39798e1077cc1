/**
 * UI walks of the session machine's sign-in paths through the real /auth screen and protected layout:
 * generated from the machine (restore finds nothing stored, then LOGIN in its forms and outcomes). The walk
 * model and the gestures live in tests/model/gestures/auth.gestures.ts, shared with the Playwright export.
 */
import { screen, waitFor } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AuthEvent } from "#src/machines/auth/auth.machine.ts";
import { authMachine } from "#src/machines/auth/auth.machine.ts";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import { renderApp } from "../client/render-app.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";
import { authGestures, LOGIN_ACCOUNT, loginWalkModel } from "./gestures/auth.gestures.ts";
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

const ADA = LOGIN_ACCOUNT;
type App = ReturnType<typeof renderApp>;
type Login = Extract<AuthEvent, { type: "LOGIN" }>;

// The paths and gestures are the exporter's too (tests/e2e/generated/auth.spec.ts).
const paths = generatePaths(authMachine, loginWalkModel).filter((path) => !path.state.matches("restoring"));
const login = (app: App, event: Login, next: ModelEvent | undefined) =>
  perform(app.user, authGestures.LOGIN(event, next), LOGIN_ACCOUNT);

describe("/auth?mode=login: walks", () => {
  it.each(paths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    backend.users.set(ADA.email, {
      id: "00000000-0000-4000-8000-000000000001",
      role: "user",
      ...ADA,
    });
    const app = renderApp("/auth?mode=login&redirect=%2Ftap");
    try {
      await screen.findByRole("button", { name: "Login" });
      const steps = path.steps.filter((step) => step.event.type !== "xstate.init");
      for (const [index, step] of steps.entries()) {
        if (step.event.type !== "LOGIN") continue;
        const next = steps[index + 1]?.event;
        // A refused login is a wrong password (the gesture types one); a login still out at the end hangs.
        if (!next && step.state.hasTag("busy")) backend.failNext.set("login", "hang");
        await login(app, step.event as Login, next);
      }
      const leaf = path.state;
      if (leaf.hasTag("busy")) {
        expect(await screen.findByRole("button", { busy: true })).toHaveProperty("disabled", true);
      } else if (leaf.matches("signedIn")) {
        expect(await screen.findByText(TOASTS.loginSuccess)).toBeTruthy();
        await waitFor(() => expect(app.location()).toBe("/tap"));
        expect(localStorage.getItem("auth_token")).toBeTruthy();
      } else if (leaf.context.formError) {
        expect(await screen.findByText(leaf.context.formError, { selector: "[role=alert]" })).toBeTruthy();
        expect(localStorage.getItem("auth_token")).toBeNull();
        if (steps.some((step) => step.event.type === "xstate.error.actor.login")) {
          expect(await screen.findByText(TOASTS.loginFailed)).toBeTruthy();
        }
      }
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
