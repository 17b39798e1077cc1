import { createFileRoute } from "@tanstack/react-router";
import { WalletPage, type WalletTab } from "#src/pages/wallet/wallet-page.tsx";

/** The open tab lives in the URL (`/wallet?tab=withdraw`), so a link or a reload opens the same tab. */
export const Route = createFileRoute("/_session/_protected/wallet")({
  validateSearch: (search: Record<string, unknown>): { tab?: WalletTab } => ({
    tab: search.tab === "withdraw" ? "withdraw" : undefined,
  }),
  component: Wallet,
});

function Wallet() {
  const { runtime } = Route.useRouteContext();
  const { tab = "deposit" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WalletPage
      runtime={runtime}
      tab={tab}
      onTabChange={(next) =>
        void navigate({ search: { tab: next === "deposit" ? undefined : next }, replace: true })
      }
    />
  );
}
