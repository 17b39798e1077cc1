import { Link } from "@tanstack/react-router";
import { cx } from "../kit/cx.ts";
import { Icon, type IconName } from "../landing/icons.tsx";

// Each card is one control: the link or button sits in the heading and its ::after covers the whole card.
const cardClass = cx(
  "group relative flex flex-col rounded-2xl border border-white/10 bg-ink-800/80 p-5 transition-colors",
  "hover:border-brand-500/40 hover:bg-ink-700/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400",
);
const controlClass =
  "text-left after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none";

function CardBody({ icon, text, action }: { icon: IconName; text: string; action: string }) {
  return (
    <>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-400">{text}</p>
      <span
        aria-hidden="true"
        className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-400"
      >
        {action}
        <Icon name="arrowRight" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </span>
      <span className="absolute top-5 right-5 flex size-10 items-center justify-center rounded-xl bg-brand-500/15 text-brand-400">
        <Icon name={icon} />
      </span>
    </>
  );
}

/** The Features screen's cards and About text; the route decides what opening the multipliers does. */
export function FeatureCards({ onOpenMultipliers }: { onOpenMultipliers: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li className={cardClass}>
          <h2 className="pr-12 text-lg font-semibold text-white">
            <Link to="/tap" className={controlClass}>
              Tap to Earn
            </Link>
          </h2>
          <CardBody
            icon="tap"
            text="Tap the coin to earn points at your current multiplier. Every tap is saved, even if your connection drops."
            action="Start tapping"
          />
        </li>
        <li className={cardClass}>
          <h2 className="pr-12 text-lg font-semibold text-white">
            <button type="button" className={controlClass} onClick={onOpenMultipliers}>
              Multipliers
            </button>
          </h2>
          <CardBody
            icon="rocket"
            text="Buy a higher multiplier to earn more from each tap. Once bought, it is yours to keep."
            action="See multipliers"
          />
        </li>
        <li className={cardClass}>
          <h2 className="pr-12 text-lg font-semibold text-white">
            <Link to="/wallet" className={controlClass}>
              Wallet Management
            </Link>
          </h2>
          <CardBody
            icon="wallet"
            text="Deposit and withdraw USDT on TRC20, and follow every transaction in one place."
            action="Open wallet"
          />
        </li>
      </ul>
      <section aria-labelledby="about-title" className="rounded-2xl border border-white/10 bg-ink-800/50 p-5">
        <h2 id="about-title" className="text-lg font-semibold text-white">
          About
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-slate-400">
          TapRewards is a tap-to-earn rewards service. Every tap adds points to your rewards balance at your
          current multiplier, which you can raise over time. Move your rewards into your wallet, hold a
          balance in USDT and withdraw on the TRC20 network whenever you choose.
        </p>
      </section>
    </div>
  );
}
