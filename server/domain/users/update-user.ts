/**
 * PATCH /user/{id}: the display name, and the deposit address saved on the record after generating it
 * (docs/product.md §4). Only the address the server generated for this user is accepted: a client cannot
 * point the record at an address of its choosing.
 */
import { updateProfile } from "../../db/repos/users.repo.ts";
import { AppError } from "../../errors.ts";
import type { Uses } from "../deps.ts";
import { depositAddressOf } from "../wallet/deposit-address.ts";
import { notYourDepositAddress } from "../wallet/errors.ts";
import { userDetail } from "./user-detail.ts";

export async function updateUser(
  deps: Uses<"db">,
  userId: string,
  change: { name?: string; trc20_address?: string },
) {
  const name = change.name?.trim();
  if (change.name !== undefined && !name) {
    throw new AppError("VALIDATION_ERROR", "Enter a name: it cannot be only spaces.");
  }
  if (change.trc20_address !== undefined) {
    const generated = await depositAddressOf(deps, userId);
    if (generated === null || generated !== change.trc20_address) throw notYourDepositAddress();
  }
  await updateProfile(deps.db, userId, { name, trc20Address: change.trc20_address });
  return userDetail(deps.db, userId);
}
