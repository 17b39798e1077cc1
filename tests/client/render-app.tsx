import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { routeTree } from "#src/routeTree.gen.ts";
import { type AppRuntime, createRuntime, type RuntimeOptions } from "#src/runtime.ts";

/**
 * Renders the real app (routes, machines, API client) at `path`; msw stands in for the server, and a test may
 * give the live stream a fake EventSource (jsdom has none, so by default the app runs without a stream).
 */
export function renderApp(path: string, options: RuntimeOptions = {}) {
  let runtime: Promise<AppRuntime> | undefined;
  const loadRuntime = () => {
    runtime ??= Promise.resolve(createRuntime(options));
    return runtime;
  };
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree, history, context: { loadRuntime } });
  const view = render(<RouterProvider router={router} />);
  return {
    ...view,
    router,
    user: userEvent.setup(),
    /** The app's actors, for walks that wait until the app has caught up with a model step. */
    runtime: loadRuntime,
    stop: async () => (await loadRuntime()).app.stop(),
    location: () => `${router.state.location.pathname}${router.state.location.searchStr}`,
  };
}
