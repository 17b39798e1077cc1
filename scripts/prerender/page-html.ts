/**
 * Turns Vite's HTML shell into a built page (docs/decisions/043): the page's markup in the root element, the
 * app's stylesheet inlined (no render-blocking request before the first paint), and module preloads for what
 * the page must load before the browser can hydrate it. Pure, so the rules are tested without a build.
 *
 * The page paints without any script, so its scripts and preloads are fetched at low priority
 * (`fetchpriority="low"`): they still start at once, from the HTML, but they are not what the first paint waits
 * for, and a phone's slow link is not shared with them before it (docs/decisions/043).
 */

export interface PageParts {
  /** The page's address, written as the root's `data-page` (contracts/prerendered-pages.ts). */
  href: string;
  /** The rendered markup of the root element. */
  markup: string;
  /** The contents of the stylesheets the shell links, keyed by their URL path (`/assets/index-x.css`). */
  styles: ReadonlyMap<string, string>;
  /** Module URLs to preload, beyond those the shell already preloads. */
  preloads: readonly string[];
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)"\s*\/?>/g;
const SCRIPT_OR_PRELOAD = /<(script type="module"|link rel="modulepreload")([^>]*)>/g;
const ROOT = '<div id="root"></div>';

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

export function pageHtml(shell: string, { href, markup, styles, preloads }: PageParts): string {
  if (!shell.includes(ROOT)) throw new Error(`The HTML shell has no empty ${ROOT}`);
  const inlined = shell.replace(STYLESHEET, (_, url: string) => {
    const css = styles.get(url);
    if (css === undefined) throw new Error(`No contents for the stylesheet ${url}`);
    if (css.includes("</style")) throw new Error(`${url} would end its inline <style> early`);
    return `<style>${css}</style>`;
  });
  const preloadLinks = preloads
    .filter((url) => !inlined.includes(`"${url}"`))
    .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`)
    .join("\n    ");
  return inlined
    .replace("</head>", preloadLinks ? `  ${preloadLinks}\n  </head>` : "</head>")
    .replace(SCRIPT_OR_PRELOAD, (tag, opening: string, rest: string) =>
      rest.includes("fetchpriority") ? tag : `<${opening} fetchpriority="low"${rest}>`,
    )
    .replace(ROOT, `<div id="root" data-page="${escapeAttribute(href)}">${markup}</div>`);
}

/** What the build checks of every page it writes: it fails rather than ship a page that paints blank. */
export function problemsOf(html: string): string[] {
  const problems: string[] = [];
  if (html.includes(ROOT)) problems.push("the root element is empty");
  if (/<link rel="stylesheet"/.test(html)) problems.push("a stylesheet still blocks the first paint");
  if (!/<style>[\s\S]{1000,}?<\/style>/.test(html)) problems.push("no inline stylesheet");
  return problems;
}
