/**
 * UI walks of User Management through the real app (routes, machines, API client) with msw as the server
 * (tests/msw/fake-admin.ts). The fake records the query every list request carried, so these walks assert
 * what the SERVER was asked when the admin types a search, clicks a sortable header or pages, table by
 * table, not merely what the screen shows. The Fund User Wallet dialog is walked along paths generated from
 * the form machine, each step a gesture, each answer released by the test; on every path the
 * Idempotency-Key rule is checked on the calls the server received.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { createAdminSessionStore } from "#src/api/admin-session-store.ts";
import { formInput } from "#src/machines/admin/admin.forms.ts";
import { type AdminFormEvent, adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { renderApp } from "../client/render-app.tsx";
import { createFakeBackend } from "../msw/fake-backend.ts";
import type { InjectedFailure } from "../msw/fake-rewards.ts";
import { describePath, generateTransitionPaths, type ModelEvent } from "./path-runner.ts";
import { findToast } from "./signed-in.tsx";

const backend = createFakeBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.admin.clear();
});
afterAll(() => server.close());

type App = ReturnType<typeof renderApp>;

/** Stores a live admin session the way the admin login does, and renders `path`. */
function renderAdmin(path: string) {
  const { session, user } = backend.signedIn("Root Admin", "admin");
  createAdminSessionStore(localStorage).write({
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at,
    user: { id: user.id, email: user.email, name: user.name, role: "admin" },
  });
  return renderApp(path);
}

const FUNDED = "Users with Funded Wallets";
const UNFUNDED = "Users without Funded Wallets";
const section = (name: string) => screen.getByRole("heading", { name, level: 2 }).closest("section")!;
const table = (name: string) => within(section(name)).getByRole("table");
const emails = (name: string) =>
  within(table(name))
    .queryAllByRole("row")
    .slice(1)
    .map((row) => within(row).queryAllByRole("cell")[0]?.textContent);
const last = (route: "funded" | "unfunded") => backend.admin.requestsOf(route).at(-1);

