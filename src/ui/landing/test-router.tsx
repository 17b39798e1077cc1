import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";

/**
 * Renders `ui` inside a throwaway memory router so components with TanStack `<Link>`s work in jsdom.
 * Only the root route exists: links render their real hrefs but are never followed.
 * The router resolves asynchronously, so query with `findBy…` first.
 */
// jsdom has no layout: the router's scroll reset would only log "Not implemented: window.scrollTo".
window.scrollTo = () => {};

export function renderWithRouter(ui: ReactNode, initialPath = "/") {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
    // No child routes exist, so every path is "not found"; render nothing for that, the ui is the subject.
    notFoundComponent: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  return { router, ...render(<RouterProvider router={router} />) };
}
