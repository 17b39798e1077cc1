/**
 * UI walks of the Fair play page and the dashboard's economy through the real app (routes, machines, API
 * client) with msw as the server (tests/msw/fake-fair-play-admin.ts). Each walk asserts what the SERVER was
 * asked (the filter, the reason, the Idempotency-Key) as well as what the screen shows.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAdminSessionStore } from "#src/api/admin-session-store.ts";
import { ALREADY_DECIDED, REASON_LENGTH } from "#src/machines/admin/admin.messages.ts";
import { COVERAGE_WARNING } from "#src/ui/admin/economy-panel.tsx";
import { renderApp } from "../client/render-app.tsx";
import { API, createFakeBackend } from "../msw/fake-backend.ts";
import { createFakeFairPlayAdmin } from "../msw/fake-fair-play-admin.ts";
import { fakeEventSources } from "../support/fake-event-source.ts";
import { findToast } from "./signed-in.tsx";

const backend = createFakeBackend();
let adminToken = "";
const fairPlay = createFakeFairPlayAdmin(
  API,
  (request) => request.headers.get("authorization") === `Bearer ${adminToken}`,
);
const server = setupServer(
  ...fairPlay.handlers,
  ...backend.handlers,
  http.post(`${API}/events/ticket`, () => HttpResponse.json({ ticket: "ticket", expiresIn: 60 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  fairPlay.clear();
  localStorage.clear();
});
afterAll(() => server.close());

/** Stores a live admin session the way the admin login does, and renders `path`. */
function renderAdmin(path: string, options: Parameters<typeof renderApp>[1] = {}) {
  const { session, user } = backend.signedIn("Root Admin", "admin");
  adminToken = session.access_token;
  createAdminSessionStore(localStorage).write({
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at,
    user: { id: user.id, email: user.email, name: user.name, role: "admin" },
  });
  return renderApp(path, options);
}

const CADENCE = {
  id: "regular-cadence",
  weight: 40,
  evidence: "3 batches of 50 taps with intervals varying by 1 % (people vary by 20 % and more)",
  at: "2030-01-02T09:00:00.000Z",
};
const CAP = {
  id: "cap-rate",
  weight: 30,
  evidence: "Taps at 98 % of the cap for 25 minutes in a row",
  at: "2030-01-02T09:30:00.000Z",
};

function seedFarm() {
  const bot = fairPlay.seedAccount({
    email: "bot1@example.com",
    score: 70,
    signals: [CADENCE, CAP],
    networks: [{ network: "203.0.113.7", accounts: 12 }],
    referrer: {
      userId: "00000000-0000-4000-c000-000000000001",
      email: "boss@example.com",
      name: "boss",
      status: "review",
    },
    friends: [
      {
        userId: "00000000-0000-4000-c000-000000000002",
        email: "bot9@example.com",
        name: "bot9",
        status: "review",
        score: 60,
      },
    ],
  });
  const second = fairPlay.seedAccount({
    email: "bot2@example.com",
    score: 90,
    signals: [CADENCE, CAP, { ...CAP, id: "round-the-clock" }],
  });
  const frozen = fairPlay.seedAccount({
    email: "cold@example.com",
    score: 40,
    status: "frozen",
    signals: [CAP],
  });
  const person = fairPlay.seedAccount({ email: "ada@example.com", score: 0 });
  return { bot, second, frozen, person };
}

const section = (name: string) => screen.getByRole("heading", { name, level: 2 }).closest("section")!;
const rowsOf = (name: string) =>
  within(within(section(name)).getByRole("table"))
    .queryAllByRole("row")
    .slice(1);
const firstCells = (name: string) =>
  rowsOf(name).map((row) => within(row).queryAllByRole("cell")[0]?.textContent);
const ACCOUNTS = "Accounts by risk";
const HELD = "Held withdrawals";

async function stop(app: ReturnType<typeof renderApp>) {
  await app.stop();
  app.unmount();
}

