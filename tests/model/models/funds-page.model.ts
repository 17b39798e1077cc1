/** The Funds Management page (tests/model/admin.paths.test.ts): loads, pages, the withdraw dialog. */
import { fundsPageMachine } from "#src/machines/admin/funds-page.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { pageEvents, serializeDialogPage } from "./admin-pages.ts";

export const fundsPage: ModelOptions<unknown> = {
  input: { search: {}, newId: () => "key", app: createFakeApp().app },
  fakeActors: ["list", "withdrawDialog"],
  events: pageEvents("funds"),
  serializeState: serializeDialogPage,
};

export const fundsPageModel = registerModel({
  name: "funds-page",
  file: "src/machines/admin/funds-page.machine.ts",
  machine: fundsPageMachine,
  suites: [{ name: "Funds Management page", options: fundsPage, paths: "transitions" }],
});
