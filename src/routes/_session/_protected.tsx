import { createFileRoute, Outlet, redirect, useLocation } from "@tanstack/react-router";
import { useActorRef, useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import {
  accountNameOf,
  initialsOf,
  needsLogin,
  toProtectedView,
  toSessionView,
} from "#src/machines/auth/auth.view.ts";
import { protectedMachine } from "#src/machines/auth/protected.machine.ts";
import { achievementNewsMachine } from "#src/machines/economy/achievement-news.machine.ts";
import type { tapsMachine } from "#src/machines/taps/taps.machine.ts";
import { selectLoading, selectPoints, selectWalletBalance } from "#src/machines/taps/taps.view.ts";
import { Alert } from "#src/ui/kit/alert.tsx";
import { formatRewards, formatWallet } from "#src/ui/kit/format.ts";
import { PageSpinner } from "#src/ui/kit/spinner.tsx";
import { AppHeader, type AppHeaderProps } from "#src/ui/shell/app-header.tsx";
import { BottomNav } from "#src/ui/shell/bottom-nav.tsx";
import { sectionNameFor } from "#src/ui/shell/section-name.ts";
import { TelegramLink, useTelegramLink } from "../-shared/telegram-link.tsx";
import { useBoostersActor } from "../-shared/use-boosters.ts";
import { useMachineEffects } from "../-shared/use-machine-effects.ts";
import { useTapsActor } from "../-shared/use-taps.ts";

type TapsRef = ActorRefFrom<typeof tapsMachine>;

/** The protected wrapper (docs/product.md §2, §4): /home, /tap, /rewards, /wallet and /features render inside it. */
export const Route = createFileRoute("/_session/_protected")({
  beforeLoad: async ({ context, location }) => {
    const snapshot = await context.runtime.sessionSettled();
    if (needsLogin(snapshot)) {
      throw redirect({ to: "/auth", search: { mode: "login", redirect: location.href } });
    }
  },
  component: ProtectedLayout,
});

function ProtectedLayout() {
  const { runtime } = Route.useRouteContext();
  const location = useLocation();
  const view = useSelector(runtime.session, toProtectedView);
  const { user, telegramMenu } = useSelector(runtime.session, toSessionView);
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
        // One event: the root actor sends the pending taps first, then logs the session out.
        onLogout={() => runtime.app.send({ type: "LOGOUT", to: "/auth?mode=login" })}
      />
      <main className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6">
        {view.sessionErrorBanner && (
          <Alert>There was an error with your session. Some features may not work correctly.</Alert>
        )}
        <Outlet />
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

function HeaderFor({
  taps,
  ...props
}: { taps: TapsRef } & Omit<AppHeaderProps, "rewardsBalance" | "walletBalance">) {
  const loading = useSelector(taps, selectLoading);
  const points = useSelector(taps, selectPoints);
  const wallet = useSelector(taps, selectWalletBalance);
  return (
    <AppHeader
      {...props}
      rewardsBalance={loading ? undefined : formatRewards(points)}
      walletBalance={loading ? undefined : `$${formatWallet(wallet)}`}
    />
  );
}
