/** The lists of the Fair play page (tests/model/admin.paths.test.ts): accounts and held withdrawals, kept live. */
import { fairPlayListMachine } from "#src/machines/admin/fair-play-list.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { listPageEvents, listPageSuites, serializePage } from "./admin-pages.ts";

/** The search the page's control asks for in the model. */
const CHANGED = { status: "frozen", cursors: "r2" };

export const fairPlayList: ModelOptions<unknown> = {
  input: { search: {}, app: createFakeApp().app },
  fakeActors: ["load"],
  events: listPageEvents(CHANGED, false),
  serializeState: serializePage,
};

export const fairPlayListModel = registerModel({
  name: "fair-play-list",
  file: "src/machines/admin/fair-play-list.machine.ts",
  madeBy: "src/machines/shared/list-page.machine.ts",
  machine: fairPlayListMachine,
  suites: listPageSuites("Fair play lists", fairPlayList, CHANGED),
});
