import { Link } from "@tanstack/react-router";
import { buttonClass } from "../kit/button.tsx";

/** The way from the Rewards page to the Leaderboard and the player's Stats. */
export function StandingsLinks() {
  return (
    <nav aria-label="Standings" className="flex gap-2">
      <Link to="/leaderboard" className={buttonClass("secondary", "sm")}>
        Leaderboard
      </Link>
      <Link to="/stats" className={buttonClass("secondary", "sm")}>
        Stats
      </Link>
    </nav>
  );
}
