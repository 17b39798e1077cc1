/**
 * Whether a page's live stream is open, as the network shows it. A change made elsewhere (another device, the
 * back office) reaches an open screen only through the stream, and a stream starts from the moment it opens
 * (docs/decisions/018-live-events-in-the-browser.md): a change made while the page is still loading would be in
 * no push. Fixtures that make such a change wait for the stream first, as a person would see the page settle.
 */
import { expect, type Page } from "@playwright/test";

const streamOpen = new WeakMap<Page, boolean>();

const isStream = (url: string) => new URL(url).pathname === "/api/events";

/** Starts watching `page`: a page load or a new stream request means "not open yet", its 200 means open. */
export function watchLiveStream(page: Page) {
  if (streamOpen.has(page)) return;
  streamOpen.set(page, false);
  page.on("request", (request) => {
    // A document load (not an in-app route change, which keeps the stream) starts the app, and its stream, anew.
    const newDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (newDocument || isStream(request.url())) streamOpen.set(page, false);
  });
  page.on("response", (response) => {
    if (isStream(response.url()) && response.status() === 200) streamOpen.set(page, true);
  });
}

/** The test took the page's stream away (a fixture's network drop): it is not open until a new one is. */
export function liveStreamDropped(page: Page) {
  streamOpen.set(page, false);
}

/**
 * Resolves once the page's latest stream request was answered 200; fails after 15 s saying so. A page signed in
 * some other way than the fixtures (a walk's own form steps) is watched from here on, and its recent requests
 * say whether its stream already opened.
 */
export async function liveStreamOpen(page: Page) {
  if (!streamOpen.has(page)) {
    watchLiveStream(page);
    const earlier = (await page.requests()).filter((request) => isStream(request.url())).at(-1);
    const answer = earlier
      ? await Promise.race([
          earlier.response(),
          new Promise<null>((resolve) => setTimeout(resolve, 100, null)),
        ])
      : null;
    if (answer?.status() === 200 && !earlier?.failure()) streamOpen.set(page, true);
  }
  await expect
    .poll(() => streamOpen.get(page), {
      message: "the page's live stream (GET /api/events) to open",
      timeout: 15_000,
      intervals: [50],
    })
    .toBe(true);
}

type WithFrames = Window & { framesHeard?: Record<string, number> };

/**
 * Before the page opens: counts the frames of each type the page's stream delivers (every type the app
 * listens to), for a change elsewhere that shows nothing on the page until it reads again (a multiplier set by
 * support, on /stats). It only counts: the app's own listeners get every frame as before.
 */
export async function recordFrames(page: Page) {
  // Plain JavaScript: the page runs it as written, before its own scripts.
  await page.addInitScript(`{
    const heard = {};
    window.framesHeard = heard;
    const addEventListener = EventSource.prototype.addEventListener;
    const counted = new WeakMap();
    EventSource.prototype.addEventListener = function (type, listener, options) {
      const types = counted.get(this) ?? new Set();
      counted.set(this, types);
      if (!types.has(type)) {
        types.add(type);
        addEventListener.call(this, type, () => { heard[type] = (heard[type] ?? 0) + 1; });
      }
      return addEventListener.call(this, type, listener, options);
    };
  }`);
}

/** How many frames of `type` the page's streams have delivered (recordFrames must be in before it opened). */
export async function framesHeard(page: Page, type: string): Promise<number> {
  const count = await page.evaluate((frame) => {
    const heard = (window as WithFrames).framesHeard;
    return heard ? (heard[frame] ?? 0) : null;
  }, type);
  if (count === null)
    throw new Error("the page counts no frames: the walk records them (recordFrames) before it opens");
  return count;
}
