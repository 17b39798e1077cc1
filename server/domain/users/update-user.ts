/**
 * PATCH /user/{id}: the display name, and the deposit address saved on the record after generating it
 * (docs/product.md §4). Only the address the server generated for this user is accepted: a client cannot
 * point the record at an address of its choosing.
 */
import type { AppContext } from "../../context.ts";
import { updateProfile } from "../../db/repos/users.repo.ts";
import { AppError } from "../../errors.ts";
import { depositAddressOf } from "../wallet/deposit-address.ts";
import { notYourDepositAddress } from "../wallet/errors.ts";
import { userDetail } from "./user-detail.ts";

export async function updateUser(
  ctx: AppContext,
  userId: string,
  change: { name?: string; trc20_address?: string },
) {
  const name = change.name?.trim();
  if (change.name !== undefined && !name) {
    throw new AppError("VALIDATION_ERROR", "Enter a name: it cannot be only spaces.");
  }
  if (change.trc20_address !== undefined) {
    const generated = await depositAddressOf(ctx, userId);
    if (generated === null || generated !== change.trc20_address) throw notYourDepositAddress();
  }
  await updateProfile(ctx.db, userId, { name, trc20Address: change.trc20_address });
  return userDetail(ctx.db, userId);
}
