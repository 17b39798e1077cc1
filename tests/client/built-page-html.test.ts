/**
 * How the build turns Vite's shell into a public page (scripts/prerender/, docs/decisions/043): markup in the
 * root, the stylesheet inlined instead of linked, the page's chunks preloaded; and the build's own check.
 */
import { describe, expect, it } from "vitest";
import { pageHtml, problemsOf } from "../../scripts/prerender/page-html.ts";
import { moduleKeysFor, preloadUrls, type ViteManifest } from "../../scripts/prerender/preloads.ts";

/** Vite's index.html as the build writes it. */
const shell = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <title>TapRewards</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/link-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const css = `.flex{display:flex}${".x{color:red}".repeat(100)}`;
const styles = new Map([["/assets/index-C.css", css]]);

describe("a built page", () => {
  const html = pageHtml(shell, {
    href: "/auth?mode=signup",
    markup: "<main><h1>Create your account</h1></main>",
    styles,
    preloads: ["/assets/link-B.js", "/assets/auth-D.js"],
  });

  it("holds the markup in the root, which names the page", () => {
    expect(html).toContain(
      '<div id="root" data-page="/auth?mode=signup"><main><h1>Create your account</h1></main></div>',
    );
  });

  it("has the stylesheet inline and no render-blocking stylesheet request", () => {
    expect(html).toContain(`<style>${css}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(problemsOf(html)).toEqual([]);
  });

  it("preloads the page's own chunks once, beside the entry's", () => {
    expect(html.match(/href="\/assets\/link-B.js"/g)).toHaveLength(1);
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/auth-D.js">',
    );
    expect(html.indexOf("auth-D.js")).toBeLessThan(html.indexOf("</head>"));
  });

  it("fetches every script and preload at low priority: the first paint waits for none of them", () => {
    const tags = html.match(/<script[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThanOrEqual(3);
    for (const tag of tags) expect(tag).toContain('fetchpriority="low"');
    expect(html.match(/fetchpriority/g)).toHaveLength(tags.length);
  });

  it("refuses a stylesheet it cannot inline", () => {
    expect(() => pageHtml(shell, { href: "/", markup: "x", styles: new Map(), preloads: [] })).toThrow(
      /index-C.css/,
    );
    const closing = new Map([["/assets/index-C.css", "a{}</style><script>"]]);
    expect(() => pageHtml(shell, { href: "/", markup: "x", styles: closing, preloads: [] })).toThrow();
  });
});

describe("the build's check of a page", () => {
  it("names what would make it paint late or blank", () => {
    expect(problemsOf(shell)).toEqual([
      "the root element is empty",
      "a stylesheet still blocks the first paint",
      "no inline stylesheet",
    ]);
  });
});

describe("what a page preloads", () => {
  const manifest: ViteManifest = {
    "index.html": { file: "assets/index-A.js", imports: ["_link-B.js"] },
    "_link-B.js": { file: "assets/link-B.js" },
    "_field-E.js": { file: "assets/field-E.js", imports: ["_link-B.js"] },
    "src/routes/index.tsx?tsr-split=component": { file: "assets/routes-F.js", imports: ["_link-B.js"] },
    "src/routes/_session.tsx?tsr-split=component": { file: "assets/_session-G.js" },
    "src/routes/_session/auth.tsx?tsr-split=component": {
      file: "assets/auth-D.js",
      imports: ["index.html", "_field-E.js"],
    },
    "src/runtime.ts": { file: "assets/runtime-H.js", imports: ["index.html"] },
  };

  it("the landing page: its route chunk, not what the entry already loads", () => {
    expect(preloadUrls(manifest, moduleKeysFor(["__root__", "/"]))).toEqual(["/assets/routes-F.js"]);
  });

  it("/auth: its layout's and its own chunks, and the runtime the layout's guard awaits", () => {
    expect(preloadUrls(manifest, moduleKeysFor(["__root__", "/_session", "/_session/auth"]))).toEqual([
      "/assets/_session-G.js",
      "/assets/auth-D.js",
      "/assets/field-E.js",
      "/assets/runtime-H.js",
    ]);
  });

  it("fails the build when a page's route has no chunk (a route moved)", () => {
    expect(() => preloadUrls(manifest, ["src/routes/gone.tsx?tsr-split=component"])).toThrow(/gone/);
  });
});
