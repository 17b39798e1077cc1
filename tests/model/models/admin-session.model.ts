/** The back office's session (tests/model/admin.paths.test.ts): login, the role confirmed, loss, logout. */
import { adminSessionMachine } from "#src/machines/admin/admin-session.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import type { ModelOptions } from "../path-runner.ts";

export const ADMIN = { id: "a", email: "root@example.com", name: "Root", role: "admin" };

export const adminSession: ModelOptions<unknown> = {
  fakeActors: ["restore", "login", "confirmRole", "logout"],
  events: [
    { type: "LOGIN", email: "root@example.com", password: "pw" },
    { type: "LOGIN", email: "", password: "" },
    { type: "LOGOUT" },
    { type: "AREA.ENTER" },
    { type: "SESSION.LOST" },
    { type: "xstate.done.actor.restore", output: ADMIN },
    { type: "xstate.done.actor.restore", output: null },
    { type: "xstate.done.actor.login", output: ADMIN },
    { type: "xstate.error.actor.login", error: { code: "NOT_ADMIN", message: "x" } },
    { type: "xstate.done.actor.confirmRole", output: "admin" },
    { type: "xstate.done.actor.confirmRole", output: "revoked" },
    { type: "xstate.done.actor.confirmRole", output: "unreachable" },
    { type: "xstate.done.actor.logout" },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.user !== null, s.context.error]),
};

export const adminSessionModel = registerModel({
  name: "admin-session",
  file: "src/machines/admin/admin-session.machine.ts",
  machine: adminSessionMachine,
  suites: [{ name: "admin session", options: adminSession, paths: "transitions" }],
});
