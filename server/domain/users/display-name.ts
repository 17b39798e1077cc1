/**
 * Names the server did not get typed (Telegram's) obey the rule typed names are checked against
 * (docs/decisions/033): the characters a typed name is refused for are removed here, then spaces are tidied and the
 * name cut to the longest a typed one may be, by whole characters.
 */
import { NAME_UNSAFE_CHARACTERS } from "#contracts/common.ts";

export const NAME_MAX_LENGTH = 100;

const UNSAFE = new RegExp(`[${NAME_UNSAFE_CHARACTERS}]`, "gu");

export function cleanDisplayName(raw: string): string {
  const tidy = raw.replace(UNSAFE, "").replace(/\s+/gu, " ").trim();
  return Array.from(tidy).slice(0, NAME_MAX_LENGTH).join("").trim();
}
