/**
 * UI walks of the Leaderboard and Stats pages through the real app (routes, components, machines, API client)
 * with msw as the server: a failed first read and its retry, the period tabs and the URL, a pushed change of the
 * player's points read again a few seconds later, a stream reset read again behind the figures, and the
 * statistics with the chart's text alternative (jsdom draws no canvas, so the chart says it could not load and
 * points to the table: that path is walked too).
 */
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LeaderboardAnswer, LeaderboardPeriod } from "#src/api/standings.ts";
import { REREAD_THROTTLE_MS } from "#src/machines/economy/live-read.machine.ts";
import { API, createFakeBackend } from "../msw/fake-backend.ts";
import { fakeEventSources } from "../support/fake-event-source.ts";
import { renderSignedIn } from "./signed-in.tsx";

const backend = createFakeBackend();
const server = setupServer(
  http.post(`${API}/events/ticket`, () => HttpResponse.json({ ticket: "ticket", expiresIn: 60 })),
  ...backend.handlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
  backend.economy.clear();
});
afterAll(() => server.close());

const board = (period: LeaderboardPeriod, rank: number | null, points: number): LeaderboardAnswer => ({
  period,
  entries: [
    { rank: 1, name: "Grace Hopper", points: 12.5, me: false },
    ...(rank === 2 ? [{ rank: 2, name: "Ada Lovelace", points, me: true }] : []),
  ],
  me: { rank, points },
});

