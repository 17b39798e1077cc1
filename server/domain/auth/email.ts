/** One spelling per address: accounts are found and kept unique by the trimmed, lower-cased email. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
