import { useLocation } from "@tanstack/react-router";
import { shallowEqual, useActorRef, useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import {
  accountNameOf,
  initialsOf,
  type SessionSnapshot,
  toProtectedView,
  toSessionView,
} from "#src/machines/auth/auth.view.ts";
import { protectedMachine } from "#src/machines/auth/protected.machine.ts";
import { achievementNewsMachine } from "#src/machines/economy/achievement-news.machine.ts";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import {
  selectLoading,
  selectPointsText,
  selectWalletBalance,
  type TapsSnapshot,
} from "#src/machines/taps/taps.view.ts";
import type { AppRuntime } from "#src/runtime.ts";
import { Alert } from "#src/ui/kit/alert.tsx";
import { formatWallet } from "#src/ui/kit/format.ts";
import { LiveText } from "#src/ui/kit/live-text.tsx";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";
import { AppHeader, type AppHeaderProps } from "#src/ui/shell/app-header.tsx";
import { BottomNav } from "#src/ui/shell/bottom-nav.tsx";
import { sectionNameFor } from "#src/ui/shell/section-name.ts";
import { TelegramLink, useTelegramLink } from "./telegram-link.tsx";
import { useBoostersActor } from "./use-boosters.ts";
import { useMachineEffects } from "./use-machine-effects.ts";
import { useTapsActor } from "./use-taps.ts";

type TapsRef = ActorRefFrom<typeof tapsMachine>;

const selectTelegramMenu = (snapshot: SessionSnapshot) => toSessionView(snapshot).telegramMenu;

/**
 * The protected wrapper (docs/product.md §2, §4) around /home, /tap, /rewards, /wallet and /features: the
 * header with the user's balances, the bottom navigation, the session's banner, and the toasts of the
 * app-lifetime actors on whichever page is open. The route decides how Logout goes (`onLogout`).
 */
export function ProtectedLayout({
  runtime,
  onLogout,
  children,
}: {
  runtime: AppRuntime;
  onLogout: () => void;
  children: ReactNode;
}) {
  const location = useLocation();
  const view = useSelector(runtime.session, toProtectedView, shallowEqual);
  const user = useSelector(runtime.session, (snapshot) => snapshot.context.user);
  const telegramMenu = useSelector(runtime.session, selectTelegramMenu, shallowEqual);
  const telegramLink = useTelegramLink(runtime);
  const wrapper = useActorRef(
    protectedMachine.provide({ actors: { isSessionStored: runtime.authActors.isSessionStored } }),
    { input: { session: runtime.session } },
  );
  useMachineEffects(wrapper);
  // "Achievement unlocked: …" on whichever signed-in page is open.
  const achievementNews = useActorRef(achievementNewsMachine, { input: { app: runtime.app } });
  useMachineEffects(achievementNews);
  const taps = useTapsActor(runtime);
  // Sync and load failures of the user's taps ("Failed to sync points with server").
  useMachineEffects(taps);
  // A booster purchase's outcome, on whichever page the user is when it answers.
  useMachineEffects(useBoostersActor(runtime));

  if (view.kind === "loading") return <PageSpinner label="Restoring your session" />;
  // The session machine navigates away by itself (to /auth, remembering this page, or wherever logout goes).
  if (view.kind === "leaving" || view.kind === "redirect") return <PageSpinner label="Signing out" />;
  return (
    <div className="min-h-dvh pb-20">
      <HeaderWithBalances
        taps={taps}
        section={sectionNameFor(location.pathname)}
        initials={initialsOf(user)}
        accountName={accountNameOf(user)}
        telegram={telegramMenu}
        onTelegram={(change) => telegramLink.send({ type: "OPEN", change })}
        onLogout={onLogout}
      />
      <main className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6">
        {view.sessionErrorBanner && (
          <Alert>There was an error with your session. Some features may not work correctly.</Alert>
        )}
        {children}
      </main>
      <BottomNav />
      <TelegramLink actor={telegramLink} />
    </div>
  );
}

function HeaderWithBalances({
  taps,
  ...props
}: { taps: TapsRef | null } & Omit<AppHeaderProps, "rewardsBalance" | "walletBalance">) {
  return taps ? <HeaderFor taps={taps} {...props} /> : <AppHeader {...props} />;
}

/** The balances change with every tap: written by `LiveText`, so the header does not render again (docs/decisions/009). */
function HeaderFor({
  taps,
  ...props
}: { taps: TapsRef } & Omit<AppHeaderProps, "rewardsBalance" | "walletBalance">) {
  const loading = useSelector(taps, selectLoading);
  return (
    <AppHeader
      {...props}
      rewardsBalance={loading ? undefined : <LiveText source={taps} text={selectPointsText} />}
      walletBalance={loading ? undefined : <LiveText source={taps} text={walletText} />}
    />
  );
}

const walletText = (snapshot: TapsSnapshot) => `$${formatWallet(selectWalletBalance(snapshot))}`;
