import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AdminUser } from "#src/api/admin-session-store.ts";
import { adminFormMachine, FILL_ALL_FIELDS, type FormSuccess } from "./admin-form.machine.ts";
import { adminPageMachine } from "./admin-page.machine.ts";
import { adminSessionMachine, FIELDS_REQUIRED, NOT_ADMIN } from "./admin-session.machine.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ADMIN: AdminUser = { id: "a", email: "root@example.com", name: "Root", role: "admin" };

describe("admin session machine", () => {
  function start(options: {
    restore?: AdminUser | null;
    login?: AdminUser | { code: string; message: string };
  }) {
    const logins: unknown[] = [];
    let logouts = 0;
    const actor = createActor(
      adminSessionMachine.provide({
        actors: {
          restore: fromPromise(async () => options.restore ?? null),
          login: fromPromise(async ({ input }) => {
            logins.push(input);
            const outcome = options.login ?? ADMIN;
            if ("role" in outcome) return outcome;
            throw outcome;
          }),
          logout: fromPromise(async () => {
            logouts++;
          }),
        },
      }),
    );
    const navigations: string[] = [];
    actor.on("navigate", (event) => navigations.push(event.href));
    actor.start();
    return { actor, logins, navigations, logouts: () => logouts };
  }

  it("restores a stored admin session the server confirmed", async () => {
    const { actor } = start({ restore: ADMIN });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(ADMIN);
  });

  it("requires both fields, signs in, and opens the dashboard", async () => {
    const { actor, logins, navigations } = start({});
    await flush();
    actor.send({ type: "LOGIN", email: " ", password: "x" });
    expect(actor.getSnapshot().context.error).toBe(FIELDS_REQUIRED);
    expect(logins).toEqual([]);
    actor.send({ type: "LOGIN", email: " root@example.com ", password: "secret" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await flush();
    expect(logins).toEqual([{ email: "root@example.com", password: "secret" }]);
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(navigations).toEqual(["/admin/dashboard"]);
  });

  it("says why a sign-in failed: not an admin, or the server's reason", async () => {
    const notAdmin = start({ login: { code: "NOT_ADMIN", message: "x" } });
    await flush();
    notAdmin.actor.send({ type: "LOGIN", email: "a@b.c", password: "p" });
    await flush();
    expect(notAdmin.actor.getSnapshot().context.error).toBe(NOT_ADMIN);
    expect(notAdmin.actor.getSnapshot().matches("signedOut")).toBe(true);
    const wrong = start({ login: { code: "INVALID_CREDENTIALS", message: "Invalid email or password." } });
    await flush();
    wrong.actor.send({ type: "LOGIN", email: "a@b.c", password: "p" });
    await flush();
    expect(wrong.actor.getSnapshot().context.error).toBe("Login failed: Invalid email or password.");
  });

  it("logs out, or loses the session on a 401, back to /admin", async () => {
    const out = start({ restore: ADMIN });
    await flush();
    out.actor.send({ type: "LOGOUT" });
    await flush();
    expect(out.logouts()).toBe(1);
    expect(out.actor.getSnapshot().matches("signedOut")).toBe(true);
    expect(out.navigations).toEqual(["/admin"]);
    const lost = start({ restore: ADMIN });
    await flush();
    lost.actor.send({ type: "SESSION.LOST" });
    expect(lost.actor.getSnapshot().context.user).toBeNull();
    expect(lost.navigations).toEqual(["/admin"]);
  });
});

describe("admin page machine", () => {
  it("loads, toasts the page's failure under the title Error, and reloads with a new query", async () => {
    const queries: unknown[] = [];
    let fail = true;
    const actor = createActor(
      adminPageMachine.provide({
        actors: {
          load: fromPromise(async ({ input }) => {
            queries.push(input);
            if (fail) throw new Error("down");
            return { rows: 1 };
          }),
        },
      }),
      { input: { query: { q: "a" }, failure: "Failed to load admin dashboard data. Please try again." } },
    );
    const toasts: unknown[] = [];
    actor.on("toast", (event) => toasts.push(event));
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(toasts).toEqual([
      {
        type: "toast",
        tone: "error",
        title: "Error",
        description: "Failed to load admin dashboard data. Please try again.",
      },
    ]);
    fail = false;
    actor.send({ type: "RELOAD" });
    await flush();
    expect(actor.getSnapshot().context.data).toEqual({ rows: 1 });
    actor.send({ type: "QUERY", query: { q: "b" } });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual({ rows: 1 });
    await flush();
    expect(queries).toEqual([{ q: "a" }, { q: "a" }, { q: "b" }]);
  });
});

describe("admin form machine", () => {
  function start(dialog: boolean, outcomes: (FormSuccess | { status: number })[]) {
    const submitted: unknown[] = [];
    let ids = 0;
    const actor = createActor(
      adminFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            submitted.push(input);
            const next = outcomes.shift();
            if (next && "title" in next) return next;
            throw next ?? { status: 0 };
          }),
        },
      }),
      {
        input: {
          fields: { amount: "" },
          required: ["amount"],
          failure: "Failed to fund wallet. Please try again.",
          dialog,
          newId: () => `k${++ids}`,
        },
      },
    );
    const events: string[] = [];
    actor.on("*", (event) =>
      events.push(event.type === "toast" ? `${event.title}: ${event.description}` : event.type),
    );
    actor.start();
    return { actor, submitted, events };
  }
  const FUNDED = { title: "Wallet Funded", description: "Successfully funded the user's wallet with 5 USDT" };

  it("opens on a target, refuses empty fields, submits, clears, closes and asks for the reloads", async () => {
    const { actor, submitted, events } = start(true, [FUNDED]);
    expect(actor.getSnapshot().value).toBe("closed");
    actor.send({ type: "OPEN", target: { id: "u1", email: "p@example.com" } });
    actor.send({ type: "SUBMIT" });
    expect(events).toEqual([`Error: ${FILL_ALL_FIELDS}`]);
    actor.send({ type: "CHANGE", name: "amount", value: "5" });
    actor.send({ type: "SUBMIT" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await flush();
    expect(submitted).toEqual([
      { fields: { amount: "5" }, target: { id: "u1", email: "p@example.com" }, key: "k1" },
    ]);
    expect(events.slice(1)).toEqual([`${FUNDED.title}: ${FUNDED.description}`, "done"]);
    expect(actor.getSnapshot().value).toBe("closed");
    expect(actor.getSnapshot().context.fields).toEqual({ amount: "" });
  });

  it("keeps the inputs and the key after an unknown outcome, renews it after a refusal", async () => {
    const { actor, submitted, events } = start(true, [{ status: 0 }, { status: 409 }, FUNDED]);
    actor.send({ type: "OPEN", target: { id: "u1", email: "p@example.com" } });
    actor.send({ type: "CHANGE", name: "amount", value: "5" });
    for (let i = 0; i < 3; i++) {
      actor.send({ type: "SUBMIT" });
      await flush();
    }
    expect(submitted.map((s) => (s as { key: string }).key)).toEqual(["k1", "k1", "k2"]);
    expect(events.filter((e) => e.startsWith("Error"))).toHaveLength(2);
    expect(events).toContain("Error: Failed to fund wallet. Please try again.");
  });

  it("a form on the page (Create New Admin) stays open and clears on success", async () => {
    const { actor } = start(false, [{ title: "Admin Created", description: "x" }]);
    expect(actor.getSnapshot().matches("open")).toBe(true);
    actor.send({ type: "CHANGE", name: "amount", value: "1" });
    actor.send({ type: "SUBMIT" });
    await flush();
    expect(actor.getSnapshot().matches({ open: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.fields).toEqual({ amount: "" });
    actor.send({ type: "CLOSE" });
    expect(actor.getSnapshot().matches("open")).toBe(true);
  });
});
