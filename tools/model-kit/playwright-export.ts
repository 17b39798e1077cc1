/**
 * `npm run model -- export <machine> --playwright`: a runnable Playwright spec with one `test(...)` per
 * path of the machine's walk model, driving the real app through the walk's event-to-gesture map (the one
 * the UI walks perform on jsdom: tests/model/gestures/). Paths a real browser cannot follow are listed at the
 * top of their `describe` with the reason (walk-paths.ts). The specs of the machines with walks live in
 * tests/e2e/generated/, where the e2e suite runs them against the real server.
 */

import type { AnyMachineSnapshot } from "xstate";
import {
  type Action,
  allActions,
  type Walk,
  type WalkPart,
  type WalkStep,
} from "../../tests/model/gestures/actions.ts";
import { generatePaths, generateTransitionPaths } from "../../tests/model/path-runner.ts";
import { coreSelection, transitionsTaken } from "./core-paths.ts";
import type { ReplayJob } from "./coverage.ts";
import { describeEvent } from "./describe.ts";
import { actionCode, expectationCode, literal, locator } from "./playwright-code.ts";
import { chartOf, type MachineModel } from "./registry.ts";
import { gestureActions, judgePath } from "./walk-paths.ts";

export const GENERATED_SPECS = "tests/e2e/generated";

