/** GET /user/{id}: the account as its owner sees it (never the password hash). */
import type { Kysely } from "kysely";
import { findUserById } from "../../db/repos/users.repo.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";

export async function userDetail(db: Kysely<Database>, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("NOT_FOUND", "This account no longer exists.");
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    trc20_address: user.trc20_address,
    createdAt: user.created_at,
    lastLogin: user.last_login,
  };
}
