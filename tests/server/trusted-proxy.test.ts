/**
 * Behind a reverse proxy (TRUST_PROXY, docs/decisions/036) the address-based limits count the address the
 * trusted proxy saw: the right-most `X-Forwarded-For` hop it did not add itself, never a value the client
 * wrote further left. A hop that is not an IP address is never a key: the socket's address counts instead,
 * and the metric `taprewards_forwarded_for_unusable_total` says how often that happened.
 */
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { addressSubject } from "#server/domain/client-address.ts";
import { setupTestApp, uniqueEmail } from "./helpers/test-app.ts";

const t = setupTestApp();
/** `TRUST_PROXY=true`, at most 3 sign-ups an hour per address. */
let behindProxy: FastifyInstance;

beforeAll(async () => {
  behindProxy = await t.buildAnother({ config: { trustProxy: true, signupLimitPerIpHour: 3 } });
});

/** A request as the proxy at `proxy` forwards it, with the `X-Forwarded-For` it ends up carrying. */
const signUpVia = (app: FastifyInstance, proxy: string, forwardedFor: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/signup",
    remoteAddress: proxy,
    headers: { "x-forwarded-for": forwardedFor },
    payload: { email: uniqueEmail("proxied"), password: "correct horse battery", name: "Proxied" },
  });

const failLoginVia = (app: FastifyInstance, proxy: string, forwardedFor: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: proxy,
    headers: { "x-forwarded-for": forwardedFor },
    payload: { email: uniqueEmail("spray"), password: "a wrong guess" },
  });

/** The subjects counted under a rule (`signup:ip`, `login:ip`), with their counts. */
async function counted(rule: string): Promise<Record<string, number>> {
  const rows = await t.database.handle.db.selectFrom("rate_limits").select(["key", "count"]).execute();
  return Object.fromEntries(
    rows
      .filter((row) => row.key.startsWith(`${rule}:`))
      .map((row) => [row.key.slice(rule.length + 1), row.count]),
  );
}

async function unusableForwardedFor(app: FastifyInstance): Promise<number> {
  const metric = app.ctx.metrics.registry.getSingleMetric("taprewards_forwarded_for_unusable_total");
  if (!metric) return 0;
  return (await metric.get()).values.reduce((sum, sample) => sum + sample.value, 0);
}

