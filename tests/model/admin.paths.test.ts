/**
 * Generated paths through the admin machines: the session (login, the role confirmed on entering the area,
 * loss, logout), each page machine (loading, searches from the URL, reloads after a dialog) and the form
 * machine every admin dialog and form is an instance of. Every state is reached and every transition walked
 * on a running actor, with the words docs/product.md gives checked for each path's events.
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import { formInput } from "#src/machines/admin/admin.forms.ts";
import { FILL_ALL_FIELDS, PAGE_FAILURES } from "#src/machines/admin/admin.messages.ts";
import { listQueryOf } from "#src/machines/admin/admin.search.ts";
import { adminFormMachine } from "#src/machines/admin/admin-form.machine.ts";
import { adminSessionMachine, NOT_ADMIN } from "#src/machines/admin/admin-session.machine.ts";
import { mayEnterAdminArea } from "#src/machines/admin/admin-session.view.ts";
import { auditPageMachine } from "#src/machines/admin/audit-page.machine.ts";
import { dashboardPageMachine } from "#src/machines/admin/dashboard-page.machine.ts";
import { fundsPageMachine, fundsQueryOf } from "#src/machines/admin/funds-page.machine.ts";
import { usersPageMachine, usersQueryOf } from "#src/machines/admin/users-page.machine.ts";
import { createFakeApp } from "../support/app-doubles.ts";
import {
  activeStateIds,
  allStateIds,
  describePath,
  generatePaths,
  generateTransitionPaths,
  type ModelOptions,
  type Replay,
  replayPath,
} from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);
const ADMIN = { id: "a", email: "root@example.com", name: "Root", role: "admin" };
const USER = { id: "u1", label: "p@example.com", multiplier: 0.001 };
const NETWORK = { code: "NETWORK_ERROR", message: "x", status: 0 };

function coverage(
  name: string,
  machine: Parameters<typeof generatePaths>[0],
  model: ModelOptions<unknown>,
  check: (titles: string[], types: string[], replay: Replay) => void,
  /** States this use of the machine never enters (a form on a page never ends). */
  unreachable: string[] = [],
) {
  describe(`${name}: generated paths`, () => {
    const paths = generateTransitionPaths(machine, model);
    it("reaches every state node", () => {
      const reached = new Set(generatePaths(machine, model).flatMap((path) => activeStateIds(path.state)));
      expect(allStateIds(machine).filter((id) => !reached.has(id))).toEqual(unreachable);
    });
    it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
      const replay = await replayPath(machine, path, model, sameValue);
      const titles = replay.emitted
        .filter((e) => e.type === "toast")
        .map((e) => `${e.title}: ${e.description ?? ""}`);
      check(
        titles,
        path.steps.map((step) => step.event.type),
        replay,
      );
    });
  });
}

coverage(
  "admin session",
  adminSessionMachine,
  {
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
  },
  (_titles, types, { snapshot }) => {
    if (types.at(-1) === "xstate.error.actor.login") expect(snapshot.context.error).toBe(NOT_ADMIN);
    if (snapshot.matches("signedIn")) expect(snapshot.context.user).toEqual(ADMIN);
    else if (!snapshot.matches("signingOut")) expect(snapshot.context.user).toBeNull();
    // The guard lets in only a session the server confirmed, or could not be asked about.
    const last = types.at(-1);
    if (last === "xstate.done.actor.confirmRole")
      expect(mayEnterAdminArea(snapshot)).toBe(!snapshot.matches("signedOut"));
    if (snapshot.hasTag("loading") || !snapshot.matches("signedIn"))
      expect(mayEnterAdminArea(snapshot)).toBe(false);
  },
);

const FUNDED = { title: "Wallet Funded", description: "Successfully funded the user's wallet with 5 USDT" };
coverage(
  "admin dialog (Fund User Wallet)",
  adminFormMachine,
  {
    input: formInput("fundWallet", () => "key", USER),
    fakeActors: ["submit"],
    events: [
      { type: "CLOSE" },
      { type: "CHANGE", name: "amount", value: "5" },
      { type: "CHANGE", name: "amount", value: "" },
      { type: "SUBMIT" },
      { type: "xstate.done.actor.submit", output: FUNDED },
      { type: "xstate.error.actor.submit", error: { code: "SERVER_ERROR", message: "x", status: 500 } },
      { type: "xstate.error.actor.submit", error: { code: "NOT_FOUND", message: "x", status: 404 } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.fields.amount, s.context.key !== null]),
  },
  (titles, types, { snapshot }) => {
    if (types.includes("xstate.done.actor.submit"))
      expect(titles).toContain(`${FUNDED.title}: ${FUNDED.description}`);
    if (types.includes("xstate.error.actor.submit"))
      expect(titles).toContain("Error: Failed to fund wallet. Please try again.");
    for (const title of titles)
      expect([
        `Error: ${FILL_ALL_FIELDS}`,
        "Error: Failed to fund wallet. Please try again.",
        `${FUNDED.title}: ${FUNDED.description}`,
      ]).toContain(title);
    if (snapshot.status === "done")
      expect(snapshot.output).toEqual({ succeeded: types.at(-1) === "xstate.done.actor.submit" });
  },
);

