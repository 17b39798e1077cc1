/** Performs gestures (actions.ts) on the app rendered in jsdom, as a person would with Testing Library. */
import { within as inside, screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { Action, Locator, Value } from "./actions.ts";

/** The account a walk's gestures type in: the one the msw fake backend knows. */
export interface WalkAccount {
  name: string;
  email: string;
  password: string;
}

type Queries = Pick<
  typeof screen,
  "findByRole" | "findByText" | "findByLabelText" | "queryByRole" | "queryByText" | "queryByLabelText"
>;

const find = (queries: Queries, target: Locator) =>
  "role" in target
    ? queries.findByRole(target.role, target.name === undefined ? {} : { name: target.name })
    : "text" in target
      ? queries.findByText(target.text)
      : queries.findByLabelText(target.label);

const query = (target: Locator) =>
  "role" in target
    ? screen.queryByRole(target.role, target.name === undefined ? {} : { name: target.name })
    : "text" in target
      ? screen.queryByText(target.text)
      : screen.queryByLabelText(target.label);

function typedValue(value: Value, account: WalkAccount | undefined) {
  if (typeof value === "string") return value;
  if (!account)
    throw new Error(`a gesture types the account's ${value.account}, but the walk gave no account`);
  return account[value.account];
}

export async function perform(user: UserEvent, actions: Action[], account?: WalkAccount): Promise<void> {
  for (const action of actions) {
    switch (action.do) {
      case "click": {
        const queries = action.within ? inside(await find(screen, action.within)) : screen;
        await user.click(await find(queries, action.target));
        break;
      }
      case "fill": {
        const field = screen.getByLabelText(action.label);
        const value = typedValue(action.value, account);
        await user.clear(field);
        if (value) await user.type(field, value);
        break;
      }
      case "dispatch":
        window.dispatchEvent(new Event(action.event));
        break;
      case "waitFor":
        await find(screen, action.target);
        break;
      case "unlessVisible":
        if (query(action.target) === null) await perform(user, action.then, account);
        break;
    }
  }
}
