/**
 * The part of Telegram's Mini App object (`window.Telegram.WebApp`) the app uses, and its loading: Telegram's
 * own `telegram-web-app.js`, fetched only inside Telegram (docs/decisions/031) and only when the page does not
 * have it yet.
 */

export type HapticStyle = "light" | "medium" | "heavy" | "rigid" | "soft";

export interface TelegramThemeParams {
  bg_color?: string;
  secondary_bg_color?: string;
  section_bg_color?: string;
  header_bg_color?: string;
  text_color?: string;
  hint_color?: string;
  button_color?: string;
}

export interface TelegramWebApp {
  initData: string;
  colorScheme: "light" | "dark";
  themeParams: TelegramThemeParams;
  viewportStableHeight?: number;
  ready(): void;
  expand(): void;
  setHeaderColor?(color: string): void;
  setBackgroundColor?(color: string): void;
  onEvent(event: "themeChanged" | "viewportChanged", handler: () => void): void;
  BackButton: { show(): void; hide(): void; onClick(handler: () => void): void };
  HapticFeedback: { impactOccurred(style: HapticStyle): void };
}

const SCRIPT_URL = "https://telegram.org/js/telegram-web-app.js";

type WithTelegram = Window & { Telegram?: { WebApp?: TelegramWebApp } };

/** Telegram's object, loading Telegram's script first when the page lacks it; null when it cannot load. */
export async function loadTelegramWebApp(
  win: WithTelegram = window as WithTelegram,
): Promise<TelegramWebApp | null> {
  if (win.Telegram?.WebApp) return win.Telegram.WebApp;
  await new Promise<void>((resolve) => {
    const script = win.document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    // Offline or blocked: the app works as in a browser, without Telegram's chrome.
    script.onerror = () => resolve();
    win.document.head.append(script);
  });
  return win.Telegram?.WebApp ?? null;
}