coverage(
  "admin form (Create New Admin)",
  adminFormMachine,
  {
    input: formInput("createAdmin", () => "key"),
    fakeActors: ["submit"],
    events: [
      { type: "CLOSE" },
      { type: "CHANGE", name: "name", value: "A" },
      { type: "CHANGE", name: "email", value: "a@b.c" },
      { type: "CHANGE", name: "password", value: "pw" },
      { type: "SUBMIT" },
      { type: "xstate.done.actor.submit", output: { title: "Admin Created", description: "x" } },
      { type: "xstate.error.actor.submit", error: { code: "EMAIL_TAKEN", message: "x", status: 409 } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.fields]),
  },
  (_titles, types, { snapshot }) => {
    expect(snapshot.status).toBe("active");
    if (types.at(-1) === "xstate.done.actor.submit")
      expect(snapshot.context.fields).toEqual({ name: "", email: "", password: "" });
  },
  ["adminForm.succeeded", "adminForm.cancelled"],
);

/** The back office's live stream as every admin page hears it. */
const LIVE = [
  {
    type: "ADMIN.AUDIT",
    item: { id: "a1", actor: "root", action: "fund-wallet", target: "u1", amount: 5, timestamp: "t" },
  },
  { type: "STREAM.RESET" },
  { type: "STREAM.UP" },
  { type: "STREAM.DOWN" },
];
const METRICS = { type: "ADMIN.METRICS", metrics: { rows: 9, poolBalance: 7 } };

const pageEvents = (machine: "users" | "funds") => [
  ...LIVE,
  ...(machine === "funds" ? [METRICS] : []),
  { type: "RELOAD" },
  { type: "xstate.done.actor.load", output: { rows: 2 } },
  { type: "xstate.error.actor.load", error: NETWORK },
  ...(machine === "users"
    ? [
        { type: "QUERY", search: { uq: "ada", usort: "email:asc" } },
        { type: "FUND.OPEN", user: USER },
        { type: "MULTIPLIER.OPEN", user: USER },
        { type: "xstate.done.actor.fundDialog", output: { succeeded: true } },
        { type: "xstate.done.actor.fundDialog", output: { succeeded: false } },
        { type: "xstate.done.actor.multiplierDialog", output: { succeeded: true } },
      ]
    : [
        { type: "QUERY", search: { txcursors: "t2" } },
        { type: "WITHDRAW.OPEN" },
        { type: "xstate.done.actor.withdrawDialog", output: { succeeded: true } },
        { type: "xstate.done.actor.withdrawDialog", output: { succeeded: false } },
      ]),
];
/** Toasts only for failed loads; the last load asked for the search in force (what the URL says). */
const checkPage =
  (failure: string, queryOf: (search: never) => unknown) =>
  (titles: string[], types: string[], replay: Replay) => {
    const failures = types.filter((t) => t === "xstate.error.actor.load").length;
    expect(titles).toEqual(Array(failures).fill(`Error: ${failure}`));
    const loads = replay.actorInputs.filter((started) => started.src === "load");
    expect(loads.at(-1)?.input).toEqual(queryOf(replay.snapshot.context.search as never));
  };

coverage(
  "User Management page",
  usersPageMachine,
  {
    input: { search: {}, newId: () => "key", app: createFakeApp().app },
    fakeActors: ["load", "fundDialog", "multiplierDialog"],
    events: pageEvents("users"),
    serializeState: (s) => JSON.stringify([s.value, s.context.data !== null, s.context.search]),
  },
  (titles, types, replay) => {
    checkPage(PAGE_FAILURES.users, usersQueryOf)(titles, types, replay);
    const dialogs = replay.actorInputs.filter((started) => started.src !== "load");
    for (const dialog of dialogs) expect(dialog.input).toMatchObject({ target: USER, dialog: true });
  },
);

coverage(
  "Funds Management page",
  fundsPageMachine,
  {
    input: { search: {}, newId: () => "key", app: createFakeApp().app },
    fakeActors: ["load", "withdrawDialog"],
    events: pageEvents("funds"),
    serializeState: (s) => JSON.stringify([s.value, s.context.data !== null, s.context.search]),
  },
  checkPage(PAGE_FAILURES.funds, fundsQueryOf),
);

for (const [name, machine, failure, search] of [
  ["Admin Dashboard page", dashboardPageMachine, PAGE_FAILURES.dashboard, { q: "ada" }],
  ["Audit Log page", auditPageMachine, PAGE_FAILURES.audit, { cursors: "a2" }],
] as const) {
  coverage(
    name,
    machine,
    {
      input: { search: {}, app: createFakeApp().app },
      fakeActors: ["load"],
      events: [
        ...LIVE,
        ...(name === "Admin Dashboard page" ? [METRICS] : []),
        { type: "QUERY", search },
        { type: "QUERY", search: {} },
        { type: "xstate.done.actor.load", output: { rows: 2 } },
        { type: "xstate.error.actor.load", error: NETWORK },
      ],
      serializeState: (s) => JSON.stringify([s.value, s.context.data !== null, s.context.search]),
    },
    checkPage(failure, listQueryOf),
  );
}
