import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { NotFound } from "#src/ui/not-found.tsx";
import type { AppRuntime } from "../runtime.ts";

export interface RouterContext {
  /** Starts (once) and returns the app's actors; routes that need a session await it in beforeLoad. */
  loadRuntime: () => Promise<AppRuntime>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => <Outlet />,
  notFoundComponent: NotFound,
});
