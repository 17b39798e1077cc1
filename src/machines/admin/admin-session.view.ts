/** What the admin screens and the area's guard read of the admin session, derived from its snapshot. */
import type { SnapshotFrom } from "xstate";
import type { adminSessionMachine } from "./admin-session.machine.ts";

export type AdminSessionSnapshot = SnapshotFrom<typeof adminSessionMachine>;

/**
 * The guard's decision once the session has settled: an admin whose role the server confirmed, or could not
 * be asked about (offline: the pages load and show their own errors), may enter; anyone else goes to /admin.
 */
export const mayEnterAdminArea = (snapshot: AdminSessionSnapshot) =>
  snapshot.matches({ signedIn: "confirmed" }) || snapshot.matches({ signedIn: "unverified" });

export function toAdminSessionView(snapshot: AdminSessionSnapshot) {
  return {
    user: snapshot.context.user,
    /** Signing out, or the session was lost: the area shows a spinner until /admin opens. */
    leaving: !snapshot.matches("signedIn"),
    busy: snapshot.hasTag("busy"),
    error: snapshot.context.error,
  };
}
