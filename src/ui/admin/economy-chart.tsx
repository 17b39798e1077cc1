import { useMemo, useRef } from "react";
import type uPlot from "uplot";
import { AXIS, dayStartSeconds, useUplot } from "../charts/use-uplot.ts";
import { Spinner } from "../kit/spinner.tsx";

const HEIGHT = 180;

export interface ChartSeries {
  label: string;
  colour: string;
  /** Null: no figure that day (a gap in the line), as a coverage when nothing was owed. */
  values: (number | null)[];
  /** A dashed line, for a reference such as coverage 1. */
  dash?: number[];
}

function options(series: ChartSeries[]) {
  return (_library: typeof uPlot, width: number): uPlot.Options => ({
    width,
    height: HEIGHT,
    // The legend names the series; the figures are in the table beside it, so it does not follow the cursor.
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 1] } },
    axes: [
      { ...AXIS, space: 60 },
      { ...AXIS, size: 56 },
    ],
    series: [
      {},
      ...series.map((line) => ({
        label: line.label,
        stroke: line.colour,
        width: 2,
        points: { show: false },
        ...(line.dash ? { dash: line.dash } : {}),
      })),
    ],
  });
}

const toData = (dates: string[], series: ChartSeries[]): uPlot.AlignedData => [
  dates.map(dayStartSeconds),
  ...series.map((line) => line.values),
];

/**
 * One chart of the economy: a line per series over UTC days, on one scale. The canvas is a picture for sighted
 * users; `label` says what it shows and the same figures are in the table the dashboard shows beside it.
 */
export function EconomyChart({
  dates,
  series,
  label,
}: {
  dates: string[];
  series: ChartSeries[];
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const data = useMemo(() => toData(dates, series), [dates, series]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are read once, when the chart is made
  const makeOptions = useMemo(() => options(series), []);
  const state = useUplot(container, HEIGHT, makeOptions, data);

  return (
    <div className="relative min-h-[180px] w-full text-slate-300">
      {/* uPlot owns this element's children; React owns the rest. */}
      <div ref={container} role="img" aria-label={label} className="w-full" data-testid="economy-chart" />
      {state === "loading" && (
        <div className="absolute inset-0 grid place-items-center text-brand-400">
          <Spinner label="Loading the chart" />
        </div>
      )}
      {state === "failed" && (
        <p className="text-sm text-slate-400">The chart could not load. The figures are in the table.</p>
      )}
    </div>
  );
}
