/**
 * What the browser itself decides and the Chromium of these tests cannot show (docs/decisions/029-model-kit.md,
 * "The browser's own sheets"): a phone's share sheet, which Chromium on Linux lacks (the Referral card's Share
 * button shows only where `navigator.share` exists), and a clipboard that refuses a write, which this Chromium
 * never does for a page a person clicked in. The app's code runs unchanged: only the browser's answer is stood in.
 */
import { expect, type Page } from "@playwright/test";

/** How a person leaves the share sheet: they shared, they closed it (AbortError), or it could not open. */
export type ShareOutcome = "shared" | "AbortError" | "NotAllowedError";

type Sheet = { resolve: () => void; reject: (error: unknown) => void };
type WithSheets = Window & { shareSheets?: Sheet[] };

/** Before the page opens: `navigator.share` opens a sheet that stays open until `closeShareSheet`. */
export async function installShareSheet(page: Page) {
  await page.addInitScript(() => {
    const sheets: Sheet[] = [];
    (window as WithSheets).shareSheets = sheets;
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: () => new Promise<void>((resolve, reject) => sheets.push({ resolve, reject })),
    });
  });
}

/** Closes the oldest open share sheet (waiting for the page to open one) the way `outcome` says. */
export async function closeShareSheet(page: Page, outcome: ShareOutcome) {
  await expect
    .poll(() => page.evaluate(() => (window as WithSheets).shareSheets?.length ?? 0), {
      message: "the page to open its share sheet (navigator.share)",
    })
    .toBeGreaterThan(0);
  await page.evaluate((how) => {
    const sheet = (window as WithSheets).shareSheets!.shift()!;
    if (how === "shared") sheet.resolve();
    else sheet.reject(new DOMException(how === "AbortError" ? "Share canceled" : "Sharing is blocked", how));
  }, outcome);
}

/** The page's next clipboard write is refused, as a browser that blocks the clipboard refuses it. */
export async function refuseClipboard(page: Page) {
  await page.evaluate(() => {
    const clipboard = navigator.clipboard;
    const write = clipboard.writeText.bind(clipboard);
    clipboard.writeText = () => {
      clipboard.writeText = write;
      return Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
    };
  });
}
