/**
 * UI walks of the player's side of fair play (docs/fair-play.md, "What the player sees") through the real app
 * with msw as the server: the standing card on Home (absent while `ok`), the "Ask for a review" dialog (its
 * words checked before sending, keyboard and focus, a second appeal refused with 409 APPEAL_OPEN), a
 * `standing` event showing the card live, and the tap screen of a frozen account: the coin disabled, why, the
 * way to ask for a review, and taps refused by the server kept and sent once the account is unfrozen; a
 * closed account signed out by the stream, and a login refused, both saying the account is closed.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_BANNED_MESSAGE,
  ACCOUNT_FROZEN_MESSAGE,
  APPEAL_OPEN_MESSAGE,
  STANDING_MESSAGES,
} from "#contracts/fair-play-rules.ts";
import { APPEAL_SENT } from "#src/machines/fair-play/standing.machine.ts";
import { renderApp } from "../client/render-app.tsx";
import { API, createFakeBackend } from "../msw/fake-backend.ts";
import { fakeEventSources } from "../support/fake-event-source.ts";
import { findToast, renderSignedIn } from "./signed-in.tsx";

const backend = createFakeBackend();
const server = setupServer(
  http.post(`${API}/events/ticket`, () => HttpResponse.json({ ticket: "ticket", expiresIn: 60 })),
  ...backend.handlers,
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
  backend.fairPlay.clear();
  localStorage.clear();
});
afterAll(() => server.close());

const FIGURES = { points: 5, totalTaps: 10, multiplier: 0.001 };
const card = () => screen.findByRole("region", { name: "Your account" });
const dialog = () => screen.getByRole("dialog", { name: "Ask for a review" });
const field = () => within(dialog()).getByLabelText("What should we know?") as HTMLTextAreaElement;

/** A signed-in user whose standing is `status` (set before the app first asks for it), on `path`. */
function open(path: string, status: "ok" | "review" | "frozen", options = {}) {
  const rendered = renderSignedIn(backend, path, FIGURES, options);
  backend.fairPlay.setStatus(rendered.userId, status);
  return rendered;
}

