import { createRouter, type RouterHistory, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import type { RouterContext } from "./routes/__root.tsx";
import { routeTree } from "./routeTree.gen.ts";

interface AppRouterOptions extends RouterContext {
  /** The build's prerender passes a memory history at the page's address; the browser uses its own. */
  history?: RouterHistory;
}

/**
 * The one router of the app, for the browser and for the build's prerender (docs/decisions/043): both render
 * the same tree from the same options, or the browser could not hydrate the built HTML. The router renders
 * its client tree in both places (`isServer: false`): its server tree lacks the Suspense boundary the
 * browser adds, and the markup would not match.
 */
export function createAppRouter({ loadRuntime, history }: AppRouterOptions) {
  return createRouter({
    routeTree,
    context: { loadRuntime },
    defaultPreload: "intent",
    isServer: false,
    ...(history
      ? // No window at build time: a fixed origin, and no scroll positions to restore.
        { history, origin: "http://localhost", scrollRestoration: false }
      : { scrollRestoration: true }),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}

/** What the root element holds, built and in the browser alike. */
export const appElement = (router: AppRouter) => (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
