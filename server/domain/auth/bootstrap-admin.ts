/**
 * First start: makes sure an admin exists. Uses ADMIN_EMAIL / ADMIN_PASSWORD when given, otherwise
 * admin@taprewards.local with a generated password that server.ts prints once.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../../clock.ts";
import { adminExists, findUserByEmail, insertUser } from "../../db/repos/users.repo.ts";
import type { Database } from "../../db/schema.ts";
import { generatePassword, hashPassword } from "./passwords.ts";

export const DEFAULT_ADMIN_EMAIL = "admin@taprewards.local";

export type BootstrapResult =
  | { created: false }
  | { created: true; email: string; password: string; passwordGenerated: boolean };

export interface BootstrapInput {
  db: Kysely<Database>;
  clock: Clock;
  adminEmail: string | null;
  adminPassword: string | null;
}

export async function ensureAdmin({
  db,
  clock,
  adminEmail,
  adminPassword,
}: BootstrapInput): Promise<BootstrapResult> {
  if (await adminExists(db)) return { created: false };
  const email = adminEmail ?? DEFAULT_ADMIN_EMAIL;
  if (await findUserByEmail(db, email)) {
    // Promoting an account someone else may have created would hand them the back office.
    throw new Error(`ADMIN_EMAIL ${email} belongs to an existing non-admin account; choose another address.`);
  }
  const password = adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const now = clock();
  const admin = await insertUser(db, {
    id: randomUUID(),
    email,
    name: "Admin",
    password_hash: passwordHash,
    role: "admin",
    created_at: now,
    email_verified_at: now,
  });
  // Another process starting at the same time created it first.
  if (!admin) return { created: false };
  return { created: true, email, password, passwordGenerated: adminPassword === null };
}