describe("Fair play: the accounts by risk", () => {
  it("opens on accounts in review, highest score first; the filter asks the server and goes to the URL", async () => {
    seedFarm();
    const app = renderAdmin("/admin/fair-play");
    try {
      await waitFor(() =>
        // The account cell is its email with its name below.
        expect(firstCells(ACCOUNTS)).toEqual(["bot2@example.combot2", "bot1@example.combot1"]),
      );
      expect(fairPlay.listRequests.at(-1)).toEqual({ status: "review", cursor: null });
      // Each signal is a disclosure: its evidence opens from the keyboard.
      const row = rowsOf(ACCOUNTS)[1]!;
      const chip = within(row).getByText("regular-cadence");
      const summary = chip.closest("summary")!;
      summary.focus();
      expect(document.activeElement).toBe(summary);
      await app.user.click(summary);
      expect(chip.closest("details")!.open).toBe(true);
      expect(within(row).getByText(CADENCE.evidence)).toBeTruthy();

      await app.user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "Frozen");
      await waitFor(() => expect(fairPlay.listRequests.at(-1)).toEqual({ status: "frozen", cursor: null }));
      await waitFor(() => expect(firstCells(ACCOUNTS)).toEqual(["cold@example.comcold"]));
      expect(app.location()).toBe("/admin/fair-play?status=frozen");
      await app.user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "In review");
      await waitFor(() => expect(fairPlay.listRequests.at(-1)).toEqual({ status: "review", cursor: null }));
      expect(app.location()).not.toContain("status=");
    } finally {
      await stop(app);
    }
  });

  it("an account's panel shows its evidence, networks, referrer and friends; Freeze needs a reason of 3+ characters", async () => {
    const { bot } = seedFarm();
    const app = renderAdmin("/admin/fair-play");
    try {
      await app.user.click(await screen.findByRole("button", { name: /bot1@example\.com/ }));
      const panel = await screen.findByRole("dialog", { name: "Account bot1@example.com" });
      expect(await within(panel).findByText(CADENCE.evidence)).toBeTruthy();
      expect(within(panel).getByText("203.0.113.7")).toBeTruthy();
      expect(within(panel).getByText("12 accounts")).toBeTruthy();
      expect(within(panel).getByText(/boss@example\.com/)).toBeTruthy();
      expect(within(panel).getByText("bot9@example.com")).toBeTruthy();
      expect(within(panel).getByText("score 60")).toBeTruthy();
      expect(fairPlay.detailRequests).toEqual([bot.userId]);

      await app.user.click(within(panel).getByRole("button", { name: "Freeze" }));
      const dialog = await screen.findByRole("dialog", { name: "Freeze account" });
      expect(within(dialog).getByLabelText("Account")).toHaveProperty("value", "bot1@example.com");
      const reason = within(dialog).getByLabelText("Reason (3 to 500 characters)");
      await app.user.type(reason, "no");
      await app.user.click(within(dialog).getByRole("button", { name: "Freeze" }));
      expect(await screen.findByText(REASON_LENGTH)).toBeTruthy();
      expect(fairPlay.actions).toEqual([]);

      await app.user.type(reason, "t farm: metronome taps");
      await app.user.click(within(dialog).getByRole("button", { name: "Freeze" }));
      expect(await findToast("Account Frozen")).toBeTruthy();
      expect(fairPlay.actions).toEqual([
        {
          userId: bot.userId,
          action: "freeze",
          reason: "not farm: metronome taps",
          key: expect.stringMatching(/^[\w-]{8,}$/),
        },
      ]);
      // The panel comes back with the account as it stands now, and the list reloaded without it.
      const again = await screen.findByRole("dialog", { name: "Account bot1@example.com" });
      expect(await within(again).findByText("Frozen")).toBeTruthy();
      expect(within(again).getByRole("button", { name: "Unfreeze" })).toBeTruthy();
      await waitFor(() => expect(fairPlay.detailRequests).toEqual([bot.userId, bot.userId]));
      await app.user.click(within(again).getByRole("button", { name: "Close" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(firstCells(ACCOUNTS)).toEqual(["bot2@example.combot2"]));
    } finally {
      await stop(app);
    }
  });

  it("a new account entering review appears without a reload (admin.risk)", async () => {
    seedFarm();
    const sources = fakeEventSources();
    const app = renderAdmin("/admin/fair-play", { openEventSource: sources.open });
    try {
      await waitFor(() => expect(rowsOf(ACCOUNTS)).toHaveLength(2));
      await waitFor(() => expect(sources.opened).toHaveLength(1));
      sources.latest().open();
      // The stream coming up refreshes the page once (what was pushed while it was down was missed).
      await waitFor(() => expect(fairPlay.listRequests).toHaveLength(2));
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(firstCells(ACCOUNTS)).not.toContain("bot3@example.combot3");
      const newcomer = fairPlay.seedAccount({ email: "bot3@example.com", score: 55, signals: [CADENCE] });
      sources.latest().frame("admin.risk", { userId: newcomer.userId, status: "review", score: 55 }, "1");
      await waitFor(() => expect(firstCells(ACCOUNTS)).toContain("bot3@example.combot3"));
      expect(fairPlay.listRequests).toHaveLength(3);
      // A frame of the wrong shape is dropped, never a reload.
      sources.latest().frame("admin.risk", { userId: newcomer.userId, status: "asleep", score: 1 }, "2");
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(fairPlay.listRequests).toHaveLength(3);
    } finally {
      await stop(app);
    }
  });
});

