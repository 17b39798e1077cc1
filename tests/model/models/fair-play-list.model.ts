/** The lists of the Fair play page (tests/model/admin.paths.test.ts): accounts and held withdrawals, kept live. */
import { fairPlayListMachine } from "#src/machines/admin/fair-play-list.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { listPageEvents, serializePage } from "./admin-pages.ts";

export const fairPlayList: ModelOptions<unknown> = {
  input: { search: {}, app: createFakeApp().app },
  fakeActors: ["load"],
  events: listPageEvents({ status: "frozen", cursors: "r2" }, false),
  serializeState: serializePage,
};

export const fairPlayListModel = registerModel({
  name: "fair-play-list",
  file: "src/machines/admin/fair-play-list.machine.ts",
  madeBy: "src/machines/shared/list-page.machine.ts",
  machine: fairPlayListMachine,
  suites: [{ name: "Fair play lists", options: fairPlayList, paths: "transitions" }],
});
