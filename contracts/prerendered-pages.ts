/**
 * The public pages the build writes as HTML (docs/decisions/043): one list for the three parties that must
 * agree on it. The build renders each `href` into `file` under dist/; the server answers a request with the
 * file of its page; the browser hydrates that markup only when its own first render is the same page.
 */

export interface PrerenderedPage {
  /** The address the build renders, and the key the page's root element carries (`data-page`). */
  href: string;
  /** Where the build writes it, relative to dist/. */
  file: string;
}

/** Which `/auth` form the page shows; the default is login (docs/product.md §2). */
export const AUTH_FORMS = ["login", "signup", "forgot", "reset", "verify"] as const;

const landing: PrerenderedPage = { href: "/", file: "prerendered/index.html" };

const authForm = (mode: (typeof AUTH_FORMS)[number]): PrerenderedPage =>
  mode === "login"
    ? { href: "/auth", file: "prerendered/auth/index.html" }
    : { href: `/auth?mode=${mode}`, file: `prerendered/auth/${mode}.html` };

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [landing, ...AUTH_FORMS.map(authForm)];

/**
 * The page the server sends for a path and its `mode` parameter, if any. Other parameters do not change the
 * choice: `/auth?mode=signup&ref=X` still paints the sign-up form at once (the browser then renders over it).
 */
export function prerenderedPageFor(pathname: string, mode: string | null | undefined) {
  if (pathname === "/") return landing;
  if (pathname !== "/auth") return undefined;
  const form = AUTH_FORMS.find((name) => name === mode) ?? "login";
  return authForm(form);
}

/**
 * Search parameters whose value the page's markup does not show: with only these (and `mode`) the browser's
 * first render equals the built HTML. The landing page reads none, so any parameter leaves it unchanged;
 * `/auth`'s `redirect` and `ref` change links and the referral field, so a page opened with them is rendered
 * over instead of hydrated.
 */
const INVISIBLE_SEARCH: Record<string, readonly string[] | "any"> = {
  "/": "any",
  "/auth": ["mode", "token"],
};

/** The `href` of the built page whose markup the browser's first render at this location reproduces. */
export function hydratablePageAt(pathname: string, searchKeys: readonly string[], mode: unknown) {
  const invisible = INVISIBLE_SEARCH[pathname];
  if (!invisible) return undefined;
  if (invisible !== "any" && searchKeys.some((key) => !invisible.includes(key))) return undefined;
  return prerenderedPageFor(pathname, typeof mode === "string" ? mode : undefined)?.href;
}
