/**
 * Arrangements for the admin session's walk (tests/model/gestures/admin-session.gestures.ts): the suite's admin
 * credentials, which the walk types into the login form (the test's own account is a player's).
 */
import { E2E_ADMIN } from "../../../playwright.config.ts";

export async function adminCredentials(_: unknown) {
  return { adminEmail: E2E_ADMIN.email, adminPassword: E2E_ADMIN.password };
}