describe("Fair play: held withdrawals", () => {
  it("each shows its account, score and signals; one approved, another rejected with a reason", async () => {
    const { bot, person } = seedFarm();
    const approved = fairPlay.seedHeld(bot.userId, 12.5);
    const rejected = fairPlay.seedHeld(person.userId, 40);
    const app = renderAdmin("/admin/fair-play");
    try {
      await waitFor(() => expect(rowsOf(HELD)).toHaveLength(2));
      expect(fairPlay.heldRequests.at(-1)).toEqual({ status: "review", cursor: null });
      const [botRow, personRow] = rowsOf(HELD);
      expect(within(botRow!).getByText("bot1@example.com")).toBeTruthy();
      expect(within(botRow!).getByText("70")).toBeTruthy();
      expect(within(botRow!).getByText("regular-cadence")).toBeTruthy();
      expect(within(personRow!).getByText("None")).toBeTruthy();
      // bot1 is on the accounts page: its signals came with it; ada is not, so her risk was read.
      expect(fairPlay.detailRequests).toEqual([person.userId]);

      await app.user.click(within(botRow!).getByRole("button", { name: "Approve" }));
      const confirm = await screen.findByRole("dialog", { name: "Approve withdrawal" });
      expect(within(confirm).getByLabelText("Withdrawal")).toHaveProperty(
        "value",
        "12.50 USDT to TDvSsd...we9K",
      );
      await app.user.click(within(confirm).getByRole("button", { name: "Approve" }));
      expect(await findToast("Withdrawal Approved")).toBeTruthy();
      await waitFor(() => expect(rowsOf(HELD)).toHaveLength(1));

      await app.user.click(within(rowsOf(HELD)[0]!).getByRole("button", { name: "Reject" }));
      const reject = await screen.findByRole("dialog", { name: "Reject withdrawal" });
      await app.user.click(within(reject).getByRole("button", { name: "Reject" }));
      expect(await screen.findByText("Please fill in all fields.")).toBeTruthy();
      await app.user.type(
        within(reject).getByLabelText("Reason (3 to 500 characters)"),
        "Same address as 11 bots",
      );
      await app.user.click(within(reject).getByRole("button", { name: "Reject" }));
      expect(await findToast("Withdrawal Rejected")).toBeTruthy();
      await waitFor(() =>
        expect(within(section(HELD)).getByText("No withdrawal is waiting for a decision")).toBeTruthy(),
      );
      expect(fairPlay.decisions).toEqual([
        { id: approved, decision: "approve", reason: undefined, key: expect.any(String) },
        { id: rejected, decision: "reject", reason: "Same address as 11 bots", key: expect.any(String) },
      ]);
      expect(fairPlay.decisions[0]!.key).not.toBe(fairPlay.decisions[1]!.key);
    } finally {
      await stop(app);
    }
  });

  it("a withdrawal another admin decided first says so, closes and reloads", async () => {
    const { bot } = seedFarm();
    const id = fairPlay.seedHeld(bot.userId, 12.5);
    const app = renderAdmin("/admin/fair-play");
    try {
      await waitFor(() => expect(rowsOf(HELD)).toHaveLength(1));
      fairPlay.decideElsewhere(id);
      const asked = fairPlay.heldRequests.length;
      await app.user.click(within(rowsOf(HELD)[0]!).getByRole("button", { name: "Approve" }));
      const confirm = await screen.findByRole("dialog", { name: "Approve withdrawal" });
      await app.user.click(within(confirm).getByRole("button", { name: "Approve" }));
      expect(await findToast("Already decided")).toBeTruthy();
      expect(screen.getByText(ALREADY_DECIDED)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Approve withdrawal" })).toBeNull());
      await waitFor(() => expect(fairPlay.heldRequests.length).toBe(asked + 1));
      await waitFor(() => expect(rowsOf(HELD)).toHaveLength(1));
      expect(within(section(HELD)).getByText("No withdrawal is waiting for a decision")).toBeTruthy();
    } finally {
      await stop(app);
    }
  });
});

describe("Admin Dashboard: the economy", () => {
  const day = (date: string, n: number, coverage: number | null = null) => ({
    date,
    newUsers: n,
    activeUsers: n * 3,
    taps: n * 1000,
    pointsMinted: n,
    pointsConverted: n / 2,
    depositsUsdt: n * 10,
    withdrawalsUsdt: n * 4,
    coverage,
  });

  it("shows the coverage with its parts and warns when the platform owes more than it holds", async () => {
    fairPlay.setEconomy({
      days: [day("2030-01-01", 2, 1.25), day("2030-01-02", 5, 0.8)],
      liabilities: {
        pointsOutstanding: 50_000,
        pointsOutstandingUsdt: 50,
        walletsUsdt: 150,
        treasuryUsdt: 100,
        hotWalletUsdt: 60,
        coverage: 0.8,
      },
    });
    const app = renderAdmin("/admin/dashboard");
    try {
      const economy = await waitFor(() => section("Economy"));
      expect(await within(economy).findByTestId("coverage")).toHaveProperty("textContent", "0.80×");
      const alert = within(economy).getByRole("alert");
      expect(alert.textContent).toContain(COVERAGE_WARNING);
      expect(alert.textContent).toContain("160.00 USDT against 200.00 USDT owed");
      expect(within(economy).getByText(/Treasury 100\.00 USDT \+ hot wallet 60\.00 USDT/)).toBeTruthy();
      expect(within(economy).getByText(/Wallets 150\.00 USDT \+ 50,000 points/)).toBeTruthy();
      expect(fairPlay.economyRequests).toEqual(["30"]);
      // Each chart is labelled with its figures, and the days are a table too.
      expect(
        within(economy).getByRole("img", { name: /Taps per day over the last 2 days \(UTC\): 7,000 in all/ }),
      ).toBeTruthy();
      expect(within(economy).getByRole("img", { name: /70 deposited, 28 withdrawn/ })).toBeTruthy();
      // The coverage per day: a chart labelled with its lowest and its days below 1, and a warning beside it.
      expect(
        within(economy).getByRole("img", {
          name: /Coverage at each day's end over the last 2 days \(UTC\): lowest 0\.80×, below 1 on 1 of 2 days/,
        }),
      ).toBeTruthy();
      expect(within(economy).getByTestId("coverage-trend-warning").textContent).toContain(
        `${COVERAGE_WARNING} at the end of 1 of these 2 days`,
      );
      const table = within(economy).getByRole("table", { name: "The economy per UTC day, newest first" });
      expect(within(table).getAllByRole("row")).toHaveLength(3);
      expect(within(table).getByText("0.80× (below 1)")).toBeTruthy();
      expect(within(table).getByText("1.25×")).toBeTruthy();
      // The dashboard's own figures are still there.
      expect(await screen.findByText("Pool Balance")).toBeTruthy();
    } finally {
      await stop(app);
    }
  });

  it("says nothing alarming when the platform holds enough", async () => {
    fairPlay.setEconomy({
      days: [day("2030-01-01", 1, 10)],
      liabilities: {
        pointsOutstanding: 0,
        pointsOutstandingUsdt: 0,
        walletsUsdt: 10,
        treasuryUsdt: 100,
        hotWalletUsdt: 0,
        coverage: 10,
      },
    });
    const app = renderAdmin("/admin/dashboard");
    try {
      const economy = await waitFor(() => section("Economy"));
      expect(await within(economy).findByTestId("coverage")).toHaveProperty("textContent", "10.00×");
      expect(within(economy).queryByRole("alert")).toBeNull();
      expect(within(economy).queryByText(new RegExp(COVERAGE_WARNING))).toBeNull();
      expect(within(economy).queryByTestId("coverage-trend-warning")).toBeNull();
      expect(within(economy).getByRole("img", { name: /lowest 10\.00×, never below 1/ })).toBeTruthy();
    } finally {
      await stop(app);
    }
  });
});
