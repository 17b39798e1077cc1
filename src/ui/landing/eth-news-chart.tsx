import { useId } from "react";

/**
 * Static display values per docs/product.md §1: the Ethereum news chart (May 2024 to Apr 2025) shows fixed,
 * illustrative figures (news articles per month), never the result of a call.
 */
export const ETH_NEWS_BY_MONTH = [
  { month: "May", year: 2024, articles: 42 },
  { month: "Jun", year: 2024, articles: 36 },
  { month: "Jul", year: 2024, articles: 55 },
  { month: "Aug", year: 2024, articles: 48 },
  { month: "Sep", year: 2024, articles: 39 },
  { month: "Oct", year: 2024, articles: 51 },
  { month: "Nov", year: 2024, articles: 74 },
  { month: "Dec", year: 2024, articles: 88 },
  { month: "Jan", year: 2025, articles: 69 },
  { month: "Feb", year: 2025, articles: 61 },
  { month: "Mar", year: 2025, articles: 57 },
  { month: "Apr", year: 2025, articles: 66 },
] as const;

// Chart geometry in viewBox units; the SVG scales to its card, so these are proportions, not pixels.
const width = 300;
const height = 170;
const plot = { left: 24, right: 2, top: 8, bottom: 24 };
const plotWidth = width - plot.left - plot.right;
const plotHeight = height - plot.top - plot.bottom;
const yMax = 100;
const yTicks = [0, 25, 50, 75, 100];
const slot = plotWidth / ETH_NEWS_BY_MONTH.length;
const barWidth = slot * 0.56;
const y = (value: number) => plot.top + plotHeight - (value / yMax) * plotHeight;

const peak = ETH_NEWS_BY_MONTH.reduce((best, entry) => (entry.articles > best.articles ? entry : best));
const label = (entry: { month: string; year: number }) => `${entry.month} ${entry.year}`;

/** A hand-drawn SVG bar chart (no chart library: the landing page has a bundle budget). */
export function EthNewsChart() {
  const titleId = useId();
  const descId = useId();
  return (
    <figure className="m-0">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full overflow-visible"
      >
        <title id={titleId}>Ethereum news articles per month, May 2024 to Apr 2025</title>
        <desc id={descId}>
          {`Bar chart of 12 monthly values from ${label(ETH_NEWS_BY_MONTH[0])} to ${label(ETH_NEWS_BY_MONTH[11])}; the peak is ${peak.articles} articles in ${label(peak)}. The same figures are listed in the table that follows.`}
        </desc>
        {yTicks.map((tick) => (
          <g key={tick}>
            <line
              x1={plot.left}
              x2={width - plot.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="currentColor"
              className={tick === 0 ? "text-slate-500" : "text-white/10"}
              strokeDasharray={tick === 0 ? undefined : "3 3"}
            />
            <text
              x={plot.left - 6}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
              className="fill-slate-400 text-[9px] tabular-nums"
            >
              {tick}
            </text>
          </g>
        ))}
        {ETH_NEWS_BY_MONTH.map((entry, index) => {
          const x = plot.left + index * slot + (slot - barWidth) / 2;
          const isPeak = entry === peak;
          return (
            <g key={label(entry)}>
              <rect
                data-bar={label(entry)}
                x={x}
                y={y(entry.articles)}
                width={barWidth}
                height={plotHeight - (y(entry.articles) - plot.top)}
                rx={2.5}
                className={isPeak ? "fill-brand-400" : "fill-brand-500/55"}
              >
                <title>{`${label(entry)}: ${entry.articles} articles`}</title>
              </rect>
              <text
                x={x + barWidth / 2}
                y={height - plot.bottom + 14}
                textAnchor="middle"
                className="fill-slate-400 text-[9.5px]"
              >
                {entry.month}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Ethereum news articles per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Articles</th>
          </tr>
        </thead>
        <tbody>
          {ETH_NEWS_BY_MONTH.map((entry) => (
            <tr key={label(entry)}>
              <th scope="row">{label(entry)}</th>
              <td>{entry.articles}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
