/** Plain numbers both sides share. No TypeBox here, so the browser can import them without the schema library. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Taps one sync may carry (docs/api.md, User: POST /user/{id}/points). */
export const MAX_TAPS_PER_BATCH = 5000;
/** Points a multiplier purchase costs besides its price (docs/product.md §4, §9). */
export const MULTIPLIER_PURCHASE_POINTS = 100;
/** The multiplier every account starts with (docs/product.md §9). */
export const DEFAULT_MULTIPLIER = 0.001;
/** The smallest USDT withdrawal to a TRC20 address (docs/product.md §5, §9). */
export const MIN_USDT_WITHDRAWAL = 300;
/** Chain transfers the Deposit tab lists (docs/product.md §9). */
export const RECENT_CHAIN_TRANSACTIONS = 10;
/** How long a live-stream ticket opens GET /events (docs/api.md, Live events). */
export const STREAM_TICKET_SECONDS = 60;
/** GET /leaderboard: default and largest page of entries. */
export const LEADERBOARD_DEFAULT_LIMIT = 50;
export const LEADERBOARD_MAX_LIMIT = 100;
/** GET /user/{id}/stats: days shown by default and at most. */
export const STATS_DEFAULT_DAYS = 30;
export const STATS_MAX_DAYS = 90;

/** A referral code: letters, digits, "-" and "_" (what Telegram's start_param allows), 4 to 32 of them. */
export const REFERRAL_CODE_PATTERN = "^[A-Za-z0-9_-]{4,32}$";
