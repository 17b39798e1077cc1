/**
 * What every uPlot chart of ours shares: the library fetched the first time a chart shows (the landing page
 * never pays for it), the axes' look, and a chart made once into a container, kept to its width and given new
 * data without being made again. The charts (src/ui/economy/stats-chart.tsx, src/ui/admin/economy-chart.tsx)
 * say what they draw.
 */
import { type RefObject, useEffect, useRef, useState } from "react";
import type uPlot from "uplot";

export const AXIS = { stroke: "#94a3b8", grid: { stroke: "rgba(255,255,255,0.06)" }, ticks: { show: false } };

/** uPlot and its stylesheet. */
const loadChartLibrary = () =>
  Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([module]) => module.default);

/** Seconds since the epoch at a UTC day's start (`YYYY-MM-DD`): uPlot's x for a day. */
export const dayStartSeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/**
 * Makes the chart into `container` once uPlot has loaded, with the options for the container's width; keeps it
 * to that width; hands it each new `data`. Answers whether it is loading, ready or failed to load.
 */
export function useUplot(
  container: RefObject<HTMLDivElement | null>,
  height: number,
  options: (library: typeof uPlot, width: number) => uPlot.Options,
  data: uPlot.AlignedData,
): "loading" | "ready" | "failed" {
  const chart = useRef<uPlot | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart is made once; data changes go through setData below
  useEffect(() => {
    let cancelled = false;
    let resize: ResizeObserver | undefined;
    loadChartLibrary()
      .then((library) => {
        const element = container.current;
        if (cancelled || !element) return;
        chart.current = new library(options(library, element.clientWidth), data, element);
        resize = new ResizeObserver(() => chart.current?.setSize({ width: element.clientWidth, height }));
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
    chart.current?.setData(data);
  }, [data]);

  return state;
}
