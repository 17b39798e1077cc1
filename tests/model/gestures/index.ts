/** Every machine that has a walk through the real screens; the exporter writes a spec for each. */
import { accountFormsParts } from "./account-forms.gestures.ts";
import type { Walk } from "./actions.ts";
import { authWalk } from "./auth.gestures.ts";
import { tapsWalk } from "./taps.gestures.ts";

export const walks: Walk[] = [{ machine: "account-forms", parts: accountFormsParts }, authWalk, tapsWalk];
