import { Icon, type IconName } from "./icons.tsx";
import { SectionHeading } from "./section-heading.tsx";

const stages: Array<{ title: string; icon: IconName; text: string; keyFeatures: string[] }> = [
  {
    title: "Tap & Earn",
    icon: "tap",
    text: "Tap the coin and watch your balance grow. Every tap adds points at your current multiplier.",
    keyFeatures: [
      "Points credited on every tap",
      "Taps are kept safe even if you lose your connection",
      "Streak bonuses for coming back every day",
    ],
  },
  {
    title: "Boost Rewards",
    icon: "rocket",
    text: "Upgrade your multiplier and switch on boosters to earn more from each tap.",
    keyFeatures: [
      "Multipliers you keep once bought",
      "Time-limited boosters for extra points",
      "Combo rewards for tapping in quick runs",
    ],
  },
  {
    title: "Collect & Withdraw",
    icon: "wallet",
    text: "Move rewards to your wallet and withdraw USDT on the TRC20 network whenever you are ready.",
    keyFeatures: [
      "Auto-claim so no reward is left behind",
      "A personal USDT (TRC20) deposit address",
      "Low withdrawal minimums",
    ],
  },
];

export function HowItWorks() {
  return (
    <section
      aria-labelledby="how-title"
      className="mx-auto max-w-6xl px-4 pt-20 pb-10 sm:px-6 md:pt-28 md:pb-14"
    >
      <SectionHeading id="how-title" eyebrow="Three steps" title="How it works">
        From your first tap to your first withdrawal in three simple stages.
      </SectionHeading>
      <ol className="grid gap-5 md:grid-cols-3">
        {stages.map((stage, index) => (
          <li
            key={stage.title}
            className="relative flex flex-col rounded-2xl border border-white/10 bg-ink-800/60 p-6"
          >
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-full bg-brand-500 text-sm font-bold text-ink-950">
                {index + 1}
              </span>
              <Icon name={stage.icon} className="size-6 text-brand-400" />
            </div>
            <h3 className="mt-5 text-xl font-semibold text-white">{stage.title}</h3>
            <p className="mt-2 flex-1 text-slate-400">{stage.text}</p>
            <details className="group mt-5 rounded-xl border border-white/10 bg-ink-900/60 open:border-brand-500/30">
              <summary className="flex cursor-pointer list-none items-center justify-between rounded-xl px-4 py-3 text-sm font-semibold text-slate-200 hover:text-white [&::-webkit-details-marker]:hidden">
                Key Features
                <Icon
                  name="chevronDown"
                  className="size-4 text-slate-400 transition-transform group-open:rotate-180"
                />
              </summary>
              <ul className="space-y-2.5 px-4 pb-4 text-sm text-slate-300">
                {stage.keyFeatures.map((feature) => (
                  <li key={feature} className="flex gap-2.5">
                    <Icon name="check" className="mt-0.5 size-4 text-brand-400" />
                    {feature}
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
