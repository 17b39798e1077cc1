/** The tap area's expected failures. */
import { rateLimited } from "../../errors.ts";

export const tooManySyncs = (retryAfterSeconds: number) =>
  rateLimited(retryAfterSeconds, "Too many syncs. Your taps are kept and will be sent again shortly.");
