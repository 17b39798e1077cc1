import { createFileRoute } from "@tanstack/react-router";
import { LandingPage } from "../ui/landing/landing-page.tsx";

/** The public landing page: no guard, no data, it renders static content. */
export const Route = createFileRoute("/")({
  component: LandingPage,
});
