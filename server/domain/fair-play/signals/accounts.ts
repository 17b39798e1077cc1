/**
 * Signals read from accounts rather than taps: many sign-ups from one network, a referrer whose friends carry
 * signals, and USDT asked for on the first day (docs/fair-play.md, "Signals").
 */
import { microToNumber } from "#contracts/micro.ts";
import { addressSubject } from "../../client-address.ts";
import { duration, plural, utcMinute, wholeNumber } from "./evidence-words.ts";
import { DAY_MS, requireCount, type SignalAnswer } from "./signal.ts";

/**
 * The network an address belongs to, as sign-ups are counted: an IPv4 address as it is, an IPv6 address by its
 * /64 ("2001:db8:1:2::/64"), an IPv4-mapped IPv6 address as its IPv4 one; the same key the sign-up limit counts
 * (docs/decisions/015). Throws a TypeError for anything that is not an IP address.
 */
export function networkOf(ip: string): string {
  return addressSubject(ip);
}

export interface SignupBurstInput {
  /** Accounts created from the network in the 24 hours the caller looked at, this one included. */
  accountsFromNetwork: number;
  network: string;
  /** RISK_SIGNUPS_PER_NETWORK: more than this many raises the signal; 0 turns it off. */
  limit: number;
}

/** `signup-burst`: one of more than `limit` accounts created from one network within 24 hours. */
export function signupBurst({ accountsFromNetwork, network, limit }: SignupBurstInput): SignalAnswer {
  requireCount("accountsFromNetwork", accountsFromNetwork);
  requireCount("limit", limit);
  if (limit === 0 || accountsFromNetwork <= limit) return null;
  return {
    id: "signup-burst",
    evidence:
      `one of ${plural(accountsFromNetwork, "account", "accounts")} created from network ${network} within ` +
      `24 hours (the rule: more than ${limit})`,
  };
}

/** A referrer with this many friends that carry a signal is a farm. */
export const REFERRAL_FARM_FRIENDS = 5;

/**
 * `referral-farm` on the referrer. Count the friends carrying any signal other than `referral-farm` itself,
 * so the signal never feeds on its own output.
 */
export function referralFarmOfReferrer({ flaggedFriends }: { flaggedFriends: number }): SignalAnswer {
  requireCount("flaggedFriends", flaggedFriends);
  if (flaggedFriends < REFERRAL_FARM_FRIENDS) return null;
  return {
    id: "referral-farm",
    evidence:
      `${plural(flaggedFriends, "friend", "friends")} this account invited carry a signal ` +
      `(the rule: ${REFERRAL_FARM_FRIENDS} or more)`,
  };
}

export interface ReferralFarmFriendInput {
  /** Whether this friend carries a signal other than `referral-farm`. */
  carriesSignal: boolean;
  /** How many of the referrer's friends carry one (this friend included). */
  referrerFlaggedFriends: number;
  /** How the evidence names the referrer (an id or an email). */
  referrer: string;
}

/** `referral-farm` on a friend: it carries a signal and was invited by a referrer with 5 or more such friends. */
export function referralFarmOfFriend(input: ReferralFarmFriendInput): SignalAnswer {
  requireCount("referrerFlaggedFriends", input.referrerFlaggedFriends);
  if (!input.carriesSignal || input.referrerFlaggedFriends < REFERRAL_FARM_FRIENDS) return null;
  return {
    id: "referral-farm",
    evidence:
      `invited by ${input.referrer}, ${wholeNumber(input.referrerFlaggedFriends)} of whose friends carry a ` +
      `signal (the rule: ${REFERRAL_FARM_FRIENDS} or more)`,
  };
}

export interface FreshWithdrawalInput {
  signedUpAt: Date;
  withdrawalAt: Date;
  amountMicro: number;
}

/** `fresh-withdrawal`: a USDT withdrawal asked within 24 hours of sign-up (exactly 24 hours still counts). */
export function freshWithdrawal({
  signedUpAt,
  withdrawalAt,
  amountMicro,
}: FreshWithdrawalInput): SignalAnswer {
  requireCount("amountMicro", amountMicro);
  const ageMs = withdrawalAt.getTime() - signedUpAt.getTime();
  if (ageMs > DAY_MS) return null;
  return {
    id: "fresh-withdrawal",
    evidence:
      `asked to withdraw ${microToNumber(amountMicro)} USDT at ${utcMinute(withdrawalAt)}, ` +
      `${duration(Math.max(0, ageMs))} after signing up (the rule: within 24 hours)`,
  };
}
