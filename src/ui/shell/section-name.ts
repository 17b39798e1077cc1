/** The header's section name, from the path (docs/product.md §2 "Shared header"). */
const SECTIONS: Record<string, string> = {
  "/": "Home",
  "/home": "Home",
  "/tap": "Tap & Earn",
  "/wallet": "Wallet",
  "/rewards": "Rewards",
  "/leaderboard": "Leaderboard",
  "/stats": "Stats",
  "/features": "Features",
};

export function sectionNameFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return SECTIONS[path] ?? "TapRewards";
}