describe("User Management: what the server is asked", () => {
  it("a search, a sortable header and paging each reach the server, for their own table only", async () => {
    backend.admin.seed([
      { email: "ada.b@example.com", points: 5 },
      { email: "ada.a@example.com", points: 9 },
      { email: "ada.d@example.com", points: 1 },
      { email: "ada.c@example.com", points: 3 },
      { email: "bob@example.com", points: 7 },
      { email: "funded.b@example.com", walletBalance: 5, points: 2 },
      { email: "funded.a@example.com", walletBalance: 9, points: 8 },
      { email: "rich@example.com", walletBalance: 1, points: 4 },
    ]);
    const app = renderAdmin("/admin/users");
    try {
      await waitFor(() => expect(emails(UNFUNDED)).toHaveLength(3));
      expect(last("unfunded")).toEqual({ route: "unfunded", q: null, sort: null, cursor: null });

      // Typing a search.
      const unfundedSearch = within(section(UNFUNDED)).getByRole("searchbox", { name: "Search by email" });
      await app.user.type(unfundedSearch, "ada");
      await waitFor(() => expect(last("unfunded")?.q).toBe("ada"));
      await waitFor(() =>
        expect(emails(UNFUNDED)).toEqual(["ada.a@example.com", "ada.b@example.com", "ada.c@example.com"]),
      );
      expect(app.location()).toContain("uq=ada");

      // Clicking a sortable header: ascending, then descending.
      await app.user.click(within(table(UNFUNDED)).getByRole("button", { name: /Email/ }));
      await waitFor(() =>
        expect(last("unfunded")).toMatchObject({ q: "ada", sort: "email:asc", cursor: null }),
      );
      await app.user.click(within(table(UNFUNDED)).getByRole("button", { name: /Email/ }));
      await waitFor(() => expect(last("unfunded")).toMatchObject({ q: "ada", sort: "email:desc" }));
      await waitFor(() =>
        expect(emails(UNFUNDED)).toEqual(["ada.d@example.com", "ada.c@example.com", "ada.b@example.com"]),
      );
      expect(
        within(table(UNFUNDED)).getByRole("columnheader", { name: /Email/ }).getAttribute("aria-sort"),
      ).toBe("descending");

      // Paging: Next sends the server's cursor, Previous goes back without one.
      const nextCursor = btoa(JSON.stringify({ offset: 3 }));
      await app.user.click(within(section(UNFUNDED)).getByRole("button", { name: "Next" }));
      await waitFor(() =>
        expect(last("unfunded")).toEqual({
          route: "unfunded",
          q: "ada",
          sort: "email:desc",
          cursor: nextCursor,
        }),
      );
      await waitFor(() => expect(emails(UNFUNDED)).toEqual(["ada.a@example.com"]));
      expect(within(section(UNFUNDED)).getByText("Page 2")).toBeTruthy();
      await app.user.click(within(section(UNFUNDED)).getByRole("button", { name: "Previous" }));
      await waitFor(() => expect(last("unfunded")).toMatchObject({ sort: "email:desc", cursor: null }));

      // The other table kept its own query all along.
      expect(
        new Set(backend.admin.requestsOf("funded").map(({ q, sort, cursor }) => [q, sort, cursor].join())),
      ).toEqual(new Set([",,"]));
      await app.user.type(
        within(section(FUNDED)).getByRole("searchbox", { name: "Search by email" }),
        "funded",
      );
      // A numeric column sorts from the highest first.
      await app.user.click(within(table(FUNDED)).getByRole("button", { name: /Points/ }));
      await waitFor(() => expect(last("funded")).toMatchObject({ q: "funded", sort: "points:desc" }));
      await waitFor(() => expect(emails(FUNDED)).toEqual(["funded.a@example.com", "funded.b@example.com"]));
      expect(last("unfunded")).toMatchObject({ q: "ada", sort: "email:desc", cursor: null });
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("a link with a search, sort and page opens on those rows, and asks for exactly them", async () => {
    backend.admin.seed(["c", "a", "b", "d", "e"].map((letter) => ({ email: `${letter}@example.com` })));
    const cursor = btoa(JSON.stringify({ offset: 3 }));
    const app = renderAdmin(`/admin/users?usort=%22email%3Adesc%22&ucursors=${cursor}&fsort=%22nonsense%22`);
    try {
      await waitFor(() => expect(emails(UNFUNDED)).toEqual(["b@example.com", "a@example.com"]));
      expect(last("unfunded")).toEqual({ route: "unfunded", q: null, sort: "email:desc", cursor });
      // A value the schema does not know is dropped, never sent and never an error page.
      expect(last("funded")).toEqual({ route: "funded", q: null, sort: null, cursor: null });
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});

type Step = { event: ModelEvent; state: AnyMachineSnapshot };
const CONFLICT = { status: 409, code: "CONFLICT", message: "Still processing." };
const NOT_FOUND = { status: 404, code: "NOT_FOUND", message: "No such user." };

const dialog = () => screen.getByRole("dialog", { name: "Fund User Wallet" });
const amountField = () => within(dialog()).getByLabelText("Amount (USDT)") as HTMLInputElement;

const gestures = {
  CHANGE: async (app, event) => {
    await app.user.clear(amountField());
    if (event.value) await app.user.type(amountField(), event.value);
  },
  SUBMIT: (app) => app.user.click(within(dialog()).getByRole("button", { name: "Fund Wallet" })),
  CLOSE: (app) => app.user.click(within(dialog()).getByRole("button", { name: "Cancel" })),
} satisfies {
  [K in AdminFormEvent["type"]]: (app: App, event: Extract<AdminFormEvent, { type: K }>) => Promise<void>;
};

const paths = generateTransitionPaths(adminFormMachine, {
  input: formInput("fundWallet", () => "key", { id: "u1", label: "ada@example.com", multiplier: 0.001 }),
  fakeActors: ["submit"],
  events: [
    { type: "CHANGE", name: "amount", value: "5" },
    { type: "CHANGE", name: "amount", value: "" },
    { type: "SUBMIT" },
    { type: "CLOSE" },
    { type: "xstate.done.actor.submit", output: {} },
    { type: "xstate.error.actor.submit", error: CONFLICT },
    { type: "xstate.error.actor.submit", error: NOT_FOUND },
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.fields.amount, snapshot.context.key !== null]),
});

function expectScreen(state: AnyMachineSnapshot) {
  if (state.matches("succeeded") || state.matches("cancelled")) {
    expect(screen.queryByRole("dialog", { name: "Fund User Wallet" })).toBeNull();
    return;
  }
  if (state.matches("submitting")) {
    expect(within(dialog()).getByRole("button", { name: "Processing..." })).toHaveProperty("disabled", true);
    return;
  }
  expect(within(dialog()).getByLabelText("User")).toHaveProperty("value", "ada@example.com");
  expect(amountField().value).toBe(state.context.fields.amount);
  expect(within(dialog()).getByRole("button", { name: "Fund Wallet" })).toHaveProperty("disabled", false);
}

describe("Fund User Wallet: walks of the dialog on User Management", () => {
  it.each(paths.map((path) => [describePath(path), path] as const))("%s", async (_name, path) => {
    const steps = path.steps.filter((step) => step.event.type !== "xstate.init") as unknown as Step[];
    backend.admin.seed([{ email: "ada@example.com" }]);
    backend.admin.hold();
    const app = renderAdmin("/admin/users");
    const outcomes: Array<"ok" | InjectedFailure> = [];
    try {
      const row = (
        await within(await screen.findByRole("table", { name: UNFUNDED })).findByText("ada@example.com")
      ).closest("tr")!;
      await app.user.click(within(row).getByRole("button", { name: "Fund Wallet" }));
      for (const step of steps) {
        const gesture = gestures[step.event.type as AdminFormEvent["type"]];
        if (gesture) await gesture(app, step.event as never);
        else {
          const error = step.event.error as typeof CONFLICT | undefined;
          outcomes.push(error ?? "ok");
          backend.admin.release(outcomes.at(-1)!);
        }
        await waitFor(() => expectScreen(step.state));
      }
      const lastEvent = steps.at(-1)?.event;
      if (lastEvent?.type === "xstate.done.actor.submit") {
        expect(await findToast("Wallet Funded")).toBeTruthy();
        expect(screen.getByText("Successfully funded the user's wallet with 5 USDT")).toBeTruthy();
        // docs/product.md §4: both lists reload and the user moves to the funded one.
        expect(await within(table(FUNDED)).findByText("ada@example.com")).toBeTruthy();
      } else if (lastEvent?.type === "xstate.error.actor.submit") {
        expect(await findToast("Error")).toBeTruthy();
        expect(screen.getByText("Failed to fund wallet. Please try again.")).toBeTruthy();
      } else if (lastEvent?.type === "SUBMIT" && path.state.matches("editing")) {
        expect(await screen.findByText("Please fill in all fields.")).toBeTruthy();
      }
      // The key stays with a request whose outcome is unknown (409 CONFLICT), and changes after a definitive
      // answer or a changed amount.
      const calls = backend.admin.fundCalls;
      expect(calls).toHaveLength(steps.filter((step) => step.state.matches("submitting")).length);
      let callIndex = -1;
      let sameKeyExpected = false;
      for (const step of steps) {
        if (step.event.type === "CHANGE") sameKeyExpected = false;
        if (step.event.type === "SUBMIT" && step.state.matches("submitting")) {
          callIndex++;
          const call = calls[callIndex]!;
          expect(call).toMatchObject({ amount: 5 });
          if (callIndex > 0) {
            if (sameKeyExpected) expect(call.key).toBe(calls[callIndex - 1]!.key);
            else expect(call.key).not.toBe(calls[callIndex - 1]!.key);
          }
        }
        if (step.event.type.startsWith("xstate.")) {
          sameKeyExpected = (step.event.error as typeof CONFLICT | undefined)?.code === "CONFLICT";
        }
      }
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
