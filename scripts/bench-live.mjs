// Live events in the server benchmark (docs/quality.md, planned features; docs/decisions/017): what an idle stream
// costs one instance, and how long a change made through instance A takes to reach a stream held on instance B
// at about 500 events a second. Figures only: it never fails on them. Called by bench-server.mjs, which starts
// the instances (child processes over one PostgreSQL database) and hands them over.
//
//   BENCH_STREAMS=10000 (idle streams to open; the default, the budget's figure)   BENCH_EVENTS_PER_SECOND=500   BENCH_SECONDS=10

import { randomUUID } from "node:crypto";
import http from "node:http";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const RATE = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 500);
const OPEN_AT_ONCE = 100;
const TAPS_PER_SYNC = 5;

/** An SSE connection read just enough to see each frame; `onFrame(seq, data)` per frame with an id. */
function openStream(baseUrl, token, onFrame = () => {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/events`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET /api/events: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            const id = /^id: (\d+)/m.exec(frame)?.[1];
            if (id !== undefined) onFrame(Number(id), /^data: (.*)$/m.exec(frame)?.[1] ?? "");
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
          }
        });
        res.on("error", () => {});
        resolve({ close: () => request.destroy() });
      },
    );
    request.on("error", reject);
  });
}

/** Opens `count` streams, a hundred at a time; stops early (keeping what opened) when the machine refuses more. */
async function openMany(baseUrl, tokens, count) {
  const streams = [];
  for (let i = 0; i < count; i += OPEN_AT_ONCE) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(OPEN_AT_ONCE, count - i) }, (_, j) =>
        openStream(baseUrl, tokens[(i + j) % tokens.length]),
      ),
    );
    for (const result of batch) if (result.status === "fulfilled") streams.push(result.value);
    const refused = batch.find((result) => result.status === "rejected");
    if (refused) {
      console.log(
        `  (stopped at ${streams.length} streams: ${refused.reason?.message ?? refused.reason}; see ulimit -n)`,
      );
      break;
    }
  }
  return streams;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Memory per idle stream on one instance: its resident and heap growth, after a GC, divided by the streams. */
export async function measureIdleStreams(target) {
  const tokens = target.users.map((user) => user.token);
  const before = await target.memory();
  const streams = await openMany(target.url, tokens, STREAMS);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = await target.memory();
  for (const stream of streams) stream.close();
  const opened = Math.max(1, streams.length);
  return {
    streams: streams.length,
    rssPerStream: (after.rss - before.rss) / opened,
    heapPerStream: (after.heapUsed - before.heapUsed) / opened,
    rssAfter: after.rss,
  };
}

const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Commit → delivery at RATE events a second across two instances: A commits `points` events through the app's
 * own transaction path (no HTTP in front), one stream per user is held on B. Bounded from both sides: from the
 * transaction's end (commit and announcement done; a frame arriving first counts as 0) and from its start.
 */
export async function measureCommitDelivery(a, b, seconds) {
  /** Per user index, per k: when its frame arrived on B. */
  const arrivals = a.users.map(() => new Map());
  const streams = [];
  for (let i = 0; i < a.users.length; i += OPEN_AT_ONCE) {
    const batch = a.users.slice(i, i + OPEN_AT_ONCE).map((user, j) =>
      openStream(b.url, user.token, (_seq, data) => {
        const totalTaps = JSON.parse(data || "{}").totalTaps;
        if (Number.isInteger(totalTaps)) arrivals[i + j].set(totalTaps, epochNow());
      }),
    );
    streams.push(...(await Promise.all(batch)));
  }
  const { events, errors, elapsed } = await a.emit(RATE, seconds);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const stream of streams) stream.close();
  const delivered = events.filter(([index, k]) => arrivals[index].has(k));
  const sorted = (values) => values.sort((x, y) => x - y);
  const fromDone = sorted(delivered.map(([index, k, , done]) => Math.max(0, arrivals[index].get(k) - done)));
  const fromStart = sorted(delivered.map(([index, k, begun]) => arrivals[index].get(k) - begun));
  return {
    rate: events.length / elapsed,
    events: events.length,
    delivered: delivered.length,
    errors,
    p50: percentile(fromDone, 0.5),
    p99: percentile(fromDone, 0.99),
    startP50: percentile(fromStart, 0.5),
    startP99: percentile(fromStart, 0.99),
  };
}

/**
 * Tap syncs through A at RATE a second, one stream per user held on B. Each user syncs again only after its last
 * answer, so the frame carrying 5k taps is its k-th sync. Two figures bound commit → delivery: from the answer on A (the
 * commit came just before it; a frame may even arrive first, counted as 0) and from the sync's sending (which adds
 * the sync's own time, queueing included when the instances cannot keep up with the rate).
 */
export async function measureDelivery(a, b, seconds) {
  const users = a.users;
  /** Per user, per sync k (0-based): [sent, answered, frame arrived]. */
  const timings = new Map(users.map((user) => [user.id, []]));
  const streams = [];
  for (let i = 0; i < users.length; i += OPEN_AT_ONCE) {
    const batch = users.slice(i, i + OPEN_AT_ONCE).map((user) =>
      openStream(b.url, user.token, (_seq, data) => {
        // The k-th sync (5 taps each) brings the user's total to 5k.
        const totalTaps = JSON.parse(data || "{}").totalTaps;
        const timing = Number.isInteger(totalTaps)
          ? timings.get(user.id)[totalTaps / TAPS_PER_SYNC - 1]
          : undefined;
        if (timing) timing[2] = performance.now();
      }),
    );
    streams.push(...(await Promise.all(batch)));
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const idle = [...users];
  let errors = 0;
  let sent = 0;
  const sync = (user) =>
    new Promise((resolve) => {
      const started = performance.now();
      const timing = [started, undefined, undefined];
      timings.get(user.id).push(timing);
      const body = JSON.stringify({ batchId: randomUUID(), taps: TAPS_PER_SYNC });
      const request = http.request(
        `${a.url}/api/user/${user.id}/points`,
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            authorization: `Bearer ${user.token}`,
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode !== 200) errors += 1;
            timing[1] = performance.now();
            resolve();
          });
        },
      );
      request.on("error", () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });

  const started = performance.now();
  const running = [];
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      while (sent < due && idle.length > 0) {
        const user = idle.shift();
        sent += 1;
        running.push(sync(user).then(() => idle.push(user)));
      }
      if (performance.now() - started >= seconds * 1000) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  await Promise.all(running);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const stream of streams) stream.close();
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const done = [...timings.values()]
    .flat()
    .filter((timing) => timing[1] !== undefined && timing[2] !== undefined);
  const sorted = (values) => values.sort((x, y) => x - y);
  const fromAnswer = sorted(done.map(([, answered, arrived]) => Math.max(0, arrived - answered)));
  const fromSent = sorted(done.map(([sentAt, , arrived]) => arrived - sentAt));
  const syncs = sorted(done.map(([sentAt, answered]) => answered - sentAt));
  return {
    rate: sent / elapsed,
    events: sent,
    delivered: done.length,
    errors,
    p50: percentile(fromAnswer, 0.5),
    p99: percentile(fromAnswer, 0.99),
    sentP50: percentile(fromSent, 0.5),
    sentP99: percentile(fromSent, 0.99),
    syncP50: percentile(syncs, 0.5),
    syncP99: percentile(syncs, 0.99),
  };
}

export function printLive(idle, commits, delivery) {
  console.log("\nLive events (PostgreSQL, two instances):");
  console.log(
    `  ${idle.streams} idle streams on one instance: ${(idle.rssPerStream / 1024).toFixed(1)} KB resident and ` +
      `${(idle.heapPerStream / 1024).toFixed(1)} KB heap each (resident ${megabytes(idle.rssAfter)} with them open)`,
  );
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `  ${commits.events} events committed on A at ${Math.round(commits.rate)}/s (no HTTP), one stream per user on B: ` +
      `${commits.delivered} frames, ${commits.errors} errors\n` +
      `    commit → frame on B: p50 ${ms(commits.p50)}, p99 ${ms(commits.p99)} ` +
      `(from the transaction's start: p50 ${ms(commits.startP50)}, p99 ${ms(commits.startP99)})`,
  );
  console.log(
    `  ${delivery.events} tap syncs through A at ${Math.round(delivery.rate)}/s, one stream per user on B: ` +
      `${delivery.delivered} frames, ${delivery.errors} errors\n` +
      `    answer on A → frame on B: p50 ${ms(delivery.p50)}, p99 ${ms(delivery.p99)}\n` +
      `    sync sent → frame on B:   p50 ${ms(delivery.sentP50)}, p99 ${ms(delivery.sentP99)} ` +
      `(the sync itself: p50 ${ms(delivery.syncP50)}, p99 ${ms(delivery.syncP99)})`,
  );
  const rateReached = commits.rate >= RATE * 0.9;
  const met =
    idle.rssPerStream < 30 * 1024 &&
    commits.p99 < 250 &&
    commits.delivered === commits.events &&
    delivery.delivered === delivery.events &&
    rateReached;
  const notes = [
    ...(rateReached ? [] : [`A committed ${Math.round(commits.rate)} events/s, not ${RATE}`]),
    ...(delivery.rate >= RATE * 0.9
      ? []
      : [
          `through HTTP this machine answered ${Math.round(delivery.rate)} tap syncs/s (its tap-sync ceiling)`,
        ]),
    ...(idle.streams < 10_000
      ? [`${idle.streams} streams, the budget names 10 000 (BENCH_STREAMS=10000)`]
      : []),
  ];
  console.log(
    `  Budget (docs/quality.md): < 30 KB per idle stream, delivery p99 < 250 ms at 500 events/s, none lost → ` +
      `${met ? "met" : "NOT met"} (reported, not enforced${notes.length > 0 ? `; ${notes.join("; ")}` : ""}).`,
  );
}
