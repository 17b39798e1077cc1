/** The list of Funds Management (tests/model/admin.paths.test.ts): both tables by the URL's pages, live pool. */
import { fundsListMachine } from "#src/machines/admin/funds-list.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { listPageEvents, serializePage } from "./admin-pages.ts";

export const fundsList: ModelOptions<unknown> = {
  input: { search: {}, app: createFakeApp().app },
  fakeActors: ["load"],
  events: listPageEvents({ txcursors: "t2" }, true),
  serializeState: serializePage,
};

export const fundsListModel = registerModel({
  name: "funds-list",
  file: "src/machines/admin/funds-list.machine.ts",
  madeBy: "src/machines/shared/list-page.machine.ts",
  machine: fundsListMachine,
  suites: [{ name: "Funds Management list", options: fundsList, paths: "transitions" }],
});
