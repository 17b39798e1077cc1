/** The list of User Management (tests/model/admin.paths.test.ts): both tables by the URL's search, kept live. */
import { usersListMachine } from "#src/machines/admin/users-list.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { listPageEvents, listPageSuites, serializePage } from "./admin-pages.ts";

/** The search the page's control asks for in the model. */
const CHANGED = { uq: "ada", usort: "email:asc" };

export const usersList: ModelOptions<unknown> = {
  input: { search: {}, app: createFakeApp().app },
  fakeActors: ["load"],
  events: listPageEvents(CHANGED, false),
  serializeState: serializePage,
};

export const usersListModel = registerModel({
  name: "users-list",
  file: "src/machines/admin/users-list.machine.ts",
  madeBy: "src/machines/shared/list-page.machine.ts",
  machine: usersListMachine,
  suites: listPageSuites("User Management list", usersList, CHANGED),
});
