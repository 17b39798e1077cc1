import { cx } from "../kit/cx.ts";

/**
 * Hand-drawn 24x24 stroke icons: one path string each keeps the landing chunk small (no icon library).
 * Decorative: the text beside every icon carries the meaning.
 */
export const iconPaths = {
  tap: "M9 9l4.5 11 1.7-4.8 4.8-1.7z M4 4l2.5 2.5 M9 2.5V5 M2.5 9H5 M15 4.5l-1.8 1.8",
  flame:
    "M12 3c1 3.5 6 5.5 6 11a6 6 0 0 1-12 0c0-2.6 1.2-4.4 2.6-5.6.2 2.2 1.2 3.4 2.4 3.6-.6-3.4.2-6.4 1-9z",
  autoClaim: "M20 12a8 8 0 1 1-2.4-5.7L20 8.6 M20 3.5v5.1h-5.1 M9 12.5l2 2 4-4.5",
  zap: "M13 2 4 14h7l-1 8 9-12h-7z",
  combo: "M12 3l9 5-9 5-9-5z M3 12.5l9 5 9-5 M3 17l9 5 9-5",
  trophy:
    "M8 21h8 M12 16.5V21 M7 3.5h10V9a5 5 0 0 1-10 0z M17 5h3v1.5A3.5 3.5 0 0 1 16.6 10 M7 5H4v1.5A3.5 3.5 0 0 0 7.4 10",
  chart: "M4 20h16 M7 16v-5 M12 16V6 M17 16v-8",
  users:
    "M16 20v-1.5a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4V20 M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M22 20v-1.5a4 4 0 0 0-3-3.8 M15.5 4.1a3.5 3.5 0 0 1 0 6.8",
  coins: "M9 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12z M15.6 9.4a6 6 0 1 1-6.2 10 M7.5 7.5h2.5v4",
  wallet:
    "M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3 M4 7.5V17a2 2 0 0 0 2 2h14V8H6.5A2.5 2.5 0 0 1 4 5.5 M16.5 13.5h.01",
  rocket:
    "M5 15c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1z M12 15l-3-3a22 22 0 0 1 2-4 13 13 0 0 1 11-6c0 2.7-.8 7.5-6 11a22 22 0 0 1-4 2z M9 12H4s.6-3 2-4c1.6-1 5 0 5 0 M12 15v5s3-.6 4-2c1-1.6 0-5 0-5",
  check: "M5 12.5l4.5 4.5L19 7.5",
  chevronDown: "M6 9l6 6 6-6",
  arrowRight: "M5 12h14 M13 6l6 6-6 6",
  trendUp: "M3 17l6-6 4 4 8-8 M15 7h6v6",
  menu: "M4 6h16 M4 12h16 M4 18h16",
  close: "M6 6l12 12 M18 6 6 18",
} as const;

export type IconName = keyof typeof iconPaths;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={cx("size-5 shrink-0", className)}
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
