/**
 * Generated paths through the admin machines: the session (login, guard loss, logout), a page's loading and
 * reloads, and the form/dialog machine every admin dialog is an instance of. Every state is reached and every
 * transition walked on a running actor, with the spec's words checked for each path's events.
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { adminFormMachine, FILL_ALL_FIELDS } from "#src/machines/admin/admin-form.machine.ts";
import { adminPageMachine } from "#src/machines/admin/admin-page.machine.ts";
import { adminSessionMachine, NOT_ADMIN } from "#src/machines/admin/admin-session.machine.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  generateTransitionPaths,
  type ModelOptions,
  replayPath,
} from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);
const ADMIN = { id: "a", email: "root@example.com", name: "Root", role: "admin" };

function coverage(
  name: string,
  machine: Parameters<typeof generatePaths>[0],
  model: ModelOptions<unknown>,
  check: (titles: string[], types: string[], snapshot: AnyMachineSnapshot) => void,
) {
  describe(`${name}: generated paths`, () => {
    const paths = generateTransitionPaths(machine, model);
    it("reaches every state node", () => {
      const reached = new Set(generatePaths(machine, model).flatMap((path) => activeStateIds(path.state)));
      expect(allStateIds(machine).filter((id) => !reached.has(id))).toEqual([]);
    });
    it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
      const { emitted, snapshot } = await replayPath(machine, path, model, sameValue);
      const titles = emitted
        .filter((e) => e.type === "toast")
        .map((e) => `${e.title}: ${e.description ?? ""}`);
      check(
        titles,
        path.steps.map((step) => step.event.type),
        snapshot,
      );
    });
  });
}

coverage(
  "admin session",
  adminSessionMachine,
  {
    fakeActors: ["restore", "login", "logout"],
    events: [
      { type: "LOGIN", email: "root@example.com", password: "pw" },
      { type: "LOGIN", email: "", password: "" },
      { type: "LOGOUT" },
      { type: "SESSION.LOST" },
      { type: "xstate.done.actor.restore", output: ADMIN },
      { type: "xstate.done.actor.restore", output: null },
      { type: "xstate.done.actor.login", output: ADMIN },
      { type: "xstate.error.actor.login", error: { code: "NOT_ADMIN", message: "x" } },
      { type: "xstate.done.actor.logout" },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.user !== null, s.context.error]),
  },
  (_titles, types, snapshot) => {
    if (types.at(-1) === "xstate.error.actor.login") expect(snapshot.context.error).toBe(NOT_ADMIN);
    if (snapshot.matches("signedIn")) expect(snapshot.context.user).toEqual(ADMIN);
    if (snapshot.matches("signedOut") && types.includes("xstate.done.actor.logout"))
      expect(snapshot.context.user).toBeNull();
  },
);

coverage(
  "admin page",
  adminPageMachine,
  {
    input: { query: { q: "a" }, failure: "Failed to load funds management data. Please try again." },
    fakeActors: ["load"],
    events: [
      { type: "RELOAD" },
      { type: "QUERY", query: { q: "b" } },
      { type: "xstate.done.actor.load", output: { rows: 2 } },
      { type: "xstate.error.actor.load", error: { code: "NETWORK_ERROR", message: "x", status: 0 } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.data !== null, s.context.query]),
  },
  (titles, types) => {
    const failures = types.filter((t) => t === "xstate.error.actor.load").length;
    expect(titles).toEqual(
      Array(failures).fill("Error: Failed to load funds management data. Please try again."),
    );
  },
);

coverage(
  "admin dialog",
  adminFormMachine,
  {
    input: {
      fields: { amount: "" },
      required: ["amount"],
      failure: "Failed to fund wallet. Please try again.",
      dialog: true,
      newId: () => "key",
    },
    fakeActors: ["submit"],
    events: [
      { type: "OPEN", target: { id: "u1", email: "p@example.com" } },
      { type: "CLOSE" },
      { type: "CHANGE", name: "amount", value: "5" },
      { type: "CHANGE", name: "amount", value: "" },
      { type: "SUBMIT" },
      {
        type: "xstate.done.actor.submit",
        output: { title: "Wallet Funded", description: "Successfully funded the user's wallet with 5 USDT" },
      },
      { type: "xstate.error.actor.submit", error: { code: "SERVER_ERROR", message: "x", status: 500 } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.fields.amount]),
  },
  (titles, types, snapshot) => {
    if (types.includes("xstate.done.actor.submit"))
      expect(titles).toContain("Wallet Funded: Successfully funded the user's wallet with 5 USDT");
    if (types.includes("xstate.error.actor.submit"))
      expect(titles).toContain("Error: Failed to fund wallet. Please try again.");
    for (const title of titles)
      expect(title === `Error: ${FILL_ALL_FIELDS}` || !title.includes("fill")).toBe(true);
    if (types.at(-1) === "xstate.done.actor.submit") {
      expect(snapshot.value).toBe("closed");
      expect(snapshot.context.fields).toEqual({ amount: "" });
    }
  },
);
