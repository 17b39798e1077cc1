import { Link } from "@tanstack/react-router";
import { buttonClass } from "../kit/button.tsx";
import { CoinLogo } from "./coin-logo.tsx";
import { Icon } from "./icons.tsx";

/** A still of the tap screen: decorative, so hidden from assistive technology. */
function TapPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <div className="absolute inset-6 rounded-full bg-brand-500/15 blur-3xl" />
      <div className="relative rounded-[2rem] border border-white/10 bg-ink-800/90 p-6 shadow-2xl shadow-black/60">
        <div className="flex items-center justify-between text-xs text-slate-400">
          <span>Rewards Balance</span>
          <span className="rounded-full bg-brand-500/15 px-2 py-0.5 font-semibold text-brand-300">
            x2 Boost
          </span>
        </div>
        <div className="mt-1 text-3xl font-bold tabular-nums text-white">1,284.5120</div>
        <div className="relative my-8 flex justify-center">
          <span className="absolute top-2 left-1/2 ml-12 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300 tabular-nums">
            +0.0020
          </span>
          <div className="rounded-full bg-brand-500/10 p-5 ring-1 ring-brand-500/20">
            <CoinLogo className="size-36 drop-shadow-[0_12px_30px_rgba(245,179,1,0.35)]" />
          </div>
        </div>
        <div className="grid grid-cols-3 gap-2 text-center text-xs">
          {[
            ["Streak", "7 days"],
            ["Taps", "12,408"],
            ["Booster", "14:52"],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-ink-700/70 px-2 py-2.5">
              <div className="text-slate-400">{label}</div>
              <div className="mt-0.5 font-semibold tabular-nums text-slate-100">{value}</div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[radial-gradient(60%_60%_at_50%_0%,rgba(245,179,1,0.16),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 pt-28 pb-14 sm:px-6 md:pt-36 lg:grid-cols-[1.25fr_1fr] lg:pb-20">
        <div className="text-center lg:text-left">
          <Link
            to="/features"
            className="group inline-flex items-center gap-2 rounded-full border border-brand-500/25 bg-brand-500/10 py-1 pr-3 pl-1 text-sm text-brand-50 transition-colors hover:border-brand-500/50"
          >
            <span className="rounded-full bg-brand-500 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-ink-950">
              What's new
            </span>
            <span className="whitespace-nowrap">Boosters are now live</span>
            <Icon name="arrowRight" className="size-4 transition-transform group-hover:translate-x-0.5" />
          </Link>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl"
          >
            Turn every tap <br className="hidden lg:inline" />
            into{" "}
            <span className="bg-linear-to-r from-brand-300 to-brand-500 bg-clip-text text-transparent">
              real rewards
            </span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-pretty text-slate-300 lg:mx-0">
            Tap to earn points, keep your streak alive, stack multipliers and boosters, then withdraw your
            earnings in USDT. Simple enough for a coffee break, powerful enough to grow every day.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <Link to="/auth" search={{ mode: "signup" }} className={buttonClass("primary", "lg")}>
              Get Started
              <Icon name="arrowRight" className="size-4" />
            </Link>
            <Link to="/features" className={buttonClass("outline", "lg")}>
              Learn More
            </Link>
          </div>
          <p className="mt-6 text-sm text-slate-400">Free to join · USDT payouts · 150+ countries</p>
        </div>
        <div className="hidden lg:block">
          <TapPreview />
        </div>
      </div>
    </section>
  );
}
