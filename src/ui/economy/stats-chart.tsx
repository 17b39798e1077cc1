import { useMemo, useRef } from "react";
import type uPlot from "uplot";
import type { StatsDay } from "#src/api/standings.ts";
import { AXIS, dayStartSeconds, useUplot } from "../charts/use-uplot.ts";
import { Spinner } from "../kit/spinner.tsx";

const HEIGHT = 220;
const HALF_DAY_S = 43_200;
const TAPS_COLOUR = "#f5b400";
const POINTS_COLOUR = "#34d399";

function options(library: typeof uPlot, width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    // The legend names the series; the day's figures are in the table, so it does not follow the cursor.
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      // Half a day either side, so the first and last days' bars are whole.
      x: { time: true, range: (_u, min, max) => [min - HALF_DAY_S, max + HALF_DAY_S] },
      taps: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.15))] },
      points: { range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 1] },
    },
    axes: [
      { ...AXIS, space: 60 },
      // No axis titles: the legend names the series, and a phone needs the width for the days.
      { ...AXIS, scale: "taps", size: 40 },
      { ...AXIS, scale: "points", side: 1, size: 52 },
    ],
    series: [
      {},
      {
        label: "Taps",
        scale: "taps",
        stroke: TAPS_COLOUR,
        fill: "rgba(245,180,0,0.25)",
        paths: library.paths.bars?.({ size: [0.6, 24] }),
        points: { show: false },
      },
      { label: "Points", scale: "points", stroke: POINTS_COLOUR, width: 2, points: { show: false } },
    ],
  };
}

/** Seconds since the epoch at each UTC day's start, taps, points: uPlot's column-wise data. */
function toData(days: StatsDay[]): uPlot.AlignedData {
  return [
    days.map((day) => dayStartSeconds(day.date)),
    days.map((day) => day.taps),
    days.map((day) => day.points),
  ];
}

/**
 * Taps (bars) and points (line) per UTC day. The canvas is a picture for sighted users; the same figures are
 * in the table the page shows beside it, which is what the label points to.
 */
export function StatsChart({ days, label }: { days: StatsDay[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const data = useMemo(() => toData(days), [days]);
  const state = useUplot(container, HEIGHT, options, data);

  return (
    <figure className="flex flex-col gap-2">
      <div className="relative min-h-[220px] w-full text-slate-300">
        {/* uPlot owns this element's children; React owns the rest. */}
        <div ref={container} role="img" aria-label={label} className="w-full" data-testid="stats-chart" />
        {state === "loading" && (
          <div className="absolute inset-0 grid place-items-center text-brand-400">
            <Spinner label="Loading the chart" />
          </div>
        )}
      </div>
      {state === "failed" && (
        <p className="text-sm text-slate-400">
          The chart could not load. The figures are in the table below.
        </p>
      )}
    </figure>
  );
}
