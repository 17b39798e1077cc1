/**
 * The README's "For testers" shows what the commands print: every line of its `list`, `paths`, `graph` and
 * `export` examples is a line the command prints today. (The coverage example replays every machine's paths,
 * which `npm test` already does once; its lines are left to review.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./cli.ts";
import { repositoryRoot } from "./generated-files.ts";

const readme = readFileSync(join(repositoryRoot, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## For testers"), readme.indexOf("## Other scripts"));
const examples = [...section.matchAll(/```text\n\$ npm run model -- (.*)\n([\s\S]*?)```/g)].map((match) => ({
  command: match[1]!,
  lines: match[2]!.split("\n").filter((line) => line !== "" && line.trim() !== "…"),
}));

describe("README, For testers", () => {
  it("has the five commands' examples", () => {
    expect(examples.map((example) => example.command.split(" ")[0])).toEqual([
      "list",
      "paths",
      "coverage",
      "graph",
      "export",
    ]);
  });

  it.each(
    examples
      .filter((example) => !example.command.startsWith("coverage"))
      .map((example) => [example.command, example] as const),
  )("`npm run model -- %s` prints what the README shows", async (command, example) => {
    const { output, exitCode } = await runCli(command.split(" "));
    expect(exitCode).toBe(0);
    const printed = new Set(output.split("\n"));
    expect(example.lines.filter((line) => !printed.has(line))).toEqual([]);
    expect(example.lines.length).toBeGreaterThan(5);
  });
});
