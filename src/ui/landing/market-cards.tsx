import { Card } from "../kit/card.tsx";
import { EthNewsChart } from "./eth-news-chart.tsx";
import { Icon } from "./icons.tsx";

// Static display values per docs/product.md §1: fixed figures, not call results.
const FEAR_AND_GREED = 67;
const BTC_PRICE = "$44,578.12";
const BTC_CHANGE = "+3.5%";

const gaugeBands = [
  { from: 0, to: 25, color: "#ef4444" },
  { from: 25, to: 45, color: "#f97316" },
  { from: 45, to: 55, color: "#eab308" },
  { from: 55, to: 75, color: "#84cc16" },
  { from: 75, to: 100, color: "#22c55e" },
];

const sentiment = (value: number) =>
  value < 25
    ? "Extreme Fear"
    : value < 45
      ? "Fear"
      : value < 55
        ? "Neutral"
        : value < 75
          ? "Greed"
          : "Extreme Greed";

/** A point on the gauge's half circle: 0 sits on the left, 100 on the right. */
const gaugePoint = (value: number, radius: number) => {
  const angle = Math.PI * (1 - value / 100);
  return `${(60 + radius * Math.cos(angle)).toFixed(2)} ${(60 - radius * Math.sin(angle)).toFixed(2)}`;
};

function FearGreedGauge({ value }: { value: number }) {
  return (
    <svg viewBox="0 0 120 68" aria-hidden="true" className="h-auto w-full max-w-56">
      {gaugeBands.map((band) => (
        <path
          key={band.from}
          d={`M ${gaugePoint(band.from + 0.8, 48)} A 48 48 0 0 1 ${gaugePoint(band.to - 0.8, 48)}`}
          fill="none"
          stroke={band.color}
          strokeWidth={9}
          strokeLinecap="butt"
          opacity={value >= band.from && value < band.to ? 1 : 0.4}
        />
      ))}
      <path d={`M 60 60 L ${gaugePoint(value, 38)}`} stroke="#f1f5f9" strokeWidth={3} strokeLinecap="round" />
      <circle cx="60" cy="60" r="5" fill="#f1f5f9" />
      <circle cx="60" cy="60" r="2" fill="#121828" />
    </svg>
  );
}

/** Points rising left to right: a decorative sparkline for the BTC card. */
const sparkline = "0,34 12,30 24,32 36,24 48,27 60,20 72,22 84,14 96,17 108,9 120,6";

function CardLabel({ children }: { children: string }) {
  return <h3 className="text-sm font-medium text-slate-400">{children}</h3>;
}

export function MarketCards() {
  const mood = sentiment(FEAR_AND_GREED);
  return (
    <section aria-labelledby="market-title" className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="mb-5 flex items-baseline justify-between gap-4">
        <h2 id="market-title" className="text-lg font-semibold text-white">
          Market snapshot
        </h2>
        <p className="text-xs text-slate-400">Illustrative figures</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Card className="flex flex-col">
          <CardLabel>Fear and Greed</CardLabel>
          <div className="flex flex-1 flex-col items-center justify-center pt-4">
            <FearGreedGauge value={FEAR_AND_GREED} />
            <p className="-mt-1 text-4xl font-bold tabular-nums text-white">{FEAR_AND_GREED}</p>
            <p className="mt-1 text-sm font-semibold text-lime-400">{mood}</p>
            <div className="mt-3 flex w-full max-w-56 justify-between text-xs text-slate-400">
              <span>Extreme Fear</span>
              <span>Extreme Greed</span>
            </div>
          </div>
        </Card>

        <Card className="flex flex-col">
          <div className="flex items-center justify-between">
            <CardLabel>BTC price</CardLabel>
            <span className="rounded-full bg-orange-500/15 px-2 py-0.5 text-xs font-bold text-orange-300">
              BTC
            </span>
          </div>
          <p className="mt-5 text-3xl font-bold tracking-tight tabular-nums text-white">{BTC_PRICE}</p>
          <p className="mt-2 flex items-center gap-2 text-sm">
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2 py-0.5 font-semibold tabular-nums text-emerald-400">
              <Icon name="trendUp" className="size-3.5" />
              {BTC_CHANGE}
            </span>
            <span className="text-slate-400">last 24 hours</span>
          </p>
          <svg
            viewBox="0 0 120 40"
            aria-hidden="true"
            className="mt-5 min-h-20 w-full flex-1"
            preserveAspectRatio="none"
          >
            <polygon points={`${sparkline} 120,40 0,40`} className="fill-emerald-400/10" />
            <polyline
              points={sparkline}
              fill="none"
              className="stroke-emerald-400"
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </Card>

        <Card className="md:col-span-2 lg:col-span-1">
          <div className="flex items-baseline justify-between gap-3">
            <CardLabel>Ethereum news</CardLabel>
            <span className="text-xs text-slate-400">May 2024 – Apr 2025</span>
          </div>
          <p className="mt-1 mb-4 text-xs text-slate-400">Articles per month</p>
          <EthNewsChart />
        </Card>
      </div>
    </section>
  );
}
