import { createFileRoute, redirect } from "@tanstack/react-router";
import { readTelegramLaunch } from "../telegram/launch.ts";
import { LandingPage } from "../ui/landing/landing-page.tsx";

/**
 * The public landing page: no guard, no data, it renders static content. Inside Telegram the app opens
 * straight into Home, where the Telegram sign-in happens (docs/decisions/031).
 */
export const Route = createFileRoute("/")({
  beforeLoad: () => {
    if (readTelegramLaunch()) throw redirect({ to: "/home", replace: true });
  },
  component: LandingPage,
});
