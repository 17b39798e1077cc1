/** Opaque tokens: 256 random bits handed to the client once; only their SHA-256 is stored. */
import { createHash, randomBytes } from "node:crypto";

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 30 * 60;
export const VERIFICATION_TOKEN_SECONDS = 24 * 60 * 60;

export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 is enough here (unlike passwords): the input already has 256 bits of entropy. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
