/**
 * The app dressed for Telegram (docs/decisions/031), started by main.tsx only inside Telegram: tells Telegram
 * it is ready and takes the full height, follows Telegram's theme and viewport, shows Telegram's back button on
 * inner pages (it goes back in the app's history), and gives a light haptic tick per tap.
 */
import { setTapFeedback } from "#src/ui/tap/tap-feedback.ts";
import type { TelegramThemeParams, TelegramWebApp } from "./web-app.ts";

/** The app's own dark surfaces; Telegram's header and background follow them when Telegram's scheme is light. */
const APP_BACKGROUND = "#0b0f1a";

/** Pages that are the app's home: no back button there. */
const HOME_PATHS = new Set(["/", "/home"]);

export interface ShellRouter {
  /** The current path now. */
  pathname(): string;
  /** Calls `listener` after every navigation; answers a function that stops it. */
  onNavigated(listener: () => void): () => void;
  back(): void;
}

/**
 * Dark Telegram themes colour the app's surfaces; in a light one the app keeps its dark look (its text is light)
 * and asks Telegram to paint its own header and background to match instead.
 */
export function applyTheme(webApp: TelegramWebApp, root: HTMLElement): void {
  const theme: TelegramThemeParams = webApp.themeParams ?? {};
  if (webApp.colorScheme === "dark") {
    setColor(root, "--color-ink-900", theme.bg_color);
    setColor(root, "--color-ink-800", theme.secondary_bg_color ?? theme.section_bg_color);
    setColor(root, "--color-ink-950", theme.header_bg_color);
    root.dataset.telegramTheme = "dark";
    return;
  }
  for (const name of ["--color-ink-900", "--color-ink-800", "--color-ink-950"])
    root.style.removeProperty(name);
  root.dataset.telegramTheme = "light";
  webApp.setHeaderColor?.(APP_BACKGROUND);
  webApp.setBackgroundColor?.(APP_BACKGROUND);
}

function setColor(root: HTMLElement, name: string, value: string | undefined): void {
  if (value && /^#[0-9a-f]{3,8}$/i.test(value)) root.style.setProperty(name, value);
}

function applyViewport(webApp: TelegramWebApp, root: HTMLElement): void {
  if (webApp.viewportStableHeight) {
    root.style.setProperty("--tg-viewport-stable-height", `${webApp.viewportStableHeight}px`);
  }
}

export function startTelegramShell(
  webApp: TelegramWebApp,
  router: ShellRouter,
  root = document.documentElement,
) {
  applyTheme(webApp, root);
  applyViewport(webApp, root);
  webApp.onEvent("themeChanged", () => applyTheme(webApp, root));
  webApp.onEvent("viewportChanged", () => applyViewport(webApp, root));

  const showBackButton = () => {
    if (HOME_PATHS.has(router.pathname())) webApp.BackButton.hide();
    else webApp.BackButton.show();
  };
  webApp.BackButton.onClick(() => router.back());
  showBackButton();
  const stopFollowing = router.onNavigated(showBackButton);

  setTapFeedback(() => webApp.HapticFeedback.impactOccurred("light"));
  webApp.ready();
  webApp.expand();
  return () => {
    stopFollowing();
    setTapFeedback(null);
  };
}
