/**
 * The Referral card of the Rewards page (docs/product.md, Referrals). Page-lifetime.
 * States: loading → ready | failed (RETRY). In `ready` two regions run side by side:
 * - `figures`: the card's numbers follow the pushed `referral` event at once (REFERRAL.UPDATED); the friends
 *   list, which the event does not carry, is read again at most once per REREAD_THROTTLE, so a friend tapping
 *   all day costs the referrer one read every few seconds, not one per sync. While the stream is down the card
 *   reads every POLL instead (docs/decisions/017: polling only while nothing is pushed).
 * - `sharing`: Copy (clipboard) and Share (the Web Share API) of the link, one at a time.
 * A read that fails after the first keeps the figures on screen: the card is only out of date, not broken.
 */
import { assign, emit, fromPromise, setup } from "xstate";
import type { ReferralsAnswer } from "#src/api/economy.ts";
import type { AppLink } from "#src/machines/app.types.ts";
import type { LiveEvent, ReferralUpdated } from "#src/machines/live/live.types.ts";
import { followStreamStatus, hearStream, liveActors } from "#src/machines/shared/live-aware.ts";
import { notProvided } from "#src/machines/shared/not-provided.ts";
import type { Toast } from "#src/machines/shared/toast.ts";

export const REREAD_THROTTLE_MS = 5_000;
export const POLL_MS = 30_000;
export const LINK_COPIED = "Referral link copied";
export const COPY_FAILED = "Could not copy the link";
export const SHARE_FAILED = "Could not open sharing";

export type ReferralEvent = { type: "RETRY" } | { type: "COPY" } | { type: "SHARE" };

export interface ReferralContext {
  referrals: ReferralsAnswer | null;
  /** A pushed change came while the first read was out: that read may predate it, so read again. */
  missedNews: boolean;
  streamUp: boolean;
  app: AppLink;
}

/** What the Share button hands the browser's share sheet. */
export interface ShareInput {
  title: string;
  text: string;
  url: string;
}

/** The share sheet closed without sharing: the user changed their mind, which is not an error. */
const news = ({ event }: { event: ReferralUpdated }) => event;

const isCancelled = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";

export const referralMachine = setup({
  types: {
    context: {} as ReferralContext,
    input: {} as { app: AppLink },
    events: {} as ReferralEvent | LiveEvent,
    emitted: {} as Toast,
  },
  actors: {
    loadReferrals: fromPromise<ReferralsAnswer>(notProvided("referral machine", "loadReferrals")),
    copyText: fromPromise<void, { text: string }>(notProvided("referral machine", "copyText")),
    shareLink: fromPromise<void, ShareInput>(notProvided("referral machine", "shareLink")),
    ...liveActors,
  },
  guards: {
    missedNews: ({ context }) => context.missedNews,
    streamDown: ({ context }) => !context.streamUp,
    cancelled: (_, error: unknown) => isCancelled(error),
  },
  actions: {
    takeReferrals: assign({ referrals: (_, referrals: ReferralsAnswer) => referrals }),
    applyNews: assign({
      referrals: ({ context }, news: ReferralUpdated) =>
        context.referrals && {
          ...context.referrals,
          invited: news.invited,
          earnedPoints: news.earnedPoints,
          earnedToday: news.earnedToday,
        },
    }),
    noteMissedNews: assign({ missedNews: true }),
    forgetMissedNews: assign({ missedNews: false }),
    streamUp: assign({ streamUp: true }),
    streamDown: assign({ streamUp: false }),
    toastCopied: emit({ type: "toast", tone: "success", title: LINK_COPIED } as const),
    toastCopyFailed: emit({
      type: "toast",
      tone: "error",
      title: COPY_FAILED,
      description: "Select the link and copy it by hand.",
    } as const),
    toastShareFailed: emit({
      type: "toast",
      tone: "error",
      title: SHARE_FAILED,
      description: "Press Copy and paste the link where you want to share it.",
    } as const),
  },
  delays: { REREAD_THROTTLE: REREAD_THROTTLE_MS, POLL: POLL_MS },
}).createMachine({
  id: "referral",
  context: ({ input }) => ({ referrals: null, missedNews: false, streamUp: false, app: input.app }),
  invoke: hearStream("user"),
  on: {
    ...followStreamStatus,
    // Events since the last one seen are gone: only a read tells what changed.
    "STREAM.RESET": { target: ".loading" },
  },
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      on: { "REFERRAL.UPDATED": { actions: "noteMissedNews" } },
      invoke: {
        id: "loadReferrals",
        src: "loadReferrals",
        onDone: { target: "ready", actions: { type: "takeReferrals", params: ({ event }) => event.output } },
        onError: "failed",
      },
    },
    failed: { on: { RETRY: "loading" } },
    ready: {
      type: "parallel",
      states: {
        figures: {
          initial: "checking",
          states: {
            checking: {
              always: [
                { guard: "missedNews", target: "stale", actions: "forgetMissedNews" },
                { target: "fresh" },
              ],
            },
            fresh: {
              on: { "REFERRAL.UPDATED": { target: "stale", actions: { type: "applyNews", params: news } } },
              after: { POLL: { guard: "streamDown", target: "reading" } },
            },
            /** Another read is due; more news meanwhile does not push it back (no re-entry). */
            stale: {
              on: { "REFERRAL.UPDATED": { actions: { type: "applyNews", params: news } } },
              after: { REREAD_THROTTLE: "reading" },
            },
            /** News during a read: the read may predate it, so another is due. */
            reading: {
              tags: ["updating"],
              on: { "REFERRAL.UPDATED": { target: "stale", actions: { type: "applyNews", params: news } } },
              invoke: {
                id: "loadReferrals",
                src: "loadReferrals",
                onDone: {
                  target: "fresh",
                  actions: { type: "takeReferrals", params: ({ event }) => event.output },
                },
                onError: "fresh",
              },
            },
          },
        },
        sharing: {
          initial: "idle",
          states: {
            idle: { on: { COPY: "copying", SHARE: "sharing" } },
            copying: {
              tags: ["copying"],
              invoke: {
                id: "copyText",
                src: "copyText",
                input: ({ context }) => ({ text: context.referrals?.link ?? "" }),
                onDone: { target: "idle", actions: "toastCopied" },
                onError: { target: "idle", actions: "toastCopyFailed" },
              },
            },
            sharing: {
              tags: ["sharing"],
              invoke: {
                id: "shareLink",
                src: "shareLink",
                input: ({ context }) => ({
                  title: "TapRewards",
                  text: "Join me on TapRewards: tap to earn points.",
                  url: context.referrals?.link ?? "",
                }),
                onDone: "idle",
                onError: [
                  {
                    guard: {
                      type: "cancelled",
                      params: ({ event }: { event: { error: unknown } }) => event.error,
                    },
                    target: "idle",
                  },
                  { target: "idle", actions: "toastShareFailed" },
                ],
              },
            },
          },
        },
      },
    },
  },
});
