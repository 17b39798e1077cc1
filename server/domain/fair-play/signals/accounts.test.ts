import { describe, expect, it } from "vitest";
import {
  freshWithdrawal,
  networkOf,
  referralFarmOfFriend,
  referralFarmOfReferrer,
  signupBurst,
} from "./accounts.ts";

describe("networkOf", () => {
  it("keeps an IPv4 address, cuts IPv6 to its /64, and reads an IPv4-mapped address as IPv4", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(networkOf("::ffff:198.51.100.4")).toBe("198.51.100.4");
  });

  it("gives two addresses of one /64 the same network and of two /64s different ones", () => {
    expect(networkOf("2001:db8:1:2::1")).toBe(networkOf("2001:db8:1:2:ffff::9"));
    expect(networkOf("2001:db8:1:2::1")).not.toBe(networkOf("2001:db8:1:3::1"));
  });

  it("refuses what is not an IP address", () => {
    expect(() => networkOf("not-an-address")).toThrow(TypeError);
    expect(() => networkOf("")).toThrow(TypeError);
  });
});

describe("signup-burst", () => {
  it("is raised on one of 11 accounts from a network when the limit is 10, naming the network", () => {
    expect(signupBurst({ accountsFromNetwork: 11, network: "203.0.113.7", limit: 10 })).toEqual({
      id: "signup-burst",
      evidence:
        "one of 11 accounts created from network 203.0.113.7 within 24 hours (the rule: more than 10)",
    });
  });

  it("is not raised by 10 accounts, nor at all when the limit is 0", () => {
    expect(signupBurst({ accountsFromNetwork: 10, network: "203.0.113.7", limit: 10 })).toBeNull();
    expect(signupBurst({ accountsFromNetwork: 500, network: "203.0.113.7", limit: 0 })).toBeNull();
  });

  it("refuses a count that is not a whole number", () => {
    expect(() => signupBurst({ accountsFromNetwork: -1, network: "x", limit: 10 })).toThrow(RangeError);
    expect(() => signupBurst({ accountsFromNetwork: 11, network: "x", limit: 1.5 })).toThrow(RangeError);
  });
});

describe("referral-farm", () => {
  it("is raised on a referrer with 5 friends that carry a signal, not with 4", () => {
    expect(referralFarmOfReferrer({ flaggedFriends: 5 })).toEqual({
      id: "referral-farm",
      evidence: "5 friends this account invited carry a signal (the rule: 5 or more)",
    });
    expect(referralFarmOfReferrer({ flaggedFriends: 4 })).toBeNull();
  });

  it("is raised on a friend carrying a signal whose referrer has 5 such friends, naming the referrer", () => {
    expect(
      referralFarmOfFriend({
        carriesSignal: true,
        referrerFlaggedFriends: 5,
        referrer: "farmer@example.com",
      }),
    ).toEqual({
      id: "referral-farm",
      evidence: "invited by farmer@example.com, 5 of whose friends carry a signal (the rule: 5 or more)",
    });
  });

  it("spares a friend without a signal, and every friend of a referrer with 4", () => {
    expect(
      referralFarmOfFriend({ carriesSignal: false, referrerFlaggedFriends: 30, referrer: "r" }),
    ).toBeNull();
    expect(
      referralFarmOfFriend({ carriesSignal: true, referrerFlaggedFriends: 4, referrer: "r" }),
    ).toBeNull();
  });
});

describe("fresh-withdrawal", () => {
  const signedUpAt = new Date("2026-11-26T08:00:00Z");
  const minutesAfterSignup = (minutes: number) => new Date(signedUpAt.getTime() + minutes * 60_000);

  it("is raised by a withdrawal 23 h 59 min after sign-up, saying the amount and the age", () => {
    expect(
      freshWithdrawal({
        signedUpAt,
        withdrawalAt: minutesAfterSignup(23 * 60 + 59),
        amountMicro: 312_500_000,
      }),
    ).toEqual({
      id: "fresh-withdrawal",
      evidence:
        "asked to withdraw 312.5 USDT at 07:59 UTC on 2026-11-27, 23 h 59 min after signing up (the rule: within " +
        "24 hours)",
    });
  });

  it("counts exactly 24 hours as within, and 24 h 01 min as not", () => {
    expect(
      freshWithdrawal({ signedUpAt, withdrawalAt: minutesAfterSignup(24 * 60), amountMicro: 1 })?.id,
    ).toBe("fresh-withdrawal");
    expect(
      freshWithdrawal({ signedUpAt, withdrawalAt: minutesAfterSignup(24 * 60 + 1), amountMicro: 1 }),
    ).toBeNull();
  });

  it("refuses an amount that is not whole micro units", () => {
    expect(() =>
      freshWithdrawal({ signedUpAt, withdrawalAt: minutesAfterSignup(5), amountMicro: 0.5 }),
    ).toThrow(RangeError);
  });
});
