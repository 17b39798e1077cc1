/**
 * Where accounts come from (docs/fair-play.md): each sign-up and sign-in notes its network (an IPv4 address, an
 * IPv6 /64) on the account, and a sign-up that makes its network one of more than RISK_SIGNUPS_PER_NETWORK
 * accounts within 24 hours raises `signup-burst` on this account and on the earlier ones of the burst (the same
 * farm). Networks unused for longer than they count are pruned by the maintenance.
 */
import {
  deleteNetworksSeenBefore,
  noteNetwork,
  signupsFromNetwork,
} from "../../db/repos/account-networks.repo.ts";
import type { Uses } from "../deps.ts";
import { pruneInBatches } from "../prune-in-batches.ts";
import { type RaiseDeps, raiseSignals } from "./raise-signals.ts";
import { DAY_MS, networkOf, signupBurst } from "./signals.ts";

/** The admin sees an account's networks of this many days. */
export const NETWORK_DAYS = 30;

/** A new account: its network, and signup-burst when the network is over the limit. */
export async function noteSignUpNetwork(deps: RaiseDeps, userId: string, ip: string): Promise<void> {
  const network = networkOf(ip);
  const at = deps.clock();
  await noteNetwork(deps.db, { userId, network, at, signedUp: true });
  const limit = deps.config.fairPlay.signupsPerNetwork;
  if (limit === 0) return;
  const accounts = await signupsFromNetwork(deps.db, network, new Date(at.getTime() - DAY_MS));
  const signal = signupBurst({ accountsFromNetwork: accounts.length, network, limit });
  if (!signal) return;
  await raiseSignals(
    deps,
    accounts
      .filter((account) => !account.carriesBurst)
      .map((account) => ({ userId: account.userId, signal })),
  );
}

/** A sign-in: the network is seen again (or for the first time) on this account. */
export async function noteSignInNetwork(
  deps: Uses<"db" | "clock">,
  userId: string,
  ip: string,
): Promise<void> {
  await noteNetwork(deps.db, { userId, network: networkOf(ip), at: deps.clock(), signedUp: false });
}

/** Maintenance: networks nobody used within NETWORK_DAYS count nowhere any more. */
export function pruneOldNetworks(deps: Uses<"db" | "clock">): Promise<number> {
  const before = new Date(deps.clock().getTime() - NETWORK_DAYS * DAY_MS);
  return pruneInBatches((limit) => deleteNetworksSeenBefore(deps.db, before, limit));
}
