/**
 * UI walks of the referral program through the real app (routes, components, machines, API client) with msw
 * as the server: a friend opens the invitation link and signs up with the code already filled in; the
 * referrer's card loads (after a failed first try), copies and shares the link, and follows pushed figures,
 * reading the friends list again a few seconds later.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TOASTS } from "#src/machines/auth/auth.messages.ts";
import { LINK_COPIED, REREAD_THROTTLE_MS } from "#src/machines/economy/referral.machine.ts";
import { renderApp } from "../client/render-app.tsx";
import { API, createFakeBackend } from "../msw/fake-backend.ts";
import { referralCodeOf } from "../msw/fake-economy.ts";
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
  backend.signups.length = 0;
  backend.rewards.clear();
  backend.economy.clear();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const card = () => screen.findByRole("region", { name: "Invite friends" });
const figure = (testId: string) => screen.getByTestId(testId).textContent;

describe("Referrals: signing up through a friend's link", () => {
  it("fills in the code from the link, sends it with the sign-up, and the friend joins the referrer", async () => {
    const referrer = backend.signedIn("Grace Hopper").user;
    const code = referralCodeOf(referrer.id);
    const app = renderApp(`/auth?mode=signup&ref=${code}`);
    try {
      const field = await screen.findByLabelText("Referral code (optional)");
      expect((field as HTMLInputElement).value).toBe(code);
      expect(screen.getByText(/From your friend's invitation/)).toBeTruthy();
      await app.user.type(screen.getByLabelText("Full Name", { exact: true }), "Ada Lovelace");
      await app.user.type(screen.getByLabelText("Email", { exact: true }), "ada@example.com");
      await app.user.type(screen.getByLabelText("Password", { exact: true }), "password1");
      await app.user.type(screen.getByLabelText("Confirm Password", { exact: true }), "password1");
      await app.user.click(screen.getByRole("button", { name: "Sign Up" }));
      expect(await findToast(TOASTS.signupSuccess)).toBeTruthy();
      expect(backend.signups.map((body) => body.referralCode)).toEqual([code]);
      expect(backend.economy.referralsOf(referrer.id)).toMatchObject({
        invited: 1,
        friends: [{ name: "Ada Lovelace" }],
      });
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("refuses a malformed code on the form and sends nothing", async () => {
    const app = renderApp("/auth?mode=signup&ref=bad%20code!");
    try {
      await screen.findByLabelText("Referral code (optional)");
      await app.user.type(screen.getByLabelText("Full Name", { exact: true }), "Ada Lovelace");
      await app.user.type(screen.getByLabelText("Email", { exact: true }), "ada@example.com");
      await app.user.type(screen.getByLabelText("Password", { exact: true }), "password1");
      await app.user.type(screen.getByLabelText("Confirm Password", { exact: true }), "password1");
      await app.user.click(screen.getByRole("button", { name: "Sign Up" }));
      expect(await screen.findByText(/This referral code is not valid/)).toBeTruthy();
      expect(backend.signups).toEqual([]);
      // Clearing the field signs up without a referrer.
      await app.user.clear(screen.getByLabelText("Referral code (optional)"));
      await app.user.click(screen.getByRole("button", { name: "Sign Up" }));
      expect(await findToast(TOASTS.signupSuccess)).toBeTruthy();
      expect(backend.signups).toHaveLength(1);
      expect(backend.signups[0]).not.toHaveProperty("referralCode");
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});

describe("Referrals: the card on the Rewards page", () => {
  it("retries a failed load, copies the link, follows pushes and reads the friends list again", async () => {
    const sources = fakeEventSources();
    backend.economy.failNext.set("referrals", "network");
    const { app, userId } = renderSignedIn(
      backend,
      "/rewards",
      { points: 5, totalTaps: 0 },
      { openEventSource: sources.open },
    );
    try {
      const region = await card();
      expect(await within(region).findByText(/Could not load your referrals/)).toBeTruthy();
      await app.user.click(within(region).getByRole("button", { name: "Try again" }));
      const link = (await within(region).findByLabelText("Your invitation link")) as HTMLInputElement;
      expect(link.value).toBe(`http://app.test/auth?mode=signup&ref=${referralCodeOf(userId)}`);
      expect(within(region).getByText(/Get 10% of the points your friends earn/)).toBeTruthy();
      expect(within(region).getByText(/No friends yet/)).toBeTruthy();
      // jsdom has no share sheet: only Copy is offered.
      expect(within(region).queryByRole("button", { name: "Share" })).toBeNull();
      await app.user.click(within(region).getByRole("button", { name: "Copy" }));
      expect(await findToast(LINK_COPIED)).toBeTruthy();
      // user-event puts its own clipboard in place of the browser's; the link is on it.
      expect(await navigator.clipboard.readText()).toBe(link.value);

      // A friend joins and taps: the figures change at once, the list a few seconds later.
      await waitFor(() => expect(sources.opened).toHaveLength(1));
      sources.latest().open();
      Object.assign(backend.economy.referralsOf(userId), {
        invited: 1,
        earnedPoints: 0.25,
        earnedToday: 0.25,
        friends: [{ name: "Ada L.", joinedAt: "2030-01-02T10:00:00.000Z", earnedForYou: 0.25 }],
      });
      sources.latest().frame("referral", { invited: 1, earnedPoints: 0.25, earnedToday: 0.25 }, "1");
      await waitFor(() => expect(figure("referral-invited")).toBe("1"));
      expect(figure("referral-earned")).toBe("0.2500");
      expect(figure("referral-today")).toBe("0.2500");
      const friends = await within(region).findByRole(
        "list",
        { name: "Friends who joined" },
        { timeout: REREAD_THROTTLE_MS + 3_000 },
      );
      expect(within(friends).getByText("Ada L.")).toBeTruthy();
      expect(within(friends).getByText("+0.2500")).toBeTruthy();
    } finally {
      await app.stop();
      app.unmount();
    }
  }, 20_000);

  it("offers Share where the browser has a share sheet and hands it the link", async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { share }));
    const { app, userId } = renderSignedIn(backend, "/rewards", { points: 0 });
    try {
      const region = await card();
      await app.user.click(await within(region).findByRole("button", { name: "Share" }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      expect(share.mock.calls[0]![0]).toMatchObject({
        url: `http://app.test/auth?mode=signup&ref=${referralCodeOf(userId)}`,
      });
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("says when today's cap is reached", async () => {
    const { app, userId } = renderSignedIn(backend, "/rewards", { points: 0 });
    Object.assign(backend.economy.referralsOf(userId), { invited: 4, earnedPoints: 1500, earnedToday: 1000 });
    try {
      const region = await card();
      expect(await within(region).findByText(/Today's limit is reached/)).toBeTruthy();
      expect(figure("referral-today")).toBe("1,000.0000");
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
