/**
 * A seeded, labelled population (docs/fair-play.md, "The simulator"): people who sign up over the simulated
 * days (half of them already had an account, some with USDT waiting), and bots of five kinds: metronome
 * scripts, jittered scripts at the cap, round-the-clock scripts, sign-up bursts from one network, and referral
 * farms (one referrer, 5–30 friends that are bots).
 */
import type { Random } from "./prng.ts";
import {
  type AccountKind,
  DAY_MS,
  type Finger,
  HOUR_MS,
  humanFinger,
  personWaking,
  type Waking,
} from "./traces.ts";

export interface SimAccount {
  index: number;
  kind: AccountKind;
  bot: boolean;
  signupMs: number;
  /** The network its sign-up came from: an IPv4 address or an IPv6 /64. */
  network: string;
  referrer: number | null;
  finger: Finger;
  /** Whether its batches carry `intervals` (our client always sends them; a bare script may not). */
  sendsIntervals: boolean;
  /** How its days are spent: a person's waking hours, or the shape of a bot's sessions. */
  schedule: { kind: "person"; waking: Waking } | { kind: "shifts" } | { kind: "hourly" };
  /** USDT (micro) already in the wallet when the simulation starts. */
  startingUsdtMicro: number;
  /** Whether the account made a USDT withdrawal before the simulation (its next one is not its first). */
  withdrewBefore: boolean;
  random: Random;
}

export interface PopulationSize {
  people: number;
  bots: number;
  days: number;
}

/** A cap-rate script's timer: 20 taps/s is the server's cap, some ask for a little more and are clipped. */
function capTimer(random: Random, spread: number): Finger {
  return { kind: "timer", intervalMs: random.between(45, 52), spread };
}

const CGNAT_ADDRESSES = 40;

/** A person's network: their own IPv6 /64 or IPv4 address, or one of a mobile carrier's shared IPv4 addresses. */
function personNetwork(random: Random, index: number): string {
  if (random.chance(0.15)) return `100.64.0.${random.int(1, CGNAT_ADDRESSES)}`;
  if (random.chance(0.4))
    return `2001:db8:${(index >> 16).toString(16)}:${(index & 0xffff).toString(16)}::/64`;
  return `198.18.${(index >> 8) & 0xff}.${index & 0xff}`;
}

