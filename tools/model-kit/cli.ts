/**
 * `npm run model -- <command>`: the testers' model kit over every machine in src/machines
 * (docs/design.md §13, docs/decisions/029-model-kit.md; the README's "For testers" walks through it).
 * Each command is a small module of this folder; this file reads the arguments and prints.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import "../../tests/model/models/index.ts";
import { walks } from "../../tests/model/gestures/index.ts";
import { measureCoverage } from "./coverage.ts";
import { judgeCoverage, readAllowances } from "./coverage-allowances.ts";
import { coveragePasses, formatCoverage } from "./coverage-report.ts";
import { formatTypeScript, generatedDrift, writeGenerated } from "./generated-files.ts";
import { formatList, summarise } from "./list.ts";
import { MACHINE_DOCS, machineDocs } from "./machine-docs.ts";
import { toMermaid } from "./mermaid.ts";
import { formatPaths, listPaths, toJson } from "./path-listing.ts";
import { SIMPLE_PATHS_PER_STATE } from "./paths.ts";
import { CORE_TAG, exportedJobs, exportPlaywright, GENERATED_SPECS } from "./playwright-export.ts";
import { type MachineModel, registeredModels } from "./registry.ts";
import { simplePathsFollowed } from "./simple-paths-followed.ts";

export const USAGE = `Usage: npm run model -- <command>

  list [--json]                               every machine: its states by name, transitions and guards
  paths <machine> [--simple [--per-state N]] [--json]
                                              the main model's shortest (or simple) paths, as states and events
  coverage [<machine>...] [--json] [--allowances FILE]
                                              states, transitions and guard outcomes the path tests and
                                              the exported browser specs reach; exits 1 below 100 % of
                                              states or on a gap coverage-allowances.json does not allow
  graph <machine>                             a Mermaid stateDiagram-v2 of the machine
  graph --all --write | --check               write docs/machines/, or fail if it is out of date
  export <machine> --playwright [--out FILE]  a Playwright spec, one test per path, driving the real app
  export --all --playwright --write | --check write tests/e2e/generated/, or fail if it is out of date`;

export interface CliResult {
  output: string;
  exitCode: number;
}

type Flags = {
  json?: boolean;
  simple?: boolean;
  "per-state"?: string;
  all?: boolean;
  write?: boolean;
  check?: boolean;
  playwright?: boolean;
  out?: string;
  allowances?: string;
  help?: boolean;
};

type Command = (names: string[], flags: Flags, models: MachineModel[]) => Promise<CliResult> | CliResult;

function pick(models: MachineModel[], name: string): MachineModel {
  const model = models.find((entry) => entry.name === name);
  if (!model) throw new Error(`No machine "${name}". Known: ${models.map((entry) => entry.name).join(", ")}`);
  return model;
}

const commands: Record<string, Command> = {
  list: (_names, flags, models) => {
    const summaries = models.map(summarise);
    return { output: flags.json ? toJson(summaries) : formatList(summaries), exitCode: 0 };
  },
  paths: (names, flags, models) => {
    const [name] = names;
    if (!name) return usageError("paths needs a machine name (see `npm run model -- list`)");
    const perState = Number(flags["per-state"] ?? SIMPLE_PATHS_PER_STATE);
    if (!Number.isInteger(perState) || perState < 1)
      return usageError("--per-state takes a whole number ≥ 1");
    const listing = listPaths(pick(models, name), flags.simple ? "simple" : "shortest", perState);
    return { output: flags.json ? toJson(listing) : formatPaths(listing), exitCode: 0 };
  },
  coverage: async (names, flags, models) => {
    const chosen = names.length > 0 ? names.map((name) => pick(models, name)) : models;
    const rows = [];
    for (const model of chosen) {
      const walk = walks.find((entry) => entry.machine === model.name);
      const row = await measureCoverage(model, walk ? exportedJobs(model, walk) : null);
      rows.push(walk ? { ...row, simple: simplePathsFollowed(model, walk) } : row);
    }
    const verdict = judgeCoverage(rows, readAllowances(flags.allowances));
    const exitCode = coveragePasses(rows, verdict) ? 0 : 1;
    return {
      output: flags.json
        ? toJson({ machines: rows, ...verdict })
        : formatCoverage(rows, verdict, names.length > 0),
      exitCode,
    };
  },
  graph: (names, flags, models) => {
    if (!flags.all) {
      const [name] = names;
      if (!name) return usageError("graph needs a machine name, or --all with --write or --check");
      return { output: toMermaid(pick(models, name).machine), exitCode: 0 };
    }
    return writeOrCheck(
      MACHINE_DOCS,
      machineDocs(models, new Set(walks.map((walk) => walk.machine))),
      flags,
      "graph --all --write",
    );
  },
  export: (names, flags, models) => {
    if (!flags.playwright) return usageError("export writes Playwright specs: add --playwright");
    if (flags.all)
      return writeOrCheck(
        GENERATED_SPECS,
        generatedSpecs(models),
        flags,
        "export --all --playwright --write",
      );
    const [name] = names;
    if (!name) return usageError("export needs a machine name, or --all with --write or --check");
    const model = pick(models, name);
    const walk = walks.find((entry) => entry.machine === name);
    if (!walk)
      return {
        output: `${name} has no walk yet: add its event-to-gesture map in tests/model/gestures/ (machines with one: ${walks.map((entry) => entry.machine).join(", ")})`,
        exitCode: 2,
      };
    const { spec, tests, skipped, core } = exportPlaywright(model, walk);
    const file = flags.out ?? `${GENERATED_SPECS}/${name}.spec.ts`;
    // Formatted as the committed spec is, wherever it goes: biome refuses a path outside the repository.
    const formatted = formatTypeScript(`${GENERATED_SPECS}/${name}.spec.ts`, spec);
    if (!flags.out) return { output: formatted, exitCode: 0 };
    writeFileSync(file, formatted);
    return {
      output: `Wrote ${file}: ${tests} tests (${core} tagged ${CORE_TAG}: npm test runs those), ${skipped} paths left out (the file says why)`,
      exitCode: 0,
    };
  },
};

/** The Playwright specs of every machine with a walk, formatted as committed. */
function generatedSpecs(models: MachineModel[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const walk of walks) {
    const name = `${walk.machine}.spec.ts`;
    files.set(
      name,
      formatTypeScript(`${GENERATED_SPECS}/${name}`, exportPlaywright(pick(models, walk.machine), walk).spec),
    );
  }
  return files;
}

