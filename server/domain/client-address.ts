/**
 * The unit an address-based limit counts: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would count nothing).
 */
import { isIP, isIPv4 } from "node:net";

export const isIpAddress = (value: string | undefined): value is string =>
  value !== undefined && isIP(value) !== 0;

/**
 * Only an IP address is a subject: anything else was written by a client, and as a key it would give that
 * client as many fresh counters as it likes (request.ip is checked on arrival, server/plugins/client-address.ts,
 * so this never throws for a request).
 */
export function addressSubject(ip: string): string {
  if (!isIpAddress(ip)) throw new TypeError("an address-based limit needs an IP address");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIPv6(ip: string): string[] {
  const withoutZone = ip.split("%")[0] ?? ip;
  const [head = "", tail] = withoutZone.split("::");
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":"));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups];
  return groups.map((group) => (Number.parseInt(group, 16) || 0).toString(16));
}
