// `npm run cluster -- --instances 3 [--port 3000]`: N TapRewards instances on one PostgreSQL behind HAProxy on
// one port (docs/decisions/024). PostgreSQL: DATABASE_URL, else the local default if it answers. Ctrl-C or
// SIGTERM drains every instance and stops.
import net from "node:net";
import { parseArgs } from "node:util";
import { buildServerIfStale, buildWebIfStale } from "./lib/build-if-stale.mjs";
import { startCluster } from "./lib/cluster.mjs";

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

function fail(message) {
  console.error(message);
  process.exit(1);
}

function answers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1_000 });
    socket.once("connect", () => resolve(socket.end() && true));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => resolve(socket.destroy() && false));
  });
}

const { values } = parseArgs({
  options: { instances: { type: "string", default: "2" }, port: { type: "string" } },
  strict: true,
});
const instances = Number(values.instances);
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(instances) || instances < 1 || instances > 16)
  fail("--instances must be a whole number 1-16.");
if (!Number.isInteger(port) || port < 1 || port > 65535 - instances)
  fail("--port must be a free port number.");

let databaseUrl = process.env.DATABASE_URL || null;
if (!databaseUrl && (await answers("127.0.0.1", 5432))) databaseUrl = LOCAL_POSTGRES;
if (!databaseUrl) {
  fail(
    "A cluster needs PostgreSQL (the embedded database belongs to one process). Set DATABASE_URL, or install " +
      "and start it: apt-get install -y postgresql && pg_ctlcluster 15 main start",
  );
}

buildWebIfStale();
buildServerIfStale();
let cluster;
try {
  cluster = await startCluster({ instances, port, host: process.env.HOST ?? "0.0.0.0", databaseUrl });
} catch (err) {
  fail(`The cluster could not start: ${err instanceof Error ? err.message : err}`);
}
console.log(
  `TapRewards cluster: ${instances} instance${instances === 1 ? "" : "s"} behind HAProxy at http://localhost:${port}` +
    ` (instances on ports ${cluster.instances.map((instance) => instance.port).join(", ")}). Ctrl-C stops it.`,
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`[cluster] ${signal}: draining every instance, then stopping HAProxy…`);
    await cluster.stop();
    process.exit(0);
  });
}
