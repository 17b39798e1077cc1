/**
 * UI walks of the session machine's sign-in paths through the real /auth screen and protected layout:
 * generated from the machine (restore finds nothing stored, then LOGIN in its forms and outcomes).
 */
import { screen, waitFor } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AuthEvent } from "#src/machines/auth/auth.machine.ts";
import { authMachine } from "#src/machines/auth/auth.machine.ts";
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

const ADA = { email: "ada@example.com", password: "correct horse" };
const INVALID = { code: "INVALID_CREDENTIALS", message: "Invalid email or password.", status: 401 };
type App = ReturnType<typeof renderApp>;

const gestures = {
  LOGIN: async (app: App, event: Extract<AuthEvent, { type: "LOGIN" }>) => {
    const email = screen.getByLabelText("Email");
    const password = screen.getByLabelText("Password", { exact: true });
    await app.user.clear(email);
    await app.user.clear(password);
    if (event.email) await app.user.type(email, event.email);
    if (event.password) await app.user.type(password, event.password);
    await app.user.click(screen.getByRole("button", { name: "Login" }));
  },
} satisfies Partial<Record<AuthEvent["type"], (app: App, event: never) => Promise<void>>>;

// Start from "nothing stored" and explore only what a visitor on the login form can make happen.
const paths = generatePaths(authMachine, {
  input: { now: () => Date.now() },
  fakeActors: [],
  events: (snapshot) =>
    snapshot.matches("restoring")
      ? [{ type: "xstate.done.actor.restoreSession", output: null }]
      : snapshot.matches("signedOut")
        ? ([
            { type: "LOGIN", ...ADA },
            { type: "LOGIN", email: "", password: "" },
            {
              type: "xstate.done.actor.login",
              output: {
                accessToken: "a",
                refreshToken: "r",
                expiresAt: 0,
                user: { id: "u", email: ADA.email, name: "Ada", role: "user" },
              },
            },
            { type: "xstate.error.actor.login", error: INVALID },
          ] satisfies ModelEvent[])
        : [],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.formError, Boolean(snapshot.context.user)]),
}).filter((path) => !path.state.matches("restoring"));

describe("/auth?mode=login: walks", () => {
  it.each(paths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    backend.users.set(ADA.email, {
      id: "00000000-0000-4000-8000-000000000001",
      name: "Ada",
      role: "user",
      ...ADA,
    });
    const app = renderApp("/auth?mode=login&redirect=%2Ftap");
    try {
      await screen.findByRole("button", { name: "Login" });
      const steps = path.steps.filter((step) => step.event.type !== "xstate.init");
      for (const [index, step] of steps.entries()) {
        if (step.event.type !== "LOGIN") continue;
        const next = steps[index + 1]?.event.type;
        if (next === "xstate.error.actor.login") backend.failNext.set("login", { ...INVALID, status: 401 });
        if (!next && step.state.hasTag("busy")) backend.failNext.set("login", "hang");
        await gestures.LOGIN(app, step.event as Extract<AuthEvent, { type: "LOGIN" }>);
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
