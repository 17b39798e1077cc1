/** The User Management page (tests/model/admin.paths.test.ts): loads, searches, the two user dialogs. */
import { usersPageMachine } from "#src/machines/admin/users-page.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { pageEvents, serializeDialogPage } from "./admin-pages.ts";

export const usersPage: ModelOptions<unknown> = {
  input: { search: {}, newId: () => "key", app: createFakeApp().app },
  fakeActors: ["list", "fundDialog", "multiplierDialog"],
  events: pageEvents("users"),
  serializeState: serializeDialogPage,
};

export const usersPageModel = registerModel({
  name: "users-page",
  file: "src/machines/admin/users-page.machine.ts",
  machine: usersPageMachine,
  suites: [{ name: "User Management page", options: usersPage, paths: "transitions" }],
});
