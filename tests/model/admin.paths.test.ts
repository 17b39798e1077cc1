/**
 * Generated paths through the admin machines: the session (login, the role confirmed on entering the area,
 * loss, logout), each page machine (loading, searches from the URL, reloads after a dialog) and the form
 * machine every admin dialog and form is an instance of. Every state is reached and every transition walked
 * on a running actor, with the words docs/product.md gives checked for each path's events. The models are
 * the registry's (tests/model/models/).
 */
import { describe, expect, it } from "vitest";
import type { AnyMachineSnapshot } from "xstate";
import {
  ALREADY_DECIDED,
  FILL_ALL_FIELDS,
  PAGE_FAILURES,
  REASON_LENGTH,
} from "#src/machines/admin/admin.messages.ts";
import { listQueryOf } from "#src/machines/admin/admin.search.ts";
import { NOT_ADMIN } from "#src/machines/admin/admin-session.machine.ts";
import { mayEnterAdminArea } from "#src/machines/admin/admin-session.view.ts";
import { fairPlayQueryOf } from "#src/machines/admin/fair-play-list.machine.ts";
import { fundsQueryOf } from "#src/machines/admin/funds-list.machine.ts";
import { usersQueryOf } from "#src/machines/admin/users-list.machine.ts";
import { suitePaths } from "../../tools/model-kit/paths.ts";
import type { MachineModel, ModelSuite } from "../../tools/model-kit/registry.ts";
import { adminFormModel, FUNDED, HELD_WITHDRAWAL, REJECTED } from "./models/admin-form.model.ts";
import { PAGE_USER } from "./models/admin-pages.ts";
import { ADMIN, adminSessionModel } from "./models/admin-session.model.ts";
import { auditPageModel } from "./models/audit-page.model.ts";
import { dashboardEconomyModel } from "./models/dashboard-economy.model.ts";
import { dashboardPageModel } from "./models/dashboard-page.model.ts";
import { fairPlayListModel } from "./models/fair-play-list.model.ts";
import { fairPlayPageModel, HELD, RISK_ACCOUNT } from "./models/fair-play-page.model.ts";
import { fundsListModel } from "./models/funds-list.model.ts";
import { fundsPageModel } from "./models/funds-page.model.ts";
import { usersListModel } from "./models/users-list.model.ts";
import { usersPageModel } from "./models/users-page.model.ts";
import { activeStateIds, allStateIds, describePath, type Replay, replayPath } from "./path-runner.ts";

const sameValue = (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) =>
  expect(actual.value).toEqual(expected.value);

