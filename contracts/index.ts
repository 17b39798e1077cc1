/**
 * Every endpoint of the API. The server registers exactly these (a route missing here has no policy and
 * fails the route-policy test); later slices append their areas.
 */
import { adminEndpoints } from "./admin.ts";
import { authEndpoints } from "./auth.ts";
import { devnetEndpoints } from "./devnet.ts";
import { economyEndpoints } from "./economy.ts";
import type { Endpoint } from "./endpoint.ts";
import { eventsEndpoints } from "./events.ts";
import { heldWithdrawalEndpoints, riskEndpoints } from "./fair-play.ts";
import { operationsEndpoints } from "./operations.ts";
import { userEndpoints } from "./user.ts";
import { walletEndpoints } from "./wallet.ts";

/** Devnet endpoints exist only when CHAIN=local (the default, and what every test runs). */
export const allEndpoints: readonly Endpoint[] = [
  ...operationsEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...walletEndpoints,
  ...adminEndpoints,
  ...devnetEndpoints,
  ...eventsEndpoints,
  ...economyEndpoints,
  ...riskEndpoints,
  ...heldWithdrawalEndpoints,
];
