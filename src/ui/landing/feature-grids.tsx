import { Icon, type IconName } from "./icons.tsx";
import { SectionHeading } from "./section-heading.tsx";

interface Feature {
  title: string;
  icon: IconName;
  text: string;
}

const advancedFeatures: Feature[] = [
  {
    title: "Streak Bonuses",
    icon: "flame",
    text: "Come back every day to build a streak. The longer it runs, the bigger your bonus.",
  },
  {
    title: "Auto-Claim",
    icon: "autoClaim",
    text: "Rewards are claimed for you automatically, so nothing you earn goes to waste.",
  },
  {
    title: "Time-Limited Boosters",
    icon: "zap",
    text: "Switch on a booster for a short window and multiply what every tap is worth.",
  },
  {
    title: "Combo Rewards",
    icon: "combo",
    text: "Keep a fast tapping run going to chain combos and unlock extra points.",
  },
];

const simpleFeatures: Feature[] = [
  {
    title: "Tapping Rewards",
    icon: "tap",
    text: "Earn points with every single tap, at the multiplier you choose to unlock.",
  },
  {
    title: "Achievements",
    icon: "trophy",
    text: "Hit milestones, collect badges and see how far you have come.",
  },
  {
    title: "Analytics Dashboard",
    icon: "chart",
    text: "Follow your taps, balance and earnings at a glance on one clear dashboard.",
  },
  {
    title: "Referral Program",
    icon: "users",
    text: "Invite friends and earn a percentage of the rewards they collect.",
  },
  {
    title: "Multi-Currency Support",
    icon: "coins",
    text: "Hold rewards and wallet balances side by side, with USDT payouts on TRC20.",
  },
  {
    title: "Low Withdrawal Minimums",
    icon: "wallet",
    text: "Reach your first payout sooner with withdrawal thresholds kept low.",
  },
];

export function AdvancedFeatures() {
  return (
    <section aria-labelledby="advanced-title" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <SectionHeading id="advanced-title" eyebrow="Earn more" title="Advanced Features">
        The tools that turn casual tapping into serious rewards.
      </SectionHeading>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {advancedFeatures.map((feature) => (
          <li
            key={feature.title}
            className="group rounded-2xl border border-white/10 bg-linear-to-b from-ink-700/70 to-ink-800/40 p-6 transition-colors hover:border-brand-500/40"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-brand-500/15 text-brand-400 ring-1 ring-brand-500/25">
              <Icon name={feature.icon} className="size-6" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-white">{feature.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-400">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SimpleFeatures() {
  return (
    <section
      aria-labelledby="simple-title"
      className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 md:pt-14 md:pb-28"
    >
      <SectionHeading id="simple-title" eyebrow="Everything included" title="Simple and Powerful Features">
        All you need to earn, track and cash out, without the clutter.
      </SectionHeading>
      <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {simpleFeatures.map((feature) => (
          <li key={feature.title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-ink-700 text-brand-400">
              <Icon name={feature.icon} />
            </span>
            <div>
              <h3 className="font-semibold text-white">{feature.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-400">{feature.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
