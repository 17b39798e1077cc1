/** The Audit Log page (tests/model/admin.paths.test.ts): a list by the URL's search, live entries. */
import { auditPageMachine } from "#src/machines/admin/audit-page.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { listPageEvents, listPageSuites, serializePage } from "./admin-pages.ts";

/** The search the page's control asks for in the model. */
const CHANGED = { cursors: "a2" };

export const auditPage: ModelOptions<unknown> = {
  input: { search: {}, app: createFakeApp().app },
  fakeActors: ["load"],
  events: listPageEvents(CHANGED, false),
  serializeState: serializePage,
};

export const auditPageModel = registerModel({
  name: "audit-page",
  file: "src/machines/admin/audit-page.machine.ts",
  madeBy: "src/machines/shared/list-page.machine.ts",
  machine: auditPageMachine,
  suites: listPageSuites("Audit Log page", auditPage, CHANGED),
});
