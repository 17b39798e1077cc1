/**
 * Which USDT withdrawals wait for a person (docs/fair-play.md, Held withdrawals): the account is in review,
 * the amount is WITHDRAWAL_REVIEW_ABOVE_USDT or more, or it is the account's first withdrawal and
 * WITHDRAWAL_REVIEW_FIRST is on. Answers why, in words an admin reads in the queue, or null to let it through.
 */
import { microToNumber } from "#contracts/micro.ts";
import type { FairPlayConfig } from "../../config.ts";
import type { Standing } from "../../db/repos/account-standing.repo.ts";

export function holdReason(
  settings: Pick<FairPlayConfig, "reviewAboveMicro" | "reviewFirstWithdrawal">,
  facts: { standing: Standing; amountMicro: number; firstWithdrawal: boolean },
): string | null {
  const reasons: string[] = [];
  if (facts.standing.status === "review")
    reasons.push(`the account is in review (score ${facts.standing.score})`);
  if (facts.amountMicro >= settings.reviewAboveMicro)
    reasons.push(`${microToNumber(settings.reviewAboveMicro)} USDT or more`);
  if (facts.firstWithdrawal && settings.reviewFirstWithdrawal) reasons.push("the account's first withdrawal");
  if (reasons.length === 0) return null;
  const text = reasons.join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
