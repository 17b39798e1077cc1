/**
 * The build's render of a public page (docs/decisions/043): the app's own router and route components at the
 * page's address, rendered to HTML once every route chunk has loaded. scripts/prerender.ts bundles this
 * module for Node and writes its markup into the page's HTML file.
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { prerender } from "react-dom/static";
import { appElement, createAppRouter } from "#src/router.tsx";
import { builtRuntime } from "./built-runtime.ts";

export interface RenderedPage {
  /** The root element's markup. */
  markup: string;
  /** The routes the page matched, root first: their chunks are what the browser loads before hydrating. */
  routeIds: string[];
}

export async function renderPage(href: string): Promise<RenderedPage> {
  const runtime = builtRuntime();
  const router = createAppRouter({
    loadRuntime: async () => runtime,
    history: createMemoryHistory({ initialEntries: [href] }),
  });
  await router.load();
  const { pathname, searchStr } = router.state.location;
  if (`${pathname}${searchStr}` !== href)
    throw new Error(`Prerender of ${href} ended at ${pathname}${searchStr}`);
  const { prelude } = await prerender(appElement(router));
  return {
    markup: await new Response(prelude).text(),
    routeIds: router.state.matches.map((match) => match.routeId),
  };
}
