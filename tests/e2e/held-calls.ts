/**
 * The network and clock of the model kit's exported specs (tests/e2e/generated/, docs/decisions/029-model-kit.md,
 * "Faults, time and tabs"): a walk holds the API calls whose answers its path decides, and answers each when
 * the path says: from the real server, with a network failure, or with an error body of the API.
 */
import type { BrowserContext, Page, Route } from "@playwright/test";

export type HeldOutcome = "server" | "network" | { status: number; code: string; message: string };

interface Gate {
  method: string;
  matches: (pathname: string) => boolean;
  held: Route[];
  /** Requests to let through unheld (what a closing page sends with keepalive). */
  passes: number;
  arrived: Array<() => void>;
}

/** `/user/*\/points` → a test of a URL's path under /api. */
function pathTest(pattern: string) {
  const source = pattern
    .split("/")
    .map((part) => (part === "*" ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  const expression = new RegExp(`^/api${source}$`);
  return (pathname: string) => expression.test(pathname);
}

const macrotask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });

export function heldCalls(context: BrowserContext) {
  const gates = new Map<string, Gate>();
  const key = (method: string, path: string) => `${method} ${path}`;
  const gateOf = (method: string, path: string) => {
    const gate = gates.get(key(method, path));
    if (!gate) throw new Error(`${method} ${path} is not held: hold it before answering it`);
    return gate;
  };
  return {
    async hold(method: string, path: string) {
      const gate: Gate = { method, matches: pathTest(path), held: [], passes: 0, arrived: [] };
      gates.set(key(method, path), gate);
      await context.route(
        (url) => gate.matches(url.pathname),
        async (route) => {
          if (route.request().method() !== gate.method) return route.fallback();
          if (gate.passes > 0) {
            gate.passes -= 1;
            return route.fallback();
          }
          gate.held.push(route);
          for (const wake of gate.arrived.splice(0)) wake();
        },
      );
    },
    pass(method: string, path: string, count: number) {
      gateOf(method, path).passes += count;
    },
    /**
     * Waits (up to 10 s) until `count` requests of the call are held: the page asked again (a push made it
     * read anew while a read was out), so the older one can be answered without the page taking it.
     */
    async asked(method: string, path: string, count: number) {
      const gate = gateOf(method, path);
      await arrivals(
        gate,
        count,
        `${gate.held.length} ${method} ${path} requests held, not the ${count} awaited`,
      );
    },
    /** Answers the oldest held request of the call, waiting (up to 10 s) for one to arrive. */
    async answer(method: string, path: string, outcome: HeldOutcome) {
      const gate = gateOf(method, path);
      await arrivals(gate, 1, `no ${method} ${path} request arrived to answer`);
      await answerOldest(gate, outcome);
    },
  };
}

/** Waits (up to 10 s) until `count` requests of the gate are held. */
async function arrivals(gate: Gate, count: number, failure: string) {
  const deadline = Date.now() + 10_000;
  while (gate.held.length < count) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise<void>((resolve) => {
      gate.arrived.push(resolve);
      setTimeout(resolve, 250);
    });
  }
}

/** Answers the gate's oldest held request with `outcome`, then lets the page take the answer. */
async function answerOldest(gate: Gate, outcome: HeldOutcome) {
  const route = gate.held.shift()!;
  const page = route.request().frame().page();
  if (outcome === "server") {
    await route.fallback();
    await route.request().response();
  } else if (outcome === "network") await route.abort("internetdisconnected");
  else
    await route.fulfill({
      status: outcome.status,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: outcome.code, message: outcome.message } }),
    });
  await letPageTakeIt(page);
}

/**
 * Lets the page run a few of its tasks, so what just reached it (an answer, a push) is taken before the path's
 * next step (the clock is the test's, so a message channel, not a timer, marks each turn).
 */
export async function letPageTakeIt(page: Page) {
  for (let turn = 0; turn < 3; turn += 1) await page.evaluate(macrotask);
}

/**
 * Stops the page's clock (installed before the first navigation) where it is: from now on time moves only
 * when the test says (`page.clock.runFor`), so a timer never fires between two steps by itself.
 */
export async function stopClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/** The person closes tab `index` of the test's browser: what it held (its Web Locks) goes back to the others. */
export async function closeTab(tabs: Page[], index: number) {
  const tab = tabs[index];
  if (!tab) throw new Error(`the test has no tab ${index} to close`);
  await tab.close({ runBeforeUnload: true });
}

/** Tab `index` of the test's browser, opened on `url` when it is new; it comes to the front. */
export async function switchTab(tabs: Page[], index: number, url?: string) {
  let tab = tabs[index];
  if (!tab) {
    tab = await tabs[0]!.context().newPage();
    tabs[index] = tab;
    if (url) await tab.goto(url);
  }
  await tab.bringToFront();
  return tab;
}

/**
 * In the page: the taps this browser keeps for the server, over every tab's record (`rewards_<user>@<tab>`:
 * the batches not yet acknowledged and the taps not yet in a batch; docs/decisions/018, "Taps across tabs").
 */
export function storedPendingTaps(): number {
  return Object.keys(localStorage)
    .filter((key) => /^rewards_.+@/.test(key))
    .reduce((sum, key) => {
      const record = JSON.parse(localStorage.getItem(key) ?? "{}") as {
        unsyncedTaps?: number;
        batches?: { taps: number }[];
      };
      return sum + (record.unsyncedTaps ?? 0) + (record.batches ?? []).reduce((taps, b) => taps + b.taps, 0);
    }, 0);
}
