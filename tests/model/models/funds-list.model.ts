/** The list of Funds Management (tests/model/admin.paths.test.ts): both tables by the URL's pages, live pool. */
import { fundsListMachine } from "#src/machines/admin/funds-list.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { listPageEvents, listPageSuites, serializePage } from "./admin-pages.ts";

/** The search the page's control asks for in the model. */
const CHANGED = { txcursors: "t2" };

export const fundsList: ModelOptions<unknown> = {
  input: { search: {}, app: createFakeApp().app },
  fakeActors: ["load"],
  events: listPageEvents(CHANGED, true),
  serializeState: serializePage,
};

export const fundsListModel = registerModel({
  name: "funds-list",
  file: "src/machines/admin/funds-list.machine.ts",
  madeBy: "src/machines/shared/list-page.machine.ts",
  machine: fundsListMachine,
  suites: listPageSuites("Funds Management list", fundsList, CHANGED),
});
