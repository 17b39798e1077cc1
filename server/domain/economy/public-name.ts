/**
 * The name other players see (docs/api.md, Economy): the account's name, or `Player <first 6 of id>` without
 * one. Never the email: leaderboards and friend lists are read by strangers.
 */
export const publicName = (user: { id: string; name: string }): string =>
  user.name.trim() === "" ? `Player ${user.id.slice(0, 6)}` : user.name;
