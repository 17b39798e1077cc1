import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ListQuery } from "#src/api/admin.ts";
import { createFakeApp } from "../../../tests/support/app-doubles.ts";
import type { AuditData } from "./admin.types.ts";
import { auditPageMachine } from "./audit-page.machine.ts";
import { toAuditView } from "./audit-page.view.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("Audit Log page machine", () => {
  it("asks for the page in the URL and keeps the rows while the next one loads", async () => {
    const queries: ListQuery[] = [];
    const actor = createActor(
      auditPageMachine.provide({
        actors: {
          load: fromPromise(async ({ input }: { input: ListQuery }): Promise<AuditData> => {
            queries.push(input);
            return { items: [], nextCursor: "a2" };
          }),
        },
      }),
      { input: { search: {}, app: createFakeApp().app } },
    );
    actor.start();
    await flush();
    const next = toAuditView(actor.getSnapshot()).entries.after({ page: 2 });
    expect(next).toEqual({ cursors: "a2" });
    actor.send({ type: "QUERY", search: next });
    expect(toAuditView(actor.getSnapshot())).toMatchObject({ status: "ready", busy: true });
    await flush();
    expect(queries).toEqual([{}, { cursor: "a2" }]);
    expect(toAuditView(actor.getSnapshot()).entries.page).toBe(2);
  });
});
