import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { AdminUser } from "#src/api/admin-session-store.ts";
import type { RoleCheck } from "./admin.types.ts";
import { adminSessionMachine, FIELDS_REQUIRED, NOT_ADMIN } from "./admin-session.machine.ts";
import { mayEnterAdminArea, toAdminSessionView } from "./admin-session.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ADMIN: AdminUser = { id: "a", email: "root@example.com", name: "Root", role: "admin" };

function start(options: {
  restore?: AdminUser | null;
  login?: AdminUser | { code: string; message: string };
  roles?: (RoleCheck | Error)[];
}) {
  const logins: unknown[] = [];
  let logouts = 0;
  let confirmations = 0;
  let clears = 0;
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
        confirmRole: fromPromise(async () => {
          confirmations++;
          const next = options.roles?.shift() ?? "admin";
          if (next instanceof Error) throw next;
          return next;
        }),
        logout: fromPromise(async () => {
          logouts++;
        }),
        clearStoredSession: fromPromise(async () => {
          clears++;
        }),
      },
    }),
  );
  const navigations: string[] = [];
  actor.on("navigate", (event) => navigations.push(event.href));
  actor.start();
  return {
    actor,
    logins,
    navigations,
    logouts: () => logouts,
    confirmations: () => confirmations,
    clears: () => clears,
  };
}

describe("admin session machine", () => {
  it("restores a stored admin session the server confirmed, and lets it into the area", async () => {
    const { actor } = start({ restore: ADMIN });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches({ signedIn: "confirmed" })).toBe(true);
    expect(mayEnterAdminArea(actor.getSnapshot())).toBe(true);
    expect(toAdminSessionView(actor.getSnapshot()).user).toEqual(ADMIN);
  });

  it("requires both fields, signs in, and opens the dashboard", async () => {
    const { actor, logins, navigations } = start({});
    await flush();
    actor.send({ type: "LOGIN", email: " ", password: "x" });
    expect(actor.getSnapshot().context.error).toBe(FIELDS_REQUIRED);
    expect(logins).toEqual([]);
    actor.send({ type: "LOGIN", email: " root@example.com ", password: "secret" });
    expect(toAdminSessionView(actor.getSnapshot()).busy).toBe(true);
    await flush();
    expect(logins).toEqual([{ email: "root@example.com", password: "secret" }]);
    expect(actor.getSnapshot().matches({ signedIn: "confirmed" })).toBe(true);
    expect(navigations).toEqual(["/admin/dashboard"]);
  });

  it("says why a sign-in failed: not an admin, or the server's reason", async () => {
    const notAdmin = start({ login: { code: "NOT_ADMIN", message: "x" } });
    await flush();
    notAdmin.actor.send({ type: "LOGIN", email: "a@b.c", password: "p" });
    await flush();
    expect(notAdmin.actor.getSnapshot().context.error).toBe(NOT_ADMIN);
    expect(mayEnterAdminArea(notAdmin.actor.getSnapshot())).toBe(false);
    const wrong = start({ login: { code: "INVALID_CREDENTIALS", message: "Invalid email or password." } });
    await flush();
    wrong.actor.send({ type: "LOGIN", email: "a@b.c", password: "p" });
    await flush();
    expect(wrong.actor.getSnapshot().context.error).toBe("Login failed: Invalid email or password.");
  });

  it("entering the area asks the server again; the guard waits while it does", async () => {
    const { actor, confirmations } = start({ restore: ADMIN, roles: ["admin"] });
    await flush();
    actor.send({ type: "AREA.ENTER" });
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
    expect(mayEnterAdminArea(actor.getSnapshot())).toBe(false);
    await flush();
    expect(confirmations()).toBe(1);
    expect(mayEnterAdminArea(actor.getSnapshot())).toBe(true);
  });

  it("a token the server no longer takes as an admin's ends the session (the guard sends it to /admin)", async () => {
    const { actor, navigations } = start({ restore: ADMIN, roles: ["revoked"] });
    await flush();
    actor.send({ type: "AREA.ENTER" });
    await flush();
    expect(actor.getSnapshot().matches("signedOut")).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(mayEnterAdminArea(actor.getSnapshot())).toBe(false);
    expect(navigations).toEqual([]);
  });

  it("when the server cannot be asked, the pages load and show their own errors", async () => {
    const { actor } = start({ restore: ADMIN, roles: ["unreachable", new Error("crash"), "admin"] });
    await flush();
    actor.send({ type: "AREA.ENTER" });
    await flush();
    expect(actor.getSnapshot().matches({ signedIn: "unverified" })).toBe(true);
    expect(mayEnterAdminArea(actor.getSnapshot())).toBe(true);
    actor.send({ type: "AREA.ENTER" });
    await flush();
    expect(actor.getSnapshot().matches({ signedIn: "unverified" })).toBe(true);
    actor.send({ type: "AREA.ENTER" });
    await flush();
    expect(actor.getSnapshot().matches({ signedIn: "confirmed" })).toBe(true);
  });

  it("logs out, or loses the session on a 401, back to /admin", async () => {
    const out = start({ restore: ADMIN });
    await flush();
    out.actor.send({ type: "LOGOUT" });
    expect(toAdminSessionView(out.actor.getSnapshot()).leaving).toBe(true);
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

  it("clears the stored admin session when an admin call answered 401 (SESSION.LOST then signs out)", async () => {
    const { actor, clears, navigations } = start({ restore: ADMIN });
    await flush();
    actor.send({ type: "SESSION.UNAUTHORIZED" });
    await flush();
    expect(clears()).toBe(1);
    expect(actor.getSnapshot().matches("signedIn")).toBe(true);
    expect(navigations).toEqual([]);
  });
});