/** `--write` regenerates a folder; `--check` fails (exit 1) when the folder differs from what it would write. */
function writeOrCheck(
  folder: string,
  files: Map<string, string>,
  flags: Flags,
  regenerate: string,
): CliResult {
  if (flags.write) {
    writeGenerated(folder, files);
    return { output: `Wrote ${files.size} files to ${folder}/`, exitCode: 0 };
  }
  if (!flags.check) return usageError("--all needs --write or --check");
  const drift = generatedDrift(folder, files);
  if (drift.length === 0) return { output: `${folder}/ is up to date (${files.size} files)`, exitCode: 0 };
  return {
    output: [...drift, `Run \`npm run model -- ${regenerate}\` and commit the result.`].join("\n"),
    exitCode: 1,
  };
}

const usageError = (message: string): CliResult => ({ output: `${message}\n\n${USAGE}`, exitCode: 2 });

/** Runs one command over `models` (the registry's, unless a test gives its own). */
export async function runCli(
  argv: string[],
  models: MachineModel[] = registeredModels(),
): Promise<CliResult> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: "boolean" },
        simple: { type: "boolean" },
        "per-state": { type: "string" },
        all: { type: "boolean" },
        write: { type: "boolean" },
        check: { type: "boolean" },
        playwright: { type: "boolean" },
        out: { type: "string" },
        allowances: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const [command, ...names] = parsed.positionals;
  const flags = parsed.values as Flags;
  if (!command || flags.help) return { output: USAGE, exitCode: command || flags.help ? 0 : 2 };
  const run = commands[command];
  if (!run) return usageError(`Unknown command "${command}".`);
  try {
    return await run(names, flags, models);
  } catch (error) {
    return { output: (error as Error).message, exitCode: 2 };
  }
}
