import { createRoot, hydrateRoot } from "react-dom/client";
import { hydratablePageAt } from "#contracts/prerendered-pages.ts";
import { type AppRouter, appElement } from "./router.tsx";

/**
 * Resolves in a later task, so the work before and after it are two tasks for the browser. A message, not a
 * timer: a page whose clock is held (a test's, or a throttled background tab's) still starts.
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Starts React in the root element (docs/decisions/043). A page built into HTML carries its address in
 * `data-page`; when the router's first render here is that same page, React hydrates the markup (adopts the
 * DOM as it is: no second render of the page, no long task). Otherwise (the shell, or a built page opened
 * with parameters its markup does not show, or a redirect) React renders from scratch over what is there.
 */
export async function mountApp(root: HTMLElement, router: AppRouter): Promise<"hydrated" | "rendered"> {
  const builtPage = root.dataset.page;
  if (builtPage) {
    // The first render must not suspend: the route chunks (and /auth's runtime) are loaded first. The
    // router then has nothing left to load when it mounts.
    await router.load();
    const { pathname, search } = router.state.location;
    if (hydratablePageAt(pathname, Object.keys(search), search.mode) === builtPage) {
      // Loading ended in a task of its own (the runtime's start, on /auth): hydration starts in the next one.
      await nextTask();
      hydrateRoot(root, appElement(router));
      return "hydrated";
    }
  }
  createRoot(root).render(appElement(router));
  return "rendered";
}
