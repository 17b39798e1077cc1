import { afterEach, describe, expect, it } from "vitest";
import { tapFeedback } from "#src/ui/tap/tap-feedback.ts";
import { fakeWebApp } from "../../tests/support/fake-web-app.ts";
import { readTelegramLaunch } from "./launch.ts";
import { startTelegramShell } from "./telegram-shell.ts";

const INIT_DATA = "auth_date=1700000000&start_param=ref_ADA123&user=%7B%22id%22%3A7%7D&hash=ab";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("reading the Telegram launch", () => {
  it("finds nothing in a browser", () => {
    expect(readTelegramLaunch({ location: { hash: "" }, sessionStorage: memoryStorage() })).toBeNull();
    expect(
      readTelegramLaunch({ location: { hash: "#section" }, sessionStorage: memoryStorage() }),
    ).toBeNull();
  });

  it("reads Telegram's launch fragment, with the referral of start_param, and keeps it for the tab", () => {
    const storage = memoryStorage();
    const hash = `#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0&tgWebAppPlatform=ios`;
    expect(readTelegramLaunch({ location: { hash }, sessionStorage: storage })).toEqual({
      initData: INIT_DATA,
      startParam: "ref_ADA123",
    });
    // After an in-app navigation the fragment is gone; the tab still knows.
    expect(readTelegramLaunch({ location: { hash: "" }, sessionStorage: storage })?.initData).toBe(INIT_DATA);
  });

  it("prefers Telegram's own object when its script is on the page", () => {
    const win = { Telegram: { WebApp: { initData: "auth_date=2&hash=cd" } }, location: { hash: "" } };
    expect(readTelegramLaunch(win)).toEqual({ initData: "auth_date=2&hash=cd", startParam: null });
  });
});

describe("the Telegram shell", () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  const router = (start: string) => {
    let path = start;
    const listeners = new Set<() => void>();
    const backs: string[] = [];
    return {
      pathname: () => path,
      onNavigated: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      back: () => backs.push(path),
      go(to: string) {
        path = to;
        for (const listener of listeners) listener();
      },
      backs,
    };
  };

  it("tells Telegram it is ready, takes the full height and follows a dark theme's colours", () => {
    const webApp = fakeWebApp({
      initData: INIT_DATA,
      colorScheme: "dark",
      themeParams: { bg_color: "#17212b", secondary_bg_color: "#232e3c", header_bg_color: "#242f3d" },
    });
    const root = document.createElement("html");
    stop = startTelegramShell(webApp, router("/home"), root);
    expect(webApp.calls).toEqual(expect.arrayContaining(["ready", "expand"]));
    expect(root.style.getPropertyValue("--color-ink-900")).toBe("#17212b");
    expect(root.style.getPropertyValue("--color-ink-800")).toBe("#232e3c");
    expect(root.style.getPropertyValue("--tg-viewport-stable-height")).toBe("640px");

    // Telegram switches to a light theme: the app keeps its dark look and paints Telegram's frame to match.
    webApp.colorScheme = "light";
    webApp.fire("themeChanged");
    expect(root.style.getPropertyValue("--color-ink-900")).toBe("");
    expect(webApp.calls).toContain("setHeaderColor:#0b0f1a");
    expect(root.dataset.telegramTheme).toBe("light");
  });

  it("ignores a theme colour that is not a colour", () => {
    const webApp = fakeWebApp({ initData: INIT_DATA, themeParams: { bg_color: "red;background:url(x)" } });
    const root = document.createElement("html");
    stop = startTelegramShell(webApp, router("/home"), root);
    expect(root.style.getPropertyValue("--color-ink-900")).toBe("");
  });

  it("shows Telegram's back button on inner pages only, and it goes back", () => {
    const webApp = fakeWebApp({ initData: INIT_DATA });
    const nav = router("/home");
    stop = startTelegramShell(webApp, nav, document.createElement("html"));
    expect(webApp.backButtonVisible).toBe(false);
    nav.go("/wallet");
    expect(webApp.backButtonVisible).toBe(true);
    webApp.pressBack();
    expect(nav.backs).toEqual(["/wallet"]);
    nav.go("/home");
    expect(webApp.backButtonVisible).toBe(false);
  });

  it("gives a light haptic tick per tap, after the tap's frame, and none once stopped", async () => {
    const webApp = fakeWebApp({ initData: INIT_DATA });
    stop = startTelegramShell(webApp, router("/tap"), document.createElement("html"));
    tapFeedback();
    tapFeedback();
    // Not during the tap itself.
    expect(webApp.calls.filter((call) => call.startsWith("haptic"))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(webApp.calls.filter((call) => call.startsWith("haptic"))).toEqual([
      "haptic:light",
      "haptic:light",
    ]);
    stop();
    stop = undefined;
    tapFeedback();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(webApp.calls.filter((call) => call.startsWith("haptic"))).toHaveLength(2);
  });
});
