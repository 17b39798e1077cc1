/**
 * A stand-in for Telegram's `window.Telegram.WebApp` that records what the app asks of it: for the jsdom tests
 * and the Chromium e2e suite (which installs the same shape before the page loads).
 */
import type { HapticStyle, TelegramThemeParams, TelegramWebApp } from "#src/telegram/web-app.ts";

export interface FakeWebApp extends TelegramWebApp {
  calls: string[];
  backButtonVisible: boolean;
  pressBack(): void;
  fire(event: "themeChanged" | "viewportChanged"): void;
}

export function fakeWebApp(options: {
  initData: string;
  colorScheme?: "light" | "dark";
  themeParams?: TelegramThemeParams;
}): FakeWebApp {
  const calls: string[] = [];
  const handlers: Record<string, Array<() => void>> = {};
  let backHandler: (() => void) | null = null;
  const webApp: FakeWebApp = {
    initData: options.initData,
    colorScheme: options.colorScheme ?? "dark",
    themeParams: options.themeParams ?? {},
    viewportStableHeight: 640,
    calls,
    backButtonVisible: false,
    ready: () => calls.push("ready"),
    expand: () => calls.push("expand"),
    setHeaderColor: (color) => calls.push(`setHeaderColor:${color}`),
    setBackgroundColor: (color) => calls.push(`setBackgroundColor:${color}`),
    onEvent: (event, handler) => {
      handlers[event] = [...(handlers[event] ?? []), handler];
    },
    BackButton: {
      show: () => {
        webApp.backButtonVisible = true;
      },
      hide: () => {
        webApp.backButtonVisible = false;
      },
      onClick: (handler) => {
        backHandler = handler;
      },
    },
    HapticFeedback: { impactOccurred: (style: HapticStyle) => calls.push(`haptic:${style}`) },
    pressBack: () => backHandler?.(),
    fire: (event) => {
      for (const handler of handlers[event] ?? []) handler();
    },
  };
  return webApp;
}
