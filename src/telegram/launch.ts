/**
 * Whether the app runs inside Telegram as a Mini App, and with what (docs/decisions/031). Telegram opens the
 * Mini App with its launch parameters in the URL's fragment (`#tgWebAppData=…`); when Telegram's own script is
 * on the page it also offers them as `Telegram.WebApp.initData`. The first sight is kept for the tab's life in
 * sessionStorage, since navigating inside the app drops the fragment. Small and free of imports: the landing
 * page runs it, and nothing else of Telegram loads outside Telegram.
 */

export interface TelegramLaunch {
  /** The signed query string Telegram handed the Mini App, as the server checks it. */
  initData: string;
  /** The `startapp` value of the link that opened it (`ref_<code>` carries a referral). */
  startParam: string | null;
}

const KEPT = "taprewards.telegram-init-data";

interface TelegramWindow {
  Telegram?: { WebApp?: { initData?: string } };
  location: { hash: string };
  sessionStorage?: Pick<Storage, "getItem" | "setItem">;
}

function fromFragment(hash: string): string | null {
  const data = new URLSearchParams(hash.replace(/^#/, "")).get("tgWebAppData");
  return data ? data : null;
}

function kept(win: TelegramWindow): Pick<Storage, "getItem" | "setItem"> | null {
  try {
    return win.sessionStorage ?? null;
  } catch {
    return null; // storage refused (privacy settings): the launch is read afresh each time
  }
}

export function readTelegramLaunch(
  win: TelegramWindow | undefined = globalThis.window as unknown as TelegramWindow | undefined,
): TelegramLaunch | null {
  // The build's render of the public pages (docs/decisions/043) has no window: no Telegram either.
  if (!win) return null;
  const storage = kept(win);
  const initData =
    win.Telegram?.WebApp?.initData || fromFragment(win.location.hash) || storage?.getItem(KEPT);
  if (!initData) return null;
  try {
    storage?.setItem(KEPT, initData);
  } catch {
    // Quota or privacy mode: this page still knows it is in Telegram.
  }
  return { initData, startParam: new URLSearchParams(initData).get("start_param") };
}
