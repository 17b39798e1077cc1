/** The Admin Dashboard page (tests/model/admin.paths.test.ts): a list by the URL's search, live metrics. */
import { dashboardPageMachine } from "#src/machines/admin/dashboard-page.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { listPageEvents, listPageSuites, serializePage } from "./admin-pages.ts";

/** The search the page's control asks for in the model. */
const CHANGED = { q: "ada" };

export const dashboardPage: ModelOptions<unknown> = {
  input: { search: {}, app: createFakeApp().app },
  fakeActors: ["load"],
  events: listPageEvents(CHANGED, true),
  serializeState: serializePage,
};

export const dashboardPageModel = registerModel({
  name: "dashboard-page",
  file: "src/machines/admin/dashboard-page.machine.ts",
  madeBy: "src/machines/shared/list-page.machine.ts",
  machine: dashboardPageMachine,
  suites: listPageSuites("Admin Dashboard page", dashboardPage, CHANGED),
});