describe("Leaderboard, walked", () => {
  it("retries a failed read, marks the player's row, and keeps the period in the URL", async () => {
    backend.economy.failNext.set("leaderboard", "network");
    backend.economy.boards.set("day", board("day", 2, 3.25));
    backend.economy.boards.set("week", board("week", null, 0));
    const { app } = renderSignedIn(backend, "/leaderboard", { points: 3.25 });
    try {
      expect(await screen.findByText(/Could not load the leaderboard/)).toBeTruthy();
      await app.user.click(screen.getByRole("button", { name: "Try again" }));
      const table = await screen.findByRole("table", { name: "Leaderboard: Today" });
      const mine = within(table)
        .getAllByRole("row")
        .find((row) => row.getAttribute("aria-current") === "true");
      expect(mine?.textContent).toMatch(/#2Ada Lovelace\s*You3\.2500/);
      expect(screen.getByTestId("my-place").textContent).toBe("Your place: #2 with 3.2500 points");

      await app.user.click(screen.getByRole("tab", { name: "This week" }));
      expect(app.location()).toBe("/leaderboard?period=week");
      expect(await screen.findByText("Tap to get on the board.")).toBeTruthy();
      expect(screen.getByRole("tab", { name: "This week" }).getAttribute("aria-selected")).toBe("true");
      // Back in the history is the day's board again, read anew.
      app.router.history.back();
      expect(await screen.findByRole("table", { name: "Leaderboard: Today" })).toBeTruthy();
      // The failed read never reached the board; then the day, the week, and the day again.
      expect(backend.economy.boardReads).toEqual(["day", "week", "day"]);
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("an unknown period in the URL opens today's board", async () => {
    backend.economy.boards.set("day", board("day", 2, 1));
    const { app } = renderSignedIn(backend, "/leaderboard?period=decade", { points: 1 });
    try {
      expect(await screen.findByRole("table", { name: "Leaderboard: Today" })).toBeTruthy();
      expect(backend.economy.boardReads).toEqual(["day"]);
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("reads the board again a few seconds after the player's points are pushed", async () => {
    const sources = fakeEventSources();
    backend.economy.boards.set("day", board("day", null, 0));
    const { app } = renderSignedIn(backend, "/leaderboard", { points: 0 }, { openEventSource: sources.open });
    try {
      expect(await screen.findByText("Tap to get on the board.")).toBeTruthy();
      await waitFor(() => expect(sources.opened).toHaveLength(1));
      sources.latest().open();
      backend.economy.boards.set("day", board("day", 2, 0.5));
      sources.latest().frame("points", { points: 0.5, totalTaps: 500, multiplier: 0.001 }, "1");
      await waitFor(
        () => expect(screen.getByTestId("my-place").textContent).toBe("Your place: #2 with 0.5000 points"),
        { timeout: REREAD_THROTTLE_MS + 3_000 },
      );
    } finally {
      await app.stop();
      app.unmount();
    }
  }, 15_000);
});

describe("Stats, walked", () => {
  it("shows the totals, the days as a table and the multiplier history", async () => {
    const { app, userId } = renderSignedIn(backend, "/stats", { points: 1 });
    backend.economy.stats.set(userId, {
      days: [
        { date: "2030-01-01", taps: 0, points: 0 },
        { date: "2030-01-02", taps: 1500, points: 1.5 },
      ],
      totals: { taps: 2500, points: 2.5, earnedToday: 1.5 },
      multiplierHistory: [
        { at: "2029-12-30T10:00:00.000Z", multiplier: 0.002, source: "purchase" },
        { at: "2029-12-31T10:00:00.000Z", multiplier: 0.005, source: "admin" },
      ],
    });
    try {
      expect((await screen.findByTestId("stats-taps")).textContent).toBe("2,500");
      expect(screen.getByTestId("stats-points").textContent).toBe("2.5000");
      expect(screen.getByTestId("stats-today").textContent).toBe("1.5000");
      expect(screen.getByRole("img", { name: /Taps and points per day, the last 2 days/ })).toBeTruthy();
      // jsdom has no canvas: the chart says so and points to the table.
      expect(await screen.findByText(/The chart could not load/)).toBeTruthy();
      const table = screen.getByRole("table", { name: "Taps and points per day" });
      expect(
        within(table)
          .getAllByRole("row")
          .map((row) => row.textContent),
      ).toEqual(["Day (UTC)TapsPoints", "Jan 21,5001.5000", "Jan 100.0000"]);
      const history = screen.getByRole("region", { name: "Multiplier history" });
      expect(
        within(history)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual([
        expect.stringMatching(/^Set by support.*0\.005x$/),
        expect.stringMatching(/^Bought.*0\.002x$/),
      ]);
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("a stream reset reads the statistics again behind the figures, never blanking them", async () => {
    const sources = fakeEventSources();
    const { app, userId } = renderSignedIn(
      backend,
      "/stats",
      { points: 0 },
      { openEventSource: sources.open },
    );
    backend.economy.stats.set(userId, {
      days: [{ date: "2030-01-02", taps: 40, points: 0.04 }],
      totals: { taps: 40, points: 0.04, earnedToday: 0.04 },
      multiplierHistory: [],
    });
    try {
      expect((await screen.findByTestId("stats-taps")).textContent).toBe("40");
      await waitFor(() => expect(sources.opened).toHaveLength(1));
      sources.latest().open();
      // The read the reset starts never answers, so the page is caught while it waits.
      backend.economy.failNext.set("stats", "hang");
      sources.latest().frame("reset", {}, "9");
      expect(await screen.findByRole("status", { name: "Updating your statistics" })).toBeTruthy();
      expect(screen.getByTestId("stats-taps").textContent).toBe("40");
      expect(screen.queryByRole("status", { name: "Loading your statistics" })).toBeNull();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("a failed read says what to do and retries", async () => {
    const { app, userId } = renderSignedIn(backend, "/stats", { points: 0 });
    backend.economy.failNext.set("stats", "network");
    backend.economy.stats.set(userId, {
      days: [{ date: "2030-01-02", taps: 0, points: 0 }],
      totals: { taps: 0, points: 0, earnedToday: 0 },
      multiplierHistory: [],
    });
    try {
      expect(await screen.findByText(/Could not load your statistics/)).toBeTruthy();
      await app.user.click(screen.getByRole("button", { name: "Try again" }));
      expect((await screen.findByTestId("stats-taps")).textContent).toBe("0");
      expect(screen.getByText(/Still at the starting multiplier/)).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
