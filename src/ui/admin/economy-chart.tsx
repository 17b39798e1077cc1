import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { Spinner } from "../kit/spinner.tsx";

const HEIGHT = 180;
const AXIS = { stroke: "#94a3b8", grid: { stroke: "rgba(255,255,255,0.06)" }, ticks: { show: false } };

export interface ChartSeries {
  label: string;
  colour: string;
  values: number[];
}

/** uPlot and its stylesheet, fetched the first time a chart shows: the landing page never pays for them. */
const loadChartLibrary = () =>
  Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([module]) => module.default);

function options(width: number, series: ChartSeries[]): uPlot.Options {
  return {
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
      })),
    ],
  };
}

const toData = (dates: string[], series: ChartSeries[]): uPlot.AlignedData => [
  dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000),
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
  const chart = useRef<uPlot | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart is made once; data changes go through setData below
  useEffect(() => {
    let cancelled = false;
    let resize: ResizeObserver | undefined;
    loadChartLibrary()
      .then((Library) => {
        const element = container.current;
        if (cancelled || !element) return;
        chart.current = new Library(options(element.clientWidth, series), toData(dates, series), element);
        resize = new ResizeObserver(() =>
          chart.current?.setSize({ width: element.clientWidth, height: HEIGHT }),
        );
        resize.observe(element);
        setState("ready");
      })
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      resize?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setData(toData(dates, series));
  }, [dates, series]);

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
