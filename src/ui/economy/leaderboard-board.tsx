import { Tabs } from "@ark-ui/react/tabs";
import { type ColumnDef, tableFeatures, useTable } from "@tanstack/react-table";
import type { LeaderboardAnswer, LeaderboardEntry, LeaderboardPeriod } from "#src/api/standings.ts";
import { cx } from "../kit/cx.ts";
import { formatRewards } from "../kit/format.ts";
import { Spinner } from "../kit/spinner.tsx";
import { SectionStatus } from "./section.tsx";

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  day: "Today",
  week: "This week",
  all: "All time",
};

const trigger = cx(
  "flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-slate-400 transition-colors",
  "data-[selected]:bg-ink-700 data-[selected]:text-slate-50",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400",
);

/** The panel is the next Tab stop after the tab list, so it shows focus like any other stop. */
const panel = cx(
  "flex flex-col gap-3 rounded-xl",
  "focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-400",
);

const features = tableFeatures({});
const rank = new Intl.NumberFormat("en-US");
const columns: ColumnDef<typeof features, LeaderboardEntry>[] = [
  {
    id: "rank",
    header: "Rank",
    accessorKey: "rank",
    cell: ({ row }) => `#${rank.format(row.original.rank)}`,
  },
  {
    id: "name",
    header: "Player",
    accessorKey: "name",
    cell: ({ row }) => (
      <span className="flex min-w-0 items-center gap-2">
        <span className="truncate">{row.original.name}</span>
        {row.original.me && (
          <span className="shrink-0 rounded-full bg-brand-500/20 px-2 py-0.5 text-xs font-semibold text-brand-300">
            You
          </span>
        )}
      </span>
    ),
  },
  {
    id: "points",
    header: "Points",
    accessorKey: "points",
    cell: ({ row }) => formatRewards(row.original.points),
  },
];

export interface LeaderboardBoardProps {
  period: LeaderboardPeriod;
  status: "loading" | "failed" | "ready";
  board: LeaderboardAnswer | null;
  updating: boolean;
  onPeriod: (period: LeaderboardPeriod) => void;
  onRetry: () => void;
}

/** The period tabs (arrow keys move between them) and the board of the chosen period. */
export function LeaderboardBoard(props: LeaderboardBoardProps) {
  return (
    <Tabs.Root
      value={props.period}
      onValueChange={(details) =>
        props.onPeriod(details.value === "week" || details.value === "all" ? details.value : "day")
      }
      className="flex flex-col gap-4"
    >
      <Tabs.List aria-label="Period" className="flex gap-1 rounded-xl border border-white/10 bg-ink-900 p-1">
        {(Object.keys(PERIOD_LABELS) as LeaderboardPeriod[]).map((period) => (
          <Tabs.Trigger key={period} value={period} className={trigger}>
            {PERIOD_LABELS[period]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {(Object.keys(PERIOD_LABELS) as LeaderboardPeriod[]).map((period) => (
        <Tabs.Content key={period} value={period} className={panel}>
          {period === props.period && <Board {...props} />}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function Board(props: LeaderboardBoardProps) {
  const ready = props.status === "ready" && props.board !== null;
  return (
    <>
      <SectionStatus
        status={props.status === "ready" && !props.board ? "loading" : props.status}
        loadingLabel={`Loading the leaderboard: ${PERIOD_LABELS[props.period]}`}
        failedText="Could not load the leaderboard. Check your connection and try again."
        onRetry={props.onRetry}
      />
      {ready && props.board && (
        <>
          <MyPlace board={props.board} updating={props.updating} />
          {props.board.entries.length === 0 ? (
            <p className="text-sm text-slate-400">Nobody has tapped yet in this period. Be the first.</p>
          ) : (
            <Table entries={props.board.entries} caption={`Leaderboard: ${PERIOD_LABELS[props.period]}`} />
          )}
        </>
      )}
    </>
  );
}

function MyPlace({ board, updating }: { board: LeaderboardAnswer; updating: boolean }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-brand-400/30 bg-brand-500/10 px-4 py-3">
      <p className="text-sm text-slate-200" data-testid="my-place">
        {board.me.rank === null ? (
          "Tap to get on the board."
        ) : (
          <>
            Your place: <span className="font-bold text-slate-50">#{rank.format(board.me.rank)}</span> with{" "}
            <span className="font-semibold tabular-nums">{formatRewards(board.me.points)}</span> points
          </>
        )}
      </p>
      {updating && (
        <span className="text-brand-400">
          <Spinner size="sm" label="Updating the leaderboard" />
        </span>
      )}
    </div>
  );
}

function Table({ entries, caption }: { entries: LeaderboardEntry[]; caption: string }) {
  const table = useTable({ features, columns, data: entries });
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <colgroup>
        <col className="w-14 sm:w-20" />
        <col />
        <col className="w-24 sm:w-32" />
      </colgroup>
      <thead className="text-xs uppercase tracking-wide text-slate-400">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th
                key={header.id}
                scope="col"
                className={cx("px-3 py-2 font-semibold", header.column.id === "points" && "text-right")}
              >
                <table.FlexRender header={header} />
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody className="divide-y divide-white/5">
        {table.getRowModel().rows.map((row) => (
          <tr
            key={row.id}
            aria-current={row.original.me ? "true" : undefined}
            className={cx(row.original.me ? "bg-brand-500/10 text-slate-50" : "text-slate-200")}
          >
            {row.getAllCells().map((cell) => (
              <td
                key={cell.id}
                className={cx(
                  "px-3 py-2.5",
                  cell.column.id === "points" && "text-right font-semibold tabular-nums",
                  cell.column.id === "rank" && "tabular-nums text-slate-400",
                )}
              >
                <table.FlexRender cell={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
