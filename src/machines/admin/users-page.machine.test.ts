import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { UnfundedUsersPage } from "#src/api/admin.ts";
import { withLoader } from "#src/machines/shared/list-page.machine.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import type { UsersSearch } from "./admin.search.ts";
import type { FormSuccess, UsersData, UsersQuery } from "./admin.types.ts";
import { adminFormMachine, type SubmitInput } from "./admin-form.machine.ts";
import { usersListMachine } from "./users-list.machine.ts";
import { usersPageMachine } from "./users-page.machine.ts";
import { toUsersDialogs, toUsersView } from "./users-page.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ADA = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  telegramUsername: null,
  multiplier: 0.001,
  points: 1,
  lastActive: null,
};
const USER = { id: ADA.id, label: ADA.email, multiplier: ADA.multiplier };
const page = (items: UnfundedUsersPage["items"], nextCursor: string | null = null) => ({
  items,
  nextCursor,
  total: items.length,
});
const DATA: UsersData = {
  stats: { averageMultiplier: 1, highestMultiplier: 1, lowestMultiplier: 1, totalUsers: 1 },
  funded: { items: [], nextCursor: null, total: 0 },
  unfunded: page([ADA], "next-u"),
};

function start(search: UsersSearch, options: { fail?: boolean; submit?: (FormSuccess | Error)[] } = {}) {
  const queries: UsersQuery[] = [];
  const submitted: SubmitInput[] = [];
  let fail = options.fail ?? false;
  const submitLogic = adminFormMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }: { input: SubmitInput }) => {
        submitted.push(input);
        const next = options.submit?.shift() ?? new Error("down");
        if (next instanceof Error) throw next;
        return next;
      }),
    },
  });
  const actor = createActor(
    usersPageMachine.provide({
      actors: {
        list: withLoader(
          usersListMachine,
          fromPromise(async ({ input }: { input: UsersQuery }) => {
            queries.push(input);
            if (fail) throw { code: "NETWORK_ERROR", message: "x", status: 0 };
            return DATA;
          }),
        ),
        fundDialog: submitLogic,
        multiplierDialog: submitLogic,
      },
    }),
    { input: { search, newId: () => "key", app: createFakeApp().app } },
  );
  const toasts: string[] = [];
  actor.start();
  actor
    .getSnapshot()
    .children.list?.on("toast", (event) => toasts.push(`${event.title}: ${event.description}`));
  const view = () => toUsersView(actor.getSnapshot().children.list?.getSnapshot());
  return { actor, view, queries, submitted, toasts, heal: () => (fail = false) };
}

describe("User Management page machine", () => {
  it("asks the server for each table's own search, sort and page, as the URL has them", async () => {
    const { queries, view } = start({
      fq: "ada",
      fsort: "email:desc",
      fcursors: "c1,c2",
      usort: "points:asc",
    });
    await flush();
    expect(queries).toEqual([
      { funded: { q: "ada", sort: "email:desc", cursor: "c2" }, unfunded: { sort: "points:asc" } },
    ]);
    const shown = view();
    expect(shown.status).toBe("ready");
    expect(shown.funded.page).toBe(3);
    expect(shown.unfunded.rows).toEqual([ADA]);
    expect(shown.unfunded.after({ page: 2 })).toMatchObject({ fq: "ada", ucursors: "next-u" });
    expect(shown.funded.after({ q: "bob" })).toMatchObject({ fq: "bob", fcursors: undefined });
  });

  it("a changed search loads again and keeps the old rows meanwhile; an unchanged one is ignored", async () => {
    const { actor, queries, view } = start({});
    await flush();
    actor.send({ type: "QUERY", search: {} });
    expect(actor.getSnapshot().children.list?.getSnapshot().matches("ready")).toBe(true);
    actor.send({ type: "QUERY", search: { uq: "ada" } });
    expect(view()).toMatchObject({ busy: true, status: "ready" });
    actor.send({ type: "QUERY", search: { uq: "ada", usort: "email:asc" } });
    await flush();
    expect(queries.map((query) => query.unfunded)).toEqual([
      {},
      { q: "ada" },
      { q: "ada", sort: "email:asc" },
    ]);
    expect(actor.getSnapshot().children.list?.getSnapshot().context.search).toEqual({
      uq: "ada",
      usort: "email:asc",
    });
  });

  it("a failed load toasts the page's words under Error; a new search tries again", async () => {
    const { actor, toasts, heal, view } = start({}, { fail: true });
    await flush();
    expect(view().status).toBe("failed");
    expect(toasts).toEqual(["Error: Failed to load user management data. Please try again."]);
    heal();
    actor.send({ type: "QUERY", search: { fq: "x" } });
    await flush();
    expect(view().status).toBe("ready");
  });

  it("funding a user opens their dialog, and its success reloads both lists and the figures", async () => {
    const funded = {
      title: "Wallet Funded",
      description: "Successfully funded the user's wallet with 5 USDT",
    };
    const { actor, queries, submitted } = start({ uq: "ada" }, { submit: [funded] });
    await flush();
    actor.send({ type: "FUND.OPEN", user: USER });
    const dialog = toUsersDialogs(actor.getSnapshot()).fundDialog!;
    expect(dialog.getSnapshot().context.target?.label).toBe(ADA.email);
    const toasts: string[] = [];
    dialog.on("toast", (event) => toasts.push(event.title));
    dialog.send({ type: "CHANGE", name: "amount", value: "5" });
    dialog.send({ type: "SUBMIT" });
    await flush();
    expect(submitted).toEqual([{ form: "fundWallet", fields: { amount: "5" }, target: USER, key: "key" }]);
    expect(toasts).toEqual(["Wallet Funded"]);
    expect(actor.getSnapshot().matches("closed")).toBe(true);
    expect(toUsersDialogs(actor.getSnapshot()).fundDialog).toBeUndefined();
    await flush();
    expect(queries).toHaveLength(2);
    expect(queries[1]).toEqual(queries[0]);
  });

  it("a dialog cancelled or failed reloads nothing", async () => {
    const { actor, queries } = start({});
    await flush();
    actor.send({ type: "MULTIPLIER.OPEN", user: { id: "u1", label: "a@b.c", multiplier: 2 } });
    const dialog = toUsersDialogs(actor.getSnapshot()).multiplierDialog!;
    dialog.send({ type: "CHANGE", name: "multiplier", value: "3" });
    dialog.send({ type: "SUBMIT" });
    await flush();
    expect(actor.getSnapshot().matches("updatingMultiplier")).toBe(true);
    dialog.send({ type: "CLOSE" });
    await flush();
    expect(actor.getSnapshot().matches("closed")).toBe(true);
    expect(queries).toHaveLength(1);
  });
});