describe("TRUST_PROXY=true: the one proxy in front", () => {
  it("counts the hop the proxy saw (the right-most), not the client-chosen left-most", async () => {
    const res = await signUpVia(behindProxy, "10.9.0.1", "1.2.3.4, 5.6.7.8");
    expect(res.statusCode, res.body).toBe(201);
    const subjects = await counted("signup:ip");
    expect(subjects["5.6.7.8"]).toBe(1);
    expect(Object.keys(subjects)).not.toContain("1.2.3.4");
    expect(Object.keys(subjects)).not.toContain("10.9.0.1");
  });

  it("never lets a spoofed left-most value change the sign-up count of the real address", async () => {
    const statuses: number[] = [];
    for (const spoof of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4", "anything at all"]) {
      statuses.push((await signUpVia(behindProxy, "10.9.0.1", `${spoof}, 198.51.100.7`)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const subjects = await counted("signup:ip");
    expect(subjects["198.51.100.7"]).toBe(3);
    for (const spoof of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "anything at all"]) {
      expect(Object.keys(subjects)).not.toContain(spoof);
    }
  });

  it("never lets a spoofed left-most value change the failed-login count of the real address", async () => {
    const real = "198.51.100.8";
    for (let i = 0; i < 50; i += 1) {
      const res = await failLoginVia(behindProxy, "10.9.0.1", `192.0.2.${i}, ${real}`);
      expect(res.statusCode, res.body).toBe(401);
    }
    expect((await counted("login:ip"))[real]).toBe(50);
    // The address's 50 failures are spent, whatever the client writes on the left.
    const refused = await failLoginVia(behindProxy, "10.9.0.1", `192.0.2.200, ${real}`);
    expect(refused.statusCode).toBe(429);
    expect(
      Object.keys(await counted("login:ip")).filter((subject) => subject.startsWith("192.0.2.")),
    ).toEqual([]);
  });

  it("never keys a limit by a hop that is not an address: the socket's address counts, and it is counted", async () => {
    const proxy = "10.9.0.2";
    const before = await unusableForwardedFor(behindProxy);
    const statuses: number[] = [];
    for (const forwardedFor of ["not-an-ip", "1.2.3.5, unknown", "198.51.100.9:4711", "<script>"]) {
      statuses.push((await signUpVia(behindProxy, proxy, forwardedFor)).statusCode);
    }
    // The limit (3) still holds: every one of them counted against the one real address, the socket's.
    expect(statuses).toEqual([201, 201, 201, 429]);
    const subjects = await counted("signup:ip");
    expect(subjects[proxy]).toBe(3);
    for (const junk of ["not-an-ip", "unknown", "198.51.100.9:4711", "<script>", "1.2.3.5"]) {
      expect(Object.keys(subjects)).not.toContain(junk);
    }
    expect((await unusableForwardedFor(behindProxy)) - before).toBe(4);
  });
});

describe("TRUST_PROXY as a hop count or as the proxies' addresses", () => {
  it("a hop count trusts that many proxies: the hop before them counts", async () => {
    const twoHops = await t.buildAnother({ config: { trustProxy: 2, signupLimitPerIpHour: 3 } });
    const res = await signUpVia(twoHops, "10.9.1.1", "1.2.3.6, 198.51.100.20, 10.9.1.2");
    expect(res.statusCode, res.body).toBe(201);
    const subjects = await counted("signup:ip");
    expect(subjects["198.51.100.20"]).toBe(1);
    expect(Object.keys(subjects)).not.toContain("1.2.3.6");
  });

  it("a list of proxies: the right-most hop not among them counts; a caller not among them counts as itself", async () => {
    const listed = await t.buildAnother({ config: { trustProxy: "10.9.2.0/24", signupLimitPerIpHour: 3 } });
    expect((await signUpVia(listed, "10.9.2.1", "1.2.3.7, 198.51.100.30, 10.9.2.7")).statusCode).toBe(201);
    // A caller that is not a listed proxy: what it forwards is not believed.
    expect((await signUpVia(listed, "203.0.113.40", "198.51.100.31")).statusCode).toBe(201);
    const subjects = await counted("signup:ip");
    expect(subjects["198.51.100.30"]).toBe(1);
    expect(subjects["203.0.113.40"]).toBe(1);
    expect(Object.keys(subjects)).not.toContain("198.51.100.31");
  });

  it("a listed proxy forwarding junk: the proxy's own address counts, never the junk", async () => {
    const listed = await t.buildAnother({ config: { trustProxy: "10.9.3.0/24", signupLimitPerIpHour: 3 } });
    const before = await unusableForwardedFor(listed);
    expect((await signUpVia(listed, "10.9.3.1", "junk")).statusCode).toBe(201);
    const subjects = await counted("signup:ip");
    expect(subjects["10.9.3.1"]).toBe(1);
    expect(Object.keys(subjects)).not.toContain("junk");
    expect((await unusableForwardedFor(listed)) - before).toBe(1);
  });
});

describe("the subject an address-based limit counts", () => {
  it("is an IPv4 address as it is, an IPv6 address by its /64, and never anything else", () => {
    expect(addressSubject("198.51.100.7")).toBe("198.51.100.7");
    expect(addressSubject("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressSubject("2001:db8:aa:bb::1")).toBe("2001:db8:aa:bb::/64");
    for (const junk of ["not-an-ip", "", "198.51.100.7:4711", "1.2.3.4, 5.6.7.8", "unknown"]) {
      expect(() => addressSubject(junk), junk).toThrow(TypeError);
    }
  });
});