describe("Home: the standing card", () => {
  it("shows nothing while the account is in good standing", async () => {
    const { app } = open("/home", "ok");
    try {
      expect(await screen.findByText("Rewards Balance")).toBeTruthy();
      await waitFor(() => expect(backend.fairPlay.standingReads).toHaveLength(1));
      // The answer has been drawn: what is shown now is what the player sees.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole("region", { name: "Your account" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Ask for a review" })).toBeNull();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("says what review means, checks the words before sending, and shows the appeal once sent", async () => {
    const { app, userId } = open("/home", "review");
    try {
      const region = await card();
      expect(within(region).getByText(STANDING_MESSAGES.review)).toBeTruthy();
      expect(within(region).getByText("Under review")).toBeTruthy();
      const ask = within(region).getByRole("button", { name: "Ask for a review" });
      await app.user.click(ask);
      await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
      // Escape closes it and gives focus back to the button that opened it.
      await app.user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(ask));
      await app.user.keyboard("{Enter}");
      await screen.findByRole("dialog", { name: "Ask for a review" });
      await app.user.type(field(), "no");
      await app.user.click(within(dialog()).getByRole("button", { name: "Send" }));
      expect(within(dialog()).getByText("Write at least 3 characters.")).toBeTruthy();
      expect(field().getAttribute("aria-invalid")).toBe("true");
      expect(field().getAttribute("aria-describedby")).toContain("appeal-error");
      expect(backend.fairPlay.appealCalls).toEqual([]);
      await app.user.type(field(), "pe, I tap with two thumbs on my phone.");
      expect(within(dialog()).queryByText("Write at least 3 characters.")).toBeNull();
      await app.user.click(within(dialog()).getByRole("button", { name: "Send" }));
      expect(await findToast(APPEAL_SENT)).toBeTruthy();
      expect(backend.fairPlay.appealCalls).toEqual([
        { userId, message: "nope, I tap with two thumbs on my phone." },
      ]);
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(within(region).getByText(/You asked for a review on/)).toBeTruthy();
      expect(within(region).getByText("nope, I tap with two thumbs on my phone.")).toBeTruthy();
      expect(within(region).queryByRole("button", { name: "Ask for a review" })).toBeNull();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("a second appeal (409 APPEAL_OPEN) says so and shows the one already open", async () => {
    const { app, userId } = open("/home", "frozen");
    try {
      const region = await card();
      expect(within(region).getByText(STANDING_MESSAGES.frozen)).toBeTruthy();
      await app.user.click(within(region).getByRole("button", { name: "Ask for a review" }));
      await screen.findByRole("dialog", { name: "Ask for a review" });
      // Meanwhile the player asked from their other phone.
      backend.fairPlay.openAppeal(userId, "Sent from my other phone.", "2030-01-02T11:00:00.000Z");
      await app.user.type(field(), "Please look again.");
      await app.user.click(within(dialog()).getByRole("button", { name: "Send" }));
      expect(await findToast(APPEAL_OPEN_MESSAGE)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(await within(region).findByText("Sent from my other phone.")).toBeTruthy();
      expect(within(region).getByText(/Jan 2, 2030/)).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("appears when the live stream says the standing changed", async () => {
    const sources = fakeEventSources();
    const { app, userId } = open("/home", "ok", { openEventSource: sources.open });
    try {
      await waitFor(() => expect(backend.fairPlay.standingReads).toHaveLength(1));
      await waitFor(() => expect(sources.opened).toHaveLength(1));
      sources.latest().open();
      backend.fairPlay.setStatus(userId, "review");
      sources.latest().frame("standing", { status: "review" }, "1");
      const region = await card();
      expect(within(region).getByText(STANDING_MESSAGES.review)).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});

describe("Tap screen: a frozen account", () => {
  it("disables the coin, says why, and offers the review form", async () => {
    const { app } = open("/tap", "frozen");
    try {
      const coin = await screen.findByRole("button", { name: "Taps are paused" });
      expect(coin).toHaveProperty("disabled", true);
      expect(screen.getByRole("alert").textContent).toContain(ACCOUNT_FROZEN_MESSAGE);
      await app.user.click(coin);
      expect(backend.rewards.syncs).toEqual([]);
      await app.user.click(screen.getByRole("button", { name: "Ask for a review" }));
      expect(await screen.findByRole("dialog", { name: "Ask for a review" })).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("keeps taps the server refused (403), stops sending them, and sends them with their timing once unfrozen", async () => {
    const sources = fakeEventSources();
    const { app, userId } = open("/tap", "ok", { openEventSource: sources.open });
    try {
      const coin = await screen.findByRole("button", { name: "Tap to earn" });
      await waitFor(() => expect(sources.opened).toHaveLength(1));
      sources.latest().open();
      for (let tap = 0; tap < 3; tap++) await app.user.click(coin);
      // Frozen by an admin while the player taps; leaving the page sends the taps: refused.
      backend.fairPlay.setStatus(userId, "frozen");
      await app.user.click(
        within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Home" }),
      );
      await waitFor(() => expect(backend.rewards.syncs).toHaveLength(1));
      await app.user.click(
        within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Tap" }),
      );
      expect(await screen.findByRole("button", { name: "Taps are paused" })).toBeTruthy();
      expect(screen.getByRole("alert").textContent).toContain(ACCOUNT_FROZEN_MESSAGE);
      // Kept for a reload: the batch is in this tab's storage, with one interval per tap.
      const stored = Object.keys(localStorage).find((key) => key.includes("@"));
      expect(JSON.parse(localStorage.getItem(stored!)!).batches).toEqual([
        expect.objectContaining({ taps: 3, intervals: expect.any(Array) }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(backend.rewards.syncs).toHaveLength(1);
      // Unfrozen: the same batch goes again, credited once, and the coin takes taps.
      backend.fairPlay.setStatus(userId, "ok");
      sources.latest().frame("standing", { status: "ok" }, "2");
      expect(await screen.findByRole("button", { name: "Tap to earn" })).toBeTruthy();
      await waitFor(() => expect(backend.rewards.syncs).toHaveLength(2));
      const [refused, sent] = backend.rewards.syncs;
      expect(sent!.batchId).toBe(refused!.batchId);
      expect(sent!.intervals).toEqual(refused!.intervals);
      expect(sent!.intervals).toHaveLength(3);
      expect(sent!.intervals![0]).toBe(0);
      expect(backend.rewards.accountOf(userId).totalTaps).toBe(13);
    } finally {
      await app.stop();
      app.unmount();
    }
  }, 15_000);
});

describe("A closed account", () => {
  it("is signed out by the stream's `session` event (banned), and the login page says the account is closed", async () => {
    const sources = fakeEventSources();
    const { app } = open("/home", "ok", { openEventSource: sources.open });
    try {
      expect(await screen.findByText("Rewards Balance")).toBeTruthy();
      await waitFor(() => expect(sources.opened).toHaveLength(1));
      sources.latest().open();
      sources.latest().frame("session", { reason: "banned" }, "1");
      await waitFor(() => expect(app.location()).toBe("/auth?mode=login"));
      expect(await screen.findByText(ACCOUNT_BANNED_MESSAGE)).toBeTruthy();
      expect(localStorage.getItem("auth_token")).toBeNull();
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("a login answered 403 ACCOUNT_BANNED says the account is closed", async () => {
    const { user } = backend.signedIn();
    const app = renderApp("/auth?mode=login");
    try {
      backend.failNext.set("login", { status: 403, code: "ACCOUNT_BANNED", message: ACCOUNT_BANNED_MESSAGE });
      await app.user.type(await screen.findByLabelText("Email"), user.email);
      await app.user.type(screen.getByLabelText("Password"), "correct horse");
      await app.user.click(screen.getByRole("button", { name: "Login" }));
      expect(await findToast("Login Failed")).toBeTruthy();
      expect(screen.getAllByText(ACCOUNT_BANNED_MESSAGE).length).toBeGreaterThanOrEqual(1);
      expect(app.location()).toBe("/auth?mode=login");
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
