/** Only same-site paths may be redirect targets (no `//evil.example`, no `https://…`): no open redirects. */
export function safeRedirect(value: unknown): string | undefined {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return undefined;
  }
  return value;
}