function testCode(
  part: WalkPart,
  title: string,
  steps: WalkStep[],
  core: boolean,
  initial: AnyMachineSnapshot,
): string[] {
  const indent = "    ";
  const performed = steps.map((step, index) => gestureActions(part, step, steps[index + 1]?.event));
  const every = allActions([...(part.before ?? []), ...performed.flatMap((actions) => actions ?? [])]);
  const uses = (kind: Action["do"]) => every.some((action) => action.do === kind);
  const ownsClock = uses("clock") || uses("toDayEnd") || part.start.ownClock === true;
  const body: string[] = [];
  if (uses("hold")) body.push(`${indent}const calls = heldCalls(page.context());`);
  body.push(...(part.before ?? []).flatMap((action) => actionCode(action, indent)));
  body.push(`${indent}await page.goto(${literal(part.start.url)});`);
  if (part.start.ready) body.push(`${indent}await expect(${locator(part.start.ready)}).toBeVisible();`);
  // The clock was installed before the first page; from here it moves only when a step says so.
  if (ownsClock) body.push(`${indent}await stopClock(page);`);
  steps.forEach((step, index) => {
    const gesture = performed[index];
    const how = part.causedFailures?.[step.event.type]?.how;
    const note = gesture
      ? step.waitMs
        ? ` (${step.waitMs / 1000} s after the step before: the timers then fire in this path's order)`
        : ""
      : how
        ? ` (${how})`
        : step.event.type.startsWith("xstate.after.")
          ? " (the app's own timer)"
          : " (the app gets the answer by itself)";
    body.push(`${indent}// ${index + 1}. ${describeEvent(step.event)}${note}`);
    if (gesture) body.push(...gesture.flatMap((action) => actionCode(action, indent)));
    for (const expectation of part.after?.(step) ?? [])
      body.push(expectationCode(expectation, indent, ownsClock));
  });
  // A path of no step checks the page as it opens: the machine's first state.
  const atEnd = part.atEnd(
    steps.at(-1)?.state ?? initial,
    steps.map((step) => step.event),
  );
  if (atEnd.length > 0) body.push(`${indent}// What the person sees at the end`);
  for (const expectation of atEnd) body.push(expectationCode(expectation, indent, ownsClock));

  const usesAccount = body.join("\n").includes("account.");
  const accountFirst = steps.some((step) => part.causedFailures?.[step.event.type]?.accountFirst);
  const start = part.start.account === "none" && accountFirst ? "signedUp" : part.start.account;
  const arrange: string[] = [];
  if (start === "admin") arrange.push(`${indent}await adminLogIn(page);`);
  else if (start === "signedIn") {
    const signIn = part.start.claimedToday ? "signUpClaimAndLogIn" : "signUpAndLogIn";
    const keep = usesAccount || part.start.arrange ? "const account = " : "";
    arrange.push(`${indent}${keep}await ${signIn}(page, request);`);
  } else if (start === "signedUp" || usesAccount) {
    arrange.push(`${indent}const account = newUser("Ada");`);
    if (start === "signedUp")
      arrange.push(
        `${indent}await signUpViaApi(request, account);${accountFirst ? " // so the sign-up is refused" : ""}`,
      );
  }
  const arrangement = part.start.arrange;
  if (arrangement) {
    const uses = /\barranged[.[]/.test(body.join("\n")) ? "const arranged = " : "";
    const account = arrange.some((line) => line.includes("const account = ")) ? ", account" : "";
    arrange.push(`${indent}${uses}await ${arrangement.name}({ page, request${account} });`);
  }
  // Time is the test's: the clock goes in before the first page opens (the sign-in's, too).
  if (ownsClock) arrange.unshift(`${indent}await page.clock.install();`);
  const tabs = uses("tab") || uses("closeTab");
  if (tabs) arrange.unshift(`${indent}let page = first;`, `${indent}const tabs = [first];`);
  const code = [...arrange, ...body].join("\n");
  const pageFixture = tabs ? "page: first" : "page";
  const fixtures = code.includes("request") ? `{ ${pageFixture}, request }` : `{ ${pageFixture} }`;
  const tag = core ? `{ tag: ${literal(CORE_TAG)} }, ` : "";
  return [`  test(${literal(title)}, ${tag}async (${fixtures}) => {`, ...arrange, ...body, "  });"];
}

/** The tag of the exported tests `npm test` runs: the fewest that take every transition (core-paths.ts). */
export const CORE_TAG = "@core";

export interface ExportedSpec {
  spec: string;
  tests: number;
  skipped: number;
  /** How many of `tests` are tagged CORE_TAG. */
  core: number;
}

/** Every path of each exported part of the walk, with the verdict: its steps in the browser, or why not. */
export function judgedPaths(model: MachineModel, walk: Walk) {
  const chart = chartOf(model);
  return walk.parts
    .filter((part) => !part.notExported)
    .map((part) => {
      const paths =
        (part.paths ?? "transitions") === "shortest"
          ? generatePaths(chart, part.model)
          : generateTransitionPaths(chart, part.model);
      return { part, paths: paths.map((path) => ({ path, judged: judgePath(part, path, chart) })) };
    });
}

/** The paths the exported spec has a test for, as coverage replays them (coverage.ts). */
export const exportedJobs = (model: MachineModel, walk: Walk): ReplayJob[] =>
  judgedPaths(model, walk).flatMap(({ part, paths }) =>
    paths
      .filter(({ judged }) => "steps" in judged)
      .map(({ path }) => ({ name: part.name, options: part.model, path })),
  );

export function exportPlaywright(model: MachineModel, walk: Walk): ExportedSpec {
  const body: string[] = [];
  let tests = 0;
  let skipped = 0;
  const judgedByPart = judgedPaths(model, walk);
  const judged = new Map(judgedByPart.map((entry) => [entry.part, entry.paths]));
  const followed = judgedByPart.flatMap(({ paths }) =>
    paths.filter(({ judged }) => "steps" in judged).map(({ path }) => path),
  );
  const chosen = coreSelection(followed.map(transitionsTaken));
  const corePaths = new Set(followed.filter((_, index) => chosen.has(index)));
  let core = 0;
  for (const part of walk.parts) {
    if (part.notExported) {
      body.push("", `// ${part.name}: not exported: ${part.notExported}.`);
      continue;
    }
    const exported: string[][] = [];
    const skips = new Map<string, string[]>();
    const titles = new Set<string>();
    const walkedAlready = new Set<string>();
    for (const { path, judged: verdict } of judged.get(part) ?? []) {
      const judged = verdict;
      const events = path.steps
        .filter((step) => step.event.type !== "xstate.init")
        .map((step) => describeEvent(step.event));
      const name = events.join(" → ") || "(the page as it opens)";
      if ("skip" in judged) {
        skips.set(judged.skip, [...(skips.get(judged.skip) ?? []), name]);
        skipped += 1;
        continue;
      }
      // A path that ended just before a short timer goes on with it (walk-paths.ts), and may then be the
      // same as another: one test for both.
      const followed = JSON.stringify(judged.steps.map((step) => step.event));
      if (walkedAlready.has(followed)) continue;
      walkedAlready.add(followed);
      const walked = judged.steps.map((step) => describeEvent(step.event)).join(" → ") || name;
      let title = walked;
      for (let n = 2; titles.has(title); n += 1) title = `${walked} (${n})`;
      titles.add(title);
      const isCore = corePaths.has(path);
      exported.push(testCode(part, title, judged.steps, isCore, path.steps[0]!.state));
      tests += 1;
      if (isCore) core += 1;
    }
    body.push("", `test.describe(${literal(part.name)}, () => {`);
    if (skips.size > 0) {
      body.push("  // Paths left out: a real browser cannot follow them.");
      for (const [reason, names] of skips) {
        body.push(`  // - ${reason}:`);
        for (const name of names) body.push(`  //     ${name}`);
      }
    }
    for (const code of exported) body.push("", ...code);
    body.push("});");
  }
  const code = body.join("\n");
  const fixtures = [
    "adminActsElsewhere",
    "adminLogIn",
    "appealElsewhere",
    "approveElsewhere",
    "buyBoosterElsewhere",
    "decideElsewhere",
    "dropStream",
    "friendSignsUpWith",
    "decideOnAccountElsewhere",
    "fundElsewhere",
    "liveStreamUp",
    "logOutElsewhere",
    "multiplierSetElsewhere",
    "newUser",
    "playerFlaggedElsewhere",
    "resetStream",
    "restoreStream",
    "serverPoints",
    "signUpAndLogIn",
    "signUpClaimAndLogIn",
    "signUpViaApi",
    "tapElsewhere",
    "withdrawalsSettled",
  ].filter((name) => code.includes(`${name}(`));
  // In biome's order (the names sorted).
  const helpers = ["closeTab", "heldCalls", "stopClock", "storedPendingTaps", "switchTab"].filter(
    (name) => code.includes(`${name}(`) || code.includes(`(${name})`),
  );
  const standIns = ["closeShareSheet", "installShareSheet", "refuseClipboard"].filter((name) =>
    code.includes(`${name}(`),
  );
  const watches = ["recordFrames"].filter((name) => code.includes(`${name}(`));
  const arrangements = new Map<string, Set<string>>();
  for (const part of walk.parts)
    if (part.start.arrange && !part.notExported) {
      const { file, name } = part.start.arrange;
      arrangements.set(file, (arrangements.get(file) ?? new Set()).add(name));
    }
  const spec = [
    `// Generated by \`npm run model -- export ${model.name} --playwright\` from the ${model.name} machine's walk`,
    "// model and event-to-gesture map (tests/model/gestures/), the ones the UI walks use: one test per path.",
    "// Do not edit: `npm run check` fails when this file differs from what the exporter writes",
    "// (`npm run model -- export --all --playwright --write` regenerates it; docs/decisions/029-model-kit.md).",
    'import { expect, test } from "@playwright/test";',
    // In the order biome keeps imports: ../arrange/, ../browser-stand-ins.ts, ../fixtures.ts, ../held-calls.ts,
    // ../live-stream-watch.ts.
    ...[...arrangements]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, names]) => `import { ${[...names].sort().join(", ")} } from "../arrange/${file}.ts";`),
    ...(standIns.length > 0 ? [`import { ${standIns.join(", ")} } from "../browser-stand-ins.ts";`] : []),
    ...(fixtures.length > 0 ? [`import { ${fixtures.join(", ")} } from "../fixtures.ts";`] : []),
    ...(helpers.length > 0 ? [`import { ${helpers.join(", ")} } from "../held-calls.ts";`] : []),
    ...(watches.length > 0 ? [`import { ${watches.join(", ")} } from "../live-stream-watch.ts";`] : []),
    ...body,
    "",
  ].join("\n");
  return { spec, tests, skipped, core };
}
