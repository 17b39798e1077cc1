/** Performs gestures (actions.ts) on the app rendered in jsdom, as a person would with Testing Library. */
import { within as inside, screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { Action, Call, Locator, Outcome, Value } from "./actions.ts";

/** The account a walk's gestures type in: the one the msw fake backend knows. */
export interface WalkAccount {
  name: string;
  email: string;
  password: string;
}

/**
 * The walk's server (msw), for the network gestures: it holds a call's requests, answers the oldest held one
 * as `answer` says, and passes requests it never holds anyway (keepalive) by doing nothing.
 */
export interface WalkNetwork {
  hold: (call: Call) => void;
  answer: (call: Call, outcome: Outcome) => void;
}

/** What jsdom cannot do: the walk leaves out paths that need it, saying why (the browser spec does them). */
export const JSDOM_CANNOT: Partial<Record<Action["do"], string>> = {
  clock:
    "moves the app's clock: the walk renders the whole app on real timers (the browser spec owns its clock)",
  toDayEnd:
    "moves the app's clock to the UTC day's end: the walk renders the whole app on real timers (the browser spec owns its clock)",
  tab: "opens a second tab: jsdom has one window (the browser spec opens one in the same context)",
  closeTab: "closes a second tab: jsdom has one window (the browser spec closes one of its context)",
  tapElsewhere:
    "taps on another device: the msw fake has no second device or live stream to push it (the browser spec uses the real server)",
  logOutElsewhere:
    "logs the session out from elsewhere: the msw fake has no live stream to end (the browser spec uses the real server)",
  appealElsewhere:
    "asks for a review on another device: the msw fake has no second device or live stream (the browser spec uses the real server)",
  decideElsewhere:
    "has an admin decide in the back office: the msw fake has no back office or live stream (the browser spec uses the real server)",
  buyBoosterElsewhere:
    "buys a booster on another device: the msw fake has no second device or live stream (the browser spec uses the real server)",
  adminActsElsewhere:
    "has an admin change something in the back office elsewhere: the msw fake has no admins' live stream (the browser spec uses the real server)",
  withdrawalsSettled:
    "waits for the devnet to confirm a withdrawal: the msw fake has no chain (the browser spec uses the real server)",
  playerFlaggedElsewhere:
    "has a new player's taps put their account in review: the msw fake has no fair play or admins' live stream (the browser spec uses the real server)",
  friendSignsUp:
    "has a friend sign up with the player's code: the msw fake has no second account or live stream (the browser spec uses the real server)",
  fundElsewhere:
    "has an admin fund the wallet on the devnet: the msw fake has no devnet or live stream (the browser spec uses the real server)",
  liveStreamUp:
    "waits for the real live stream to open: the msw fake has none (the browser spec uses the real server)",
  dropStream:
    "drops the real live stream and refuses its tickets: the msw fake has no stream (the browser spec uses the real server)",
  restoreStream:
    "lets the real live stream come back: the msw fake has no stream (the browser spec uses the real server)",
  resetStream:
    "has the real server answer a reconnect with its reset frame: the msw fake has no stream (the browser spec uses the real server)",
  asked:
    "counts the requests of a held call: the msw fake's hold does not say how many it holds (the browser spec's does)",
  decideOnAccountElsewhere:
    "has another admin decide in the back office: the msw fake has no second admin or live stream (the browser spec uses the real server)",
  approveElsewhere:
    "has another admin approve a held withdrawal first: the msw fake has no second admin (the browser spec uses the real server)",
  recordFrames:
    "counts the real live stream's frames: the msw fake has no stream (the browser spec uses the real server)",
  multiplierSetElsewhere:
    "has support set the multiplier in the back office: the msw fake has no admin or live stream (the browser spec uses the real server)",
  shareSheet:
    "stands in for a phone's share sheet in the browser spec; the jsdom walks give the card a share stand-in of their own",
  closeShareSheet: "closes the browser spec's share sheet stand-in (see shareSheet)",
  refuseClipboard:
    "has the browser refuse a clipboard write; the jsdom walks refuse the copy through the card's stand-in",
  hide: "hides the page: in jsdom the document would stay hidden for the next walks (the browser spec's page is its own)",
  blockStorage:
    "blocks the site's storage: in jsdom that would outlive the walk and break the next one (the browser spec's page is its own)",
};

type Queries = Pick<
  typeof screen,
  "findByRole" | "findByText" | "findByLabelText" | "queryByRole" | "queryByText" | "queryByLabelText"
>;

const byPrefix = (prefix: string) => (name: string) => name.startsWith(prefix);

/** A name that holds the arranged value (Playwright's `name` without `exact`: any case, anywhere in it). */
const byPart = (arranged: Record<string, string>, key: string) => {
  const part = arranged[key]?.toLowerCase();
  if (part === undefined)
    throw new Error(`a gesture looks for the arranged "${key}", but the walk gave none`);
  return (name: string) => name.toLowerCase().includes(part);
};

const find = (queries: Queries, target: Locator, arranged: Record<string, string>) =>
  "namePrefix" in target
    ? queries.findByRole(target.role, { name: byPrefix(target.namePrefix) })
    : "nameContains" in target
      ? queries.findByRole(target.role, { name: byPart(arranged, target.nameContains.arranged) })
      : "role" in target
        ? queries.findByRole(target.role, target.name === undefined ? {} : { name: target.name })
        : "text" in target
          ? queries.findByText(target.text)
          : queries.findByLabelText(target.label);

const query = (target: Locator, arranged: Record<string, string>) =>
  "namePrefix" in target
    ? screen.queryByRole(target.role, { name: byPrefix(target.namePrefix) })
    : "nameContains" in target
      ? screen.queryByRole(target.role, { name: byPart(arranged, target.nameContains.arranged) })
      : "role" in target
        ? screen.queryByRole(target.role, target.name === undefined ? {} : { name: target.name })
        : "text" in target
          ? screen.queryByText(target.text)
          : screen.queryByLabelText(target.label);

function typedValue(value: Value, account: WalkAccount | undefined, arranged: Record<string, string>) {
  if (typeof value === "string") return value;
  if ("arranged" in value) {
    const typed = arranged[value.arranged];
    if (typed === undefined)
      throw new Error(`a gesture types the arranged "${value.arranged}", but the walk gave none`);
    return typed;
  }
  if (!account)
    throw new Error(`a gesture types the account's ${value.account}, but the walk gave no account`);
  return account[value.account];
}

export async function perform(
  user: UserEvent,
  actions: Action[],
  account?: WalkAccount,
  network?: WalkNetwork,
  /** What the walk arranged in its fake backend, for the `{ arranged }` values (start.arrange in the browser). */
  arranged: Record<string, string> = {},
): Promise<void> {
  const server = () => {
    if (!network) throw new Error("a gesture acts on the network, but the walk gave no WalkNetwork");
    return network;
  };
  for (const action of actions) {
    switch (action.do) {
      case "click": {
        const queries = action.within ? inside(await find(screen, action.within, arranged)) : screen;
        await user.click(await find(queries, action.target, arranged));
        break;
      }
      case "fill": {
        const queries = action.within ? inside(await find(screen, action.within, arranged)) : screen;
        const field = queries.getByLabelText(action.label);
        const value = typedValue(action.value, account, arranged);
        await user.clear(field);
        if (value) await user.type(field, value);
        break;
      }
      case "select":
        await user.selectOptions(await find(screen, action.target, arranged), action.value);
        break;
      case "dispatch":
        window.dispatchEvent(new Event(action.event));
        break;
      case "press":
        await user.keyboard(`{${action.key}}`);
        break;
      case "waitFor":
        await find(screen, action.target, arranged);
        break;
      case "unlessVisible":
        if (query(action.target, arranged) === null)
          await perform(user, action.then, account, network, arranged);
        break;
      case "hold":
        server().hold(action.call);
        break;
      case "answer":
        server().answer(action.call, action.with);
        break;
      case "pass":
        // The msw fakes never hold a keepalive request (tests/msw/fake-rewards.ts): nothing to let through.
        break;
      case "offline":
      case "online":
        window.dispatchEvent(new Event(action.do));
        break;
      case "forget":
        window.localStorage.removeItem(action.key);
        break;
      case "clock":
      case "toDayEnd":
      case "tab":
      case "closeTab":
      case "blockStorage":
      case "hide":
      case "tapElsewhere":
      case "logOutElsewhere":
      case "appealElsewhere":
      case "decideElsewhere":
      case "buyBoosterElsewhere":
      case "adminActsElsewhere":
      case "playerFlaggedElsewhere":
      case "friendSignsUp":
      case "fundElsewhere":
      case "liveStreamUp":
      case "dropStream":
      case "restoreStream":
      case "resetStream":
      case "asked":
      case "decideOnAccountElsewhere":
      case "approveElsewhere":
      case "withdrawalsSettled":
      case "shareSheet":
      case "closeShareSheet":
      case "recordFrames":
      case "multiplierSetElsewhere":
      case "refuseClipboard":
        throw new Error(`a jsdom walk cannot do this: it ${JSDOM_CANNOT[action.do]}`);
    }
  }
}
