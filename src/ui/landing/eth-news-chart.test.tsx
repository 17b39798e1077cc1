import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EthNewsChart } from "./eth-news-chart.tsx";

const months = ["May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr"];

describe("EthNewsChart", () => {
  it("draws twelve labelled monthly bars from May 2024 to Apr 2025", () => {
    const { container } = render(<EthNewsChart />);
    const chart = screen.getByRole("img", { name: "Ethereum news articles per month, May 2024 to Apr 2025" });
    expect(chart.getAttribute("aria-describedby")).toBeTruthy();
    const bars = [...container.querySelectorAll("rect[data-bar]")];
    expect(bars.map((bar) => bar.getAttribute("data-bar"))).toEqual([
      ...months.slice(0, 8).map((month) => `${month} 2024`),
      ...months.slice(8).map((month) => `${month} 2025`),
    ]);
    for (const bar of bars) expect(Number(bar.getAttribute("height"))).toBeGreaterThan(0);
    const axisLabels = [...chart.querySelectorAll("g > text")].map((text) => text.textContent);
    expect(axisLabels.filter((label) => months.includes(label ?? ""))).toEqual(months);
  });

  it("repeats the figures in a table for screen readers", () => {
    render(<EthNewsChart />);
    const table = screen.getByRole("table", { name: "Ethereum news articles per month" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(12);
    expect(within(rows[0]!).getByRole("rowheader").textContent).toBe("May 2024");
    expect(within(rows[11]!).getByRole("rowheader").textContent).toBe("Apr 2025");
  });
});
