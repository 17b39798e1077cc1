import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { routeTree } from "#src/routeTree.gen.ts";
import { type AppRuntime, createRuntime } from "#src/runtime.ts";

/** Renders the real app (routes, machines, API client) at `path`; msw stands in for the server. */
export function renderApp(path: string) {
  let runtime: Promise<AppRuntime> | undefined;
  const loadRuntime = () => {
    runtime ??= Promise.resolve(createRuntime());
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
