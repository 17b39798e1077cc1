import { createFileRoute } from "@tanstack/react-router";
import { WalletPage } from "../../-shared/wallet-page.tsx";

export const Route = createFileRoute("/_session/_protected/wallet")({ component: Wallet });

function Wallet() {
  const { runtime } = Route.useRouteContext();
  return <WalletPage runtime={runtime} />;
}
