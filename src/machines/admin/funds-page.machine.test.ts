import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { withLoader } from "#src/machines/shared/list-page.machine.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import type { FundsData, FundsQuery } from "./admin.types.ts";
import { adminFormMachine, type SubmitInput } from "./admin-form.machine.ts";
import { fundsListMachine } from "./funds-list.machine.ts";
import { fundsPageMachine } from "./funds-page.machine.ts";
import { toFundsDialog, toFundsView } from "./funds-page.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const DATA: FundsData = {
  pool: { balance: 100 },
  wallets: { items: [], nextCursor: "w2", totalBalance: 5, count: 1 },
  transactions: { items: [], nextCursor: null },
};

function start() {
  const queries: FundsQuery[] = [];
  const submitted: SubmitInput[] = [];
  const actor = createActor(
    fundsPageMachine.provide({
      actors: {
        list: withLoader(
          fundsListMachine,
          fromPromise(async ({ input }: { input: FundsQuery }) => {
            queries.push(input);
            return DATA;
          }),
        ),
        withdrawDialog: adminFormMachine.provide({
          actors: {
            submit: fromPromise(async ({ input }: { input: SubmitInput }) => {
              submitted.push(input);
              return { title: "Withdrawal Initiated", description: "Withdrawing 1 USDT to T" };
            }),
          },
        }),
      },
    }),
    { input: { search: { txcursors: "t1" }, newId: () => "key", app: createFakeApp().app } },
  );
  actor.start();
  const list = () => actor.getSnapshot().children.list?.getSnapshot();
  return { actor, list, queries, submitted };
}

describe("Funds Management page machine", () => {
  it("asks for each table's own page, and pages through the URL", async () => {
    const { actor, list, queries } = start();
    await flush();
    expect(queries).toEqual([{ transactions: { cursor: "t1" }, wallets: {} }]);
    const view = toFundsView(list());
    expect(view).toMatchObject({ status: "ready", poolBalance: 100, totalBalance: 5, fundedCount: 1 });
    expect(view.transactions.page).toBe(2);
    expect(view.wallets.after({ page: 2 })).toEqual({ txcursors: "t1", fwcursors: "w2" });
    actor.send({ type: "QUERY", search: { txcursors: "t1", fwcursors: "w2" } });
    await flush();
    expect(queries.at(-1)).toEqual({ transactions: { cursor: "t1" }, wallets: { cursor: "w2" } });
  });

  it("a withdrawal that succeeded closes the dialog and reloads the pool and the transactions", async () => {
    const { actor, queries, submitted } = start();
    await flush();
    actor.send({ type: "WITHDRAW.OPEN" });
    const dialog = toFundsDialog(actor.getSnapshot())!;
    dialog.send({ type: "CHANGE", name: "address", value: "T" });
    dialog.send({ type: "CHANGE", name: "amount", value: "1" });
    dialog.send({ type: "SUBMIT" });
    await flush();
    expect(submitted).toEqual([
      { form: "withdraw", fields: { address: "T", amount: "1" }, target: null, key: "key" },
    ]);
    expect(actor.getSnapshot().matches("closed")).toBe(true);
    await flush();
    expect(queries).toHaveLength(2);
  });
});
