// HAProxy for `npm run cluster` (docs/decisions/024): Debian's package, run in the foreground with a config we
// generate, never as a system service.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"];

const found = () => CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;

/** The haproxy binary; installs Debian's package when it is missing and we may (root), else explains. */
export function haproxyBinary() {
  const present = found();
  if (present) return present;
  if (process.getuid?.() === 0) {
    console.log("HAProxy is missing: installing Debian's haproxy package…");
    spawnSync("sh", ["-c", "apt-get update -qq && apt-get install -y -qq haproxy >/dev/null"], {
      stdio: "inherit",
    });
    const installed = found();
    if (installed) return installed;
  }
  throw new Error(
    "HAProxy is not installed. Install it (Debian: sudo apt-get install -y haproxy) and run the command again.",
  );
}

/**
 * One frontend on `port`, one backend of `servers`. Readiness checks (/api/ready: the database answers and
 * the instance is not stopping) every 500 ms (a server is out after two failures, back after two successes).
 * A request whose connection failed never reached an instance and is sent to another. One that did reach an
 * instance and got no answer (it died, or stalled past the time-out) may still have been carried out there, so
 * it is sent again only when that cannot do anything twice (docs/decisions/034): a GET or HEAD, which only
 * reads, or a request with an Idempotency-Key, which the server carries out once whatever happens. The admin's
 * money routes take no key unless the caller sends one: sent twice, a treasury withdrawal would pay twice.
 * Long timeouts on the server side keep live event streams open between their pings.
 * Requests are spread by a consistent hash of their bearer token, so one player's tap syncs keep reaching the
 * instance that holds the hint of their rewards row (docs/decisions/028); a request without one (the pages,
 * an event stream opened with a ticket) goes round robin. A server that leaves moves only its own players.
 * `serverTimeoutSeconds` is how long an instance may stay silent on a request (tests shorten it).
 */
export function haproxyConfig({ host, port, servers, socketPath, serverTimeoutSeconds = 60 }) {
  return `global
  stats socket ${socketPath} mode 600 level admin

defaults
  mode http
  option forwardfor
  option redispatch 1
  retries 2
  retry-on conn-failure empty-response response-timeout
  timeout connect 2s
  timeout client 60s
  timeout server ${serverTimeoutSeconds}s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 10s
  # /api/ready gives the database 1 s to answer (server/domain/operations/readiness.ts).
  timeout check 1500ms

frontend web
  bind ${host}:${port}
  default_backend app

backend app
  balance hdr(Authorization)
  hash-type consistent
  # Connection failures are still retried: only what reached an instance is held back.
  http-request disable-l7-retry unless METH_GET || { req.hdr(idempotency-key) -m found }
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`).join("\n")}
`;
}
