/**
 * docs/product.md §7: on localhost or a bare IP the API is the local one on port 3000 under /api; anywhere
 * else it is `{host}/api`. Our one server serves the SPA and the API on the same port, so on a local host we
 * keep the page's own port when it has one (a test server on 3100, the Vite proxy on 5173) and fall back to
 * 3000. See docs/decisions/003-api-base-address-and-storage.md.
 */
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function isLocalHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    IPV4.test(hostname) ||
    hostname.startsWith("[")
  );
}

export function resolveApiBase(location: Pick<Location, "protocol" | "hostname" | "port" | "host">): string {
  if (isLocalHost(location.hostname)) {
    return `${location.protocol}//${location.hostname}:${location.port || "3000"}/api`;
  }
  return `${location.protocol}//${location.host}/api`;
}
