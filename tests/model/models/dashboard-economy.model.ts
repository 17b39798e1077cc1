/** The economy on the Admin Dashboard (tests/model/admin.paths.test.ts): its days, kept live. */
import { dashboardEconomyMachine } from "#src/machines/admin/dashboard-economy.machine.ts";
import { registerModel } from "../../../tools/model-kit/registry.ts";
import { createFakeApp } from "../../support/app-doubles.ts";
import type { ModelOptions } from "../path-runner.ts";
import { listPageEvents, serializePage } from "./admin-pages.ts";

/**
 * The Dashboard always shows the last 30 days (src/pages/admin/dashboard-page.tsx): no control changes the
 * economy's search, so the model sends no QUERY.
 */
export const economy: ModelOptions<unknown> = {
  input: { search: { days: 30 }, app: createFakeApp().app },
  fakeActors: ["load"],
  events: (snapshot) =>
    listPageEvents({ days: 7 }, false)(snapshot).filter((event) => event.type !== "QUERY"),
  serializeState: serializePage,
};

export const dashboardEconomyModel = registerModel({
  name: "dashboard-economy",
  file: "src/machines/admin/dashboard-economy.machine.ts",
  madeBy: "src/machines/shared/list-page.machine.ts",
  machine: dashboardEconomyMachine,
  suites: [{ name: "Dashboard economy", options: economy, paths: "transitions" }],
});