export function buildPopulation(random: Random, { people, bots, days }: PopulationSize): SimAccount[] {
  // Each bot that is not part of a burst rents its own address (residential proxies, cloud hosts).
  let botNetworks = 0;
  const botNetwork = () => {
    botNetworks += 1;
    return `203.0.${(botNetworks >> 8) & 0xff}.${botNetworks & 0xff}`;
  };
  const accounts: SimAccount[] = [];
  const spanMs = days * DAY_MS;
  const add = (account: Omit<SimAccount, "index" | "bot" | "random">) => {
    accounts.push({
      ...account,
      index: accounts.length,
      bot: account.kind !== "person",
      random: random.fork(),
    });
    return accounts.length - 1;
  };

  for (let index = 0; index < people; index += 1) {
    const existing = random.chance(0.5);
    add({
      kind: "person",
      signupMs: existing ? -random.between(1, 90) * DAY_MS : random.between(0, spanMs),
      network: personNetwork(random, index),
      referrer: null,
      finger: humanFinger(random),
      sendsIntervals: true,
      schedule: { kind: "person", waking: personWaking(random) },
      startingUsdtMicro: existing && random.chance(0.3) ? Math.floor(random.between(0, 1_200) * 1e6) : 0,
      withdrewBefore: existing && random.chance(0.5),
    });
  }
  // A class or an office that signs up together behind one address: people in a sign-up burst.
  for (let group = 0; group < Math.floor(people / 1_000); group += 1) {
    const size = random.int(12, 18);
    const network = `192.0.2.${group + 1}`;
    const startMs = random.between(0, Math.max(0, spanMs - 2 * HOUR_MS));
    for (let member = 0; member < size; member += 1) {
      const person = accounts[random.int(0, people - 1)] as SimAccount;
      person.network = network;
      person.signupMs = startMs + random.between(0, 2 * HOUR_MS);
      person.startingUsdtMicro = 0;
      person.withdrewBefore = false;
    }
  }
  // People invite people: some have a handful of friends, a few many.
  for (let index = 0; index < people; index += 1) {
    const account = accounts[index] as SimAccount;
    if (random.chance(0.3)) {
      const referrer = random.int(0, people - 1);
      if (referrer !== index && (accounts[referrer] as SimAccount).signupMs < account.signupMs) {
        account.referrer = referrer;
      }
    }
  }

  // Bots: a share of each kind; farms and bursts come in groups, the last group cut to fit.
  const botSignup = () => random.between(0, Math.min(spanMs, 2 * DAY_MS));
  const quota = {
    metronome: Math.round(bots * 0.15),
    jittered: Math.round(bots * 0.2),
    "round-the-clock": Math.round(bots * 0.2),
    // A burst smaller than 12 would be no burst: a small population has none.
    "signup-burst": bots * 0.2 >= 12 ? Math.round(bots * 0.2) : 0,
  };
  const simple = (kind: "metronome" | "jittered" | "round-the-clock", finger: Finger) =>
    add({
      kind,
      signupMs: botSignup(),
      network: botNetwork(),
      referrer: null,
      finger,
      sendsIntervals: true,
      schedule: { kind: kind === "round-the-clock" ? "hourly" : "shifts" },
      startingUsdtMicro: 0,
      withdrewBefore: false,
    });
  for (let n = 0; n < quota.metronome; n += 1) simple("metronome", capTimer(random, 0));
  for (let n = 0; n < quota.jittered; n += 1)
    simple("jittered", capTimer(random, random.between(0.02, 0.08)));
  // Round-the-clock scripts imitate a finger's unevenness (30 %), so only the hours they keep give them away.
  for (let n = 0; n < quota["round-the-clock"]; n += 1) {
    simple("round-the-clock", { kind: "timer", intervalMs: random.between(48, 60), spread: 0.5 });
  }
  // A burst is 12–20 accounts from one network within an hour (the sign-up limit lets 20 an hour through);
  // the last one takes what is left, so no burst is smaller than a burst.
  let burstsLeft = quota["signup-burst"];
  while (burstsLeft > 0) {
    const drawn = random.int(12, 20);
    const size = burstsLeft - drawn < 12 ? burstsLeft : drawn;
    const network = botNetwork();
    const startMs = botSignup();
    for (let n = 0; n < size; n += 1) {
      add({
        kind: "signup-burst",
        signupMs: startMs + random.between(0, HOUR_MS),
        network,
        referrer: null,
        finger: capTimer(random, 0.1),
        sendsIntervals: false,
        schedule: { kind: "shifts" },
        startingUsdtMicro: 0,
        withdrewBefore: false,
      });
    }
    burstsLeft -= size;
  }
  while (accounts.length < people + bots) {
    const left = people + bots - accounts.length;
    if (left < 6) {
      simple("jittered", capTimer(random, random.between(0.02, 0.08)));
      continue;
    }
    const friends = Math.min(left - 1, random.int(5, 30));
    const referrerSignup = botSignup();
    const referrer = add({
      kind: "referral-referrer",
      signupMs: referrerSignup,
      network: botNetwork(),
      referrer: null,
      finger: humanFinger(random),
      sendsIntervals: true,
      schedule: { kind: "person", waking: personWaking(random) },
      startingUsdtMicro: 0,
      withdrewBefore: false,
    });
    for (let n = 0; n < friends; n += 1) {
      const style = random.pick(["metronome", "jittered", "round-the-clock"] as const);
      add({
        kind: "referral-friend",
        signupMs: referrerSignup + random.between(0, 6 * HOUR_MS),
        network: botNetwork(),
        referrer,
        finger: capTimer(random, style === "metronome" ? 0 : style === "jittered" ? 0.04 : 0.5),
        sendsIntervals: true,
        schedule: { kind: style === "round-the-clock" ? "hourly" : "shifts" },
        startingUsdtMicro: 0,
        withdrewBefore: false,
      });
    }
  }
  return accounts;
}
