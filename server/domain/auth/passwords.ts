/**
 * Password hashing: argon2id with OWASP's minimum (m=19 MiB, t=2, p=1). Runs on libuv's thread pool, never
 * inside a database transaction.
 */
import { randomBytes } from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id; a const enum cannot be read under isolatedModules.

export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A corrupt stored hash is a failed login, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password with the same parameters. Login checks unknown emails against it so they take
 * as long as a wrong password for a real account.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  return dummyHash;
}

/** A strong password for the generated first admin: 144 random bits, URL-safe. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