function coverage(
  model: MachineModel,
  suite: ModelSuite,
  check: (titles: string[], types: string[], replay: Replay) => void,
) {
  describe(`${suite.name}: generated paths`, () => {
    const paths = suitePaths(model, suite);
    it("reaches every state node", () => {
      const reached = new Set(
        suitePaths(model, suite, "shortest").flatMap((path) => activeStateIds(path.state)),
      );
      expect(allStateIds(model.machine).filter((id) => !reached.has(id))).toEqual(suite.unreachable ?? []);
    });
    it.each(paths.map((path) => [describePath(path), path] as const))("replays %s", async (_name, path) => {
      const replay = await replayPath(model.machine, path, suite.options, sameValue);
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

coverage(adminSessionModel, adminSessionModel.suites[0], (_titles, types, { snapshot }) => {
  if (types.at(-1) === "xstate.error.actor.login") expect(snapshot.context.error).toBe(NOT_ADMIN);
  if (snapshot.matches("signedIn")) expect(snapshot.context.user).toEqual(ADMIN);
  else if (!snapshot.matches("signingOut")) expect(snapshot.context.user).toBeNull();
  // The guard lets in only a session the server confirmed, or could not be asked about.
  const last = types.at(-1);
  if (last === "xstate.done.actor.confirmRole")
    expect(mayEnterAdminArea(snapshot)).toBe(!snapshot.matches("signedOut"));
  if (snapshot.hasTag("loading") || !snapshot.matches("signedIn"))
    expect(mayEnterAdminArea(snapshot)).toBe(false);
});

coverage(adminFormModel, adminFormModel.suites[0], (titles, types, { snapshot }) => {
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
});

coverage(adminFormModel, adminFormModel.suites[1], (_titles, types, { snapshot }) => {
  expect(snapshot.status).toBe("active");
  if (types.at(-1) === "xstate.done.actor.submit")
    expect(snapshot.context.fields).toEqual({ name: "", email: "", password: "" });
});

/** Toasts only for failed loads; the last load asked for the search in force (what the URL says). */
const checkPage =
  (failure: string, queryOf: (search: never) => unknown) =>
  (titles: string[], types: string[], replay: Replay) => {
    const failures = types.filter((t) => t === "xstate.error.actor.load").length;
    expect(titles).toEqual(Array(failures).fill(`Error: ${failure}`));
    const loads = replay.actorInputs.filter((started) => started.src === "load");
    expect(loads.at(-1)?.input).toEqual(queryOf(replay.snapshot.context.search as never));
  };

/** A page with dialogs starts its list once, with the URL's search, and opens each dialog for its user. */
const checkDialogPage =
  (dialogInput: Record<string, unknown>) => (_titles: string[], _types: string[], replay: Replay) => {
    const lists = replay.actorInputs.filter((started) => started.src === "list");
    expect(lists.map((started) => started.input)).toEqual([{ search: {}, app: expect.anything() }]);
    const dialogs = replay.actorInputs.filter((started) => started.src !== "list");
    for (const dialog of dialogs) expect(dialog.input).toMatchObject(dialogInput);
  };

coverage(usersPageModel, usersPageModel.suites[0], checkDialogPage({ target: PAGE_USER, dialog: true }));
coverage(fundsPageModel, fundsPageModel.suites[0], checkDialogPage({ target: null, dialog: true }));

// Each list page opened on its plain URL, and on a link that carries a search.
for (const suite of usersListModel.suites)
  coverage(usersListModel, suite, checkPage(PAGE_FAILURES.users, usersQueryOf));
for (const suite of fundsListModel.suites)
  coverage(fundsListModel, suite, checkPage(PAGE_FAILURES.funds, fundsQueryOf));
for (const suite of dashboardPageModel.suites)
  coverage(dashboardPageModel, suite, checkPage(PAGE_FAILURES.dashboard, listQueryOf));
for (const suite of auditPageModel.suites)
  coverage(auditPageModel, suite, checkPage(PAGE_FAILURES.audit, listQueryOf));

coverage(adminFormModel, adminFormModel.suites[2], (titles, types, { snapshot, actorInputs }) => {
  const errors = types.filter((type) => type === "xstate.error.actor.submit").length;
  // A reason under 3 characters never reaches the server; a 409 closes the dialog with its own words.
  for (const title of titles)
    expect([
      `Error: ${FILL_ALL_FIELDS}`,
      `Error: ${REASON_LENGTH}`,
      "Error: Failed to reject the withdrawal. Please try again.",
      `Already decided: ${ALREADY_DECIDED}`,
      `${REJECTED.title}: ${REJECTED.description}`,
    ]).toContain(title);
  for (const started of actorInputs.filter((actor) => actor.src === "submit"))
    expect(started.input).toMatchObject({
      form: "rejectWithdrawal",
      fields: { reason: "farm account" },
      target: HELD_WITHDRAWAL,
    });
  if (snapshot.matches("outdated")) {
    expect(titles.at(-1)).toBe(`Already decided: ${ALREADY_DECIDED}`);
    expect(snapshot.output).toEqual({ succeeded: false, outdated: true });
  }
  if (snapshot.status === "done" && !snapshot.matches("outdated"))
    expect(snapshot.output).toEqual({ succeeded: types.at(-1) === "xstate.done.actor.submit" });
  expect(titles.filter((title) => title.startsWith("Already")).length).toBeLessThanOrEqual(errors);
});

for (const suite of fairPlayListModel.suites)
  coverage(fairPlayListModel, suite, checkPage(PAGE_FAILURES.fairPlay, fairPlayQueryOf));
coverage(
  dashboardEconomyModel,
  dashboardEconomyModel.suites[0],
  checkPage(PAGE_FAILURES.economy, (search: { days: number }) => search),
);

/** The page starts its list once; the account is loaded for the account opened, each dialog for its target. */
coverage(fairPlayPageModel, fairPlayPageModel.suites[0], (titles, types, replay) => {
  const lists = replay.actorInputs.filter((started) => started.src === "list");
  expect(lists.map((started) => started.input)).toEqual([{ search: {}, app: expect.anything() }]);
  for (const started of replay.actorInputs.filter((actor) => actor.src === "account"))
    expect(started.input).toBe(RISK_ACCOUNT.id);
  for (const started of replay.actorInputs.filter((actor) => actor.src === "riskDialog"))
    expect(started.input).toMatchObject({
      form: "riskAction",
      target: RISK_ACCOUNT,
      fields: { action: "freeze" },
    });
  for (const started of replay.actorInputs.filter((actor) =>
    ["approveDialog", "rejectDialog"].includes(actor.src),
  ))
    expect(started.input).toMatchObject({ target: HELD, dialog: true });
  const failures = types.filter((type) => type === "xstate.error.actor.account").length;
  expect(titles).toEqual(Array(failures).fill(`Error: ${PAGE_FAILURES.riskAccount}`));
  if (!replay.snapshot.matches("account")) expect(replay.snapshot.context.account).toBeNull();
});
