import { Menu } from "@ark-ui/react/menu";
import { Portal } from "@ark-ui/react/portal";

/** "Link Telegram" is offered inside Telegram to an account not yet linked (docs/decisions/031). */
export type TelegramLinkState = "hidden" | "offered" | "linking";

const itemClass =
  "cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-100 data-highlighted:bg-white/10 data-disabled:cursor-wait data-disabled:text-slate-400";

/** The initials button and its menu (Ark UI: keyboard, focus and Escape handled). */
export function AccountMenu({
  initials,
  accountName,
  telegramLink = "hidden",
  onLinkTelegram,
  onLogout,
}: {
  initials: string;
  accountName?: string;
  telegramLink?: TelegramLinkState;
  onLinkTelegram?: () => void;
  onLogout: () => void;
}) {
  return (
    <Menu.Root positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger
        aria-label={`${initials}: account menu${accountName ? ` for ${accountName}` : ""}`}
        className="grid size-10 place-items-center rounded-full bg-brand-500 text-sm font-bold text-ink-950 hover:bg-brand-400"
      >
        {initials}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className="z-50 min-w-48 rounded-xl border border-white/10 bg-ink-800 p-1 shadow-xl shadow-black/40 outline-none">
            {accountName && <div className="truncate px-3 py-2 text-xs text-slate-400">{accountName}</div>}
            {telegramLink !== "hidden" && onLinkTelegram && (
              <Menu.Item
                value="link-telegram"
                disabled={telegramLink === "linking"}
                onSelect={onLinkTelegram}
                className={itemClass}
              >
                {telegramLink === "linking" ? "Linking Telegram..." : "Link Telegram"}
              </Menu.Item>
            )}
            <Menu.Item value="logout" onSelect={onLogout} className={itemClass}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
