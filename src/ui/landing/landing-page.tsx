import { Link } from "@tanstack/react-router";
import { buttonClass } from "../kit/button.tsx";
import { AdvancedFeatures, SimpleFeatures } from "./feature-grids.tsx";
import { Hero } from "./hero.tsx";
import { HowItWorks } from "./how-it-works.tsx";
import { Icon } from "./icons.tsx";
import { MarketCards } from "./market-cards.tsx";
import { Brand, SiteHeader } from "./site-header.tsx";

// Static marketing figures per docs/product.md §1.
const stats = [
  { value: "47k+", label: "Active users" },
  { value: "12M+", label: "Taps" },
  { value: "$1.2M+", label: "Rewards distributed" },
  { value: "150+", label: "Countries reached" },
];

function Stats() {
  return (
    <section aria-labelledby="stats-title" className="border-y border-white/5 bg-ink-950/60">
      <h2 id="stats-title" className="sr-only">
        TapRewards in numbers
      </h2>
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse items-center gap-1 text-center">
            <dt className="text-sm text-slate-400">{stat.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight tabular-nums text-brand-400 md:text-5xl">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 md:py-28">
      <div className="relative overflow-hidden rounded-3xl border border-brand-500/20 bg-linear-to-br from-brand-500/15 via-ink-800 to-ink-800 px-5 py-12 text-center md:px-16 md:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 left-1/2 size-72 -translate-x-1/2 rounded-full bg-brand-500/20 blur-3xl"
        />
        <h2
          id="cta-title"
          className="relative text-3xl font-bold tracking-tight text-balance text-white md:text-4xl"
        >
          Your next tap could be worth more
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-pretty text-slate-300">
          Create a free account in under a minute and start building your rewards balance today.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/auth" search={{ mode: "signup" }} className={buttonClass("primary", "lg")}>
            Start Earning Now
            <Icon name="arrowRight" className="size-4" />
          </Link>
          <Link to="/auth" search={{ mode: "signup" }} className={buttonClass("outline", "lg")}>
            Sign Up
          </Link>
        </div>
      </div>
    </section>
  );
}

function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-white/5">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 px-4 py-10 text-sm text-slate-400 sm:px-6 md:flex-row md:justify-between">
        <Brand />
        <nav aria-label="Footer">
          <Link to="/" className="rounded-md font-medium text-slate-300 hover:text-white">
            Home
          </Link>
        </nav>
        <p>© {year} TapRewards. All rights reserved.</p>
      </div>
    </footer>
  );
}

/** The public landing page: static content only, it makes no API call. */
export function LandingPage() {
  return (
    <>
      <SiteHeader />
      <main>
        <Hero />
        <MarketCards />
        <HowItWorks />
        <AdvancedFeatures />
        <SimpleFeatures />
        <Stats />
        <CallToAction />
      </main>
      <SiteFooter />
    </>
  );
}
