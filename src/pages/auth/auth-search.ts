/**
 * The /auth page's URL search: which form, the mail link's token, where to go after signing in, and the
 * inviting friend's referral code. A value that does not fit is dropped, never thrown, so a stale or
 * hand-edited link still opens the page. `validateSearch` is not code-split: this module lands in the first
 * chunk, so it imports valibot only.
 */
import * as v from "valibot";
import { AUTH_FORMS } from "#contracts/prerendered-pages.ts";
import { safeRedirect } from "./safe-redirect.ts";

/** One list with the pages the build writes, so every form has its built page. */
export const AUTH_MODES = AUTH_FORMS;
export type AuthMode = (typeof AUTH_MODES)[number];

const lenient = <const TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.fallback(v.optional(schema), undefined);

/** The router parses `?token=123` as a number: only a string is a token or a code, as before. */
export const authSearch = v.object({
  mode: lenient(v.picklist(AUTH_MODES)),
  token: lenient(v.string()),
  /** Same-site paths only (safe-redirect.ts): no open redirects. */
  redirect: lenient(
    v.pipe(
      v.string(),
      v.check((value) => safeRedirect(value) !== undefined),
    ),
  ),
  /** The inviting friend's referral code, from the link a Referral card shares; at most 64 characters. */
  ref: lenient(
    v.pipe(
      v.string(),
      v.transform((code) => code.slice(0, 64)),
    ),
  ),
});

export type AuthSearch = v.InferOutput<typeof authSearch>;
