/**
 * A UI walk of the live stream through the real app (routes, the root actor, the taps actor, the API
 * client), with msw as the server and a fake EventSource as the stream (jsdom has none): pushed `wallet` and
 * `points` frames change the header and Home at once, with no reload and no read of the figures; a batch of
 * taps still out keeps its taps counted once; polling-free pages get their news; a revoked session signs the
 * tab out.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, createFakeBackend } from "../msw/fake-backend.ts";
import { fakeEventSources } from "../support/fake-event-source.ts";
import { renderSignedIn } from "./signed-in.tsx";

const backend = createFakeBackend();
let tickets = 0;
const server = setupServer(
  http.post(`${API}/events/ticket`, () =>
    HttpResponse.json({ ticket: `ticket-${++tickets}`, expiresIn: 60 }),
  ),
  ...backend.handlers,
);
/** Every figure read the app makes (points, multiplier, wallet balance), to prove a push needs none. */
const reads: string[] = [];
server.events.on("request:start", ({ request }) => {
  if (
    request.method === "GET" &&
    /\/(points|multiplier|wallet\/balance)$/.test(new URL(request.url).pathname)
  )
    reads.push(new URL(request.url).pathname);
});
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  backend.users.clear();
  backend.rewards.clear();
  reads.length = 0;
});
afterAll(() => server.close());

const header = () => screen.getByRole("banner");

async function signedInWithStream(path: string) {
  const sources = fakeEventSources();
  const { app, userId } = renderSignedIn(
    backend,
    path,
    { points: 5, totalTaps: 5000, multiplier: 0.001, wallet: 7 },
    { openEventSource: sources.open },
  );
  await waitFor(() => expect(within(header()).getByText("5.0000")).toBeTruthy());
  await waitFor(() => expect(sources.opened).toHaveLength(1));
  const stream = sources.latest();
  stream.open();
  return { app, userId, sources, stream };
}

describe("live stream: the header moves when the server pushes", () => {
  it("a pushed wallet balance and pushed points show in the header and on Home without a reload", async () => {
    const { app, stream } = await signedInWithStream("/home");
    try {
      expect(stream.url).toMatch(/\/api\/events\?ticket=ticket-\d+$/);
      expect(within(header()).getByText("$7.00")).toBeTruthy();
      const readsBefore = reads.length;
      stream.frame("wallet", { balance: 12.5 }, "1");
      await waitFor(() => expect(within(header()).getByText("$12.50")).toBeTruthy());
      stream.frame("points", { points: 9.5, totalTaps: 9500, multiplier: 0.002 }, "2");
      await waitFor(() => expect(within(header()).getByText("9.5000")).toBeTruthy());
      expect(within(screen.getByRole("main")).getByText("9,500")).toBeTruthy();
      expect(within(screen.getByRole("main")).getByText("0.002x")).toBeTruthy();
      expect(reads.length).toBe(readsBefore);
      expect(app.location()).toBe("/home");
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("taps not yet sent stay on top of pushed points, and a push while their batch is out waits for its answer", async () => {
    const { app, stream, userId } = await signedInWithStream("/tap");
    try {
      backend.rewards.hold("sync");
      const coin = await screen.findByRole("button", { name: "Tap to earn" });
      await app.user.click(coin);
      await app.user.click(coin);
      await waitFor(() => expect(within(header()).getByText("5.0020")).toBeTruthy());
      // Another device's taps: 5 100 taps, 5.1 points, plus our 2 not sent yet.
      stream.frame("points", { points: 5.1, totalTaps: 5100, multiplier: 0.001 }, "1");
      await waitFor(() => expect(within(header()).getByText("5.1020")).toBeTruthy());
      // Leaving the page sends the 2 taps; the server holds the answer.
      await app.user.click(
        within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Home" }),
      );
      const runtime = await app.runtime();
      const taps = () => runtime.app.getSnapshot().children.taps!.getSnapshot();
      await waitFor(() => expect(taps().matches({ ready: { sync: "sending" } })).toBe(true));
      // The batch's own push (its taps included) arrives before its answer: shown once, not twice.
      stream.frame("points", { points: 5.102, totalTaps: 5102, multiplier: 0.001 }, "2");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(within(header()).getByText("5.1020")).toBeTruthy();
      backend.rewards.release("sync", "ok");
      await waitFor(() => expect(backend.rewards.rewards.get(userId)?.totalTaps).toBe(5002));
      // The fake server knew nothing of the other device: its answer (5 002 taps) is older than the push.
      await waitFor(() => expect(within(header()).getByText("5.1020")).toBeTruthy());
    } finally {
      await app.stop();
      app.unmount();
    }
  });

  it("a revoked session signs the tab out, as an expired one does", async () => {
    const { app, stream } = await signedInWithStream("/home");
    try {
      stream.frame("session", { reason: "logout" }, "1");
      await waitFor(() => expect(app.location()).toMatch(/^\/auth\?mode=login/));
    } finally {
      await app.stop();
      app.unmount();
    }
  });
});
