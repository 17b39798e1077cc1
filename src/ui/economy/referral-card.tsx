import { Button } from "../kit/button.tsx";
import { inputClass } from "../kit/field.tsx";
import { formatRewards } from "../kit/format.ts";
import { Spinner } from "../kit/spinner.tsx";
import { Section, SectionStatus } from "./section.tsx";

export interface ReferralCardProps {
  status: "loading" | "failed" | "ready";
  link: string;
  invited: number;
  earnedPoints: number;
  earnedToday: number;
  dailyCap: number;
  capReached: boolean;
  friends: Array<{ name: string; joinedAt: string; earnedForYou: number }>;
  updating: boolean;
  copying: boolean;
  sharing: boolean;
  /** The browser has a share sheet (the Web Share API). */
  canShare: boolean;
  /** The share of a friend's tap points the referrer gets, in percent (docs/product.md, Referrals). */
  sharePercent: number;
  onCopy: () => void;
  onShare: () => void;
  onRetry: () => void;
}

/** What inviting pays, as the server's settings say (nothing promised while shares are off). */
function promise({ sharePercent, dailyCap, status }: ReferralCardProps) {
  if (status !== "ready") return "Earn from your friends' taps.";
  if (sharePercent === 0 || dailyCap === 0) return "Share TapRewards with your friends.";
  return `Get ${sharePercent}% of the points your friends earn by tapping, up to ${points.format(dailyCap)} points a day.`;
}

const points = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });
const joined = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** The invitation link with Copy and Share, what friends' taps earned, and who joined. */
export function ReferralCard(props: ReferralCardProps) {
  return (
    <Section id="referral-heading" title="Invite friends" subtitle={promise(props)}>
      <SectionStatus
        status={props.status}
        loadingLabel="Loading your referrals"
        failedText="Could not load your referrals. Check your connection and try again."
        onRetry={props.onRetry}
      />
      {props.status === "ready" && (
        <>
          <div className="flex flex-col gap-2">
            <label htmlFor="referral-link" className="text-sm font-medium text-slate-300">
              Your invitation link
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id="referral-link"
                readOnly
                value={props.link}
                onFocus={(event) => event.currentTarget.select()}
                className={`${inputClass} font-mono text-sm`}
              />
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  className="flex-1 sm:flex-none"
                  disabled={props.copying}
                  onClick={props.onCopy}
                >
                  Copy
                </Button>
                {props.canShare && (
                  <Button className="flex-1 sm:flex-none" disabled={props.sharing} onClick={props.onShare}>
                    Share
                  </Button>
                )}
              </div>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-center" aria-live="polite">
            <Figure label="Friends" value={String(props.invited)} testId="referral-invited" />
            <Figure label="Earned" value={formatRewards(props.earnedPoints)} testId="referral-earned" />
            <Figure label="Today" value={formatRewards(props.earnedToday)} testId="referral-today" />
          </dl>
          {props.capReached && (
            <p className="text-sm text-amber-300">
              Today's limit is reached: shares start again at midnight UTC.
            </p>
          )}
          <FriendsList friends={props.friends} updating={props.updating} />
        </>
      )}
    </Section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col-reverse gap-0.5 rounded-lg bg-ink-900 px-2 py-3">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd data-testid={testId} className="truncate text-lg font-bold tabular-nums text-slate-50">
        {value}
      </dd>
    </div>
  );
}

function FriendsList({ friends, updating }: Pick<ReferralCardProps, "friends" | "updating">) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-200">
        Friends who joined
        {updating && (
          <span className="text-brand-400">
            <Spinner size="sm" label="Updating your friends list" />
          </span>
        )}
      </h3>
      {friends.length === 0 ? (
        <p className="text-sm text-slate-400">No friends yet. Send your link: they join, you both earn.</p>
      ) : (
        <ul className="divide-y divide-white/5" aria-label="Friends who joined">
          {friends.map((friend) => (
            <li
              key={`${friend.name}-${friend.joinedAt}`}
              className="flex items-center justify-between gap-3 py-2"
            >
              <span className="flex min-w-0 flex-col">
                <span className="truncate text-sm text-slate-100">{friend.name}</span>
                <span className="text-xs text-slate-400">
                  joined {joined.format(new Date(friend.joinedAt))}
                </span>
              </span>
              <span className="shrink-0 text-sm font-semibold tabular-nums text-emerald-400">
                +{formatRewards(friend.earnedForYou)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
