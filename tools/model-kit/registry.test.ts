/**
 * The kit's registry holds every machine in src/machines (docs/decisions/029-model-kit.md): a machine file
 * without a model file in tests/model/models fails here, and so does an entry that names the wrong file.
 */
import { readdirSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { StateMachine } from "xstate";
import { registeredModels } from "../../tests/model/models/index.ts";

const root = join(import.meta.dirname, "../..");
const machineFiles = (readdirSync(join(root, "src/machines"), { recursive: true }) as string[])
  .filter((file) => file.endsWith(".machine.ts"))
  .map((file) => relative(root, join(root, "src/machines", file)).replaceAll("\\", "/"))
  .sort();

/** The machines a module exports (a factory module such as live-read exports none). */
async function exportedMachines(file: string) {
  const module = (await import(/* @vite-ignore */ join(root, file))) as Record<string, unknown>;
  return Object.values(module).filter((value) => value instanceof StateMachine);
}

describe("model kit registry", () => {
  const models = registeredModels();

  it("finds the machine files", () => {
    expect(machineFiles.length).toBeGreaterThanOrEqual(25);
    expect(machineFiles).toContain("src/machines/taps/taps.machine.ts");
  });

  it.each(machineFiles)("%s has a model", (file) => {
    const owners = models.filter((model) => model.file === file || model.madeBy === file);
    expect(owners.map((model) => model.name)).not.toEqual([]);
  });

  it.each(machineFiles)("every machine %s exports is registered", async (file) => {
    const registered = new Set(models.map((model) => model.machine));
    const missing = (await exportedMachines(file)).filter((machine) => !registered.has(machine));
    expect(missing.map((machine) => machine.id)).toEqual([]);
  });

  it.each(models.map((model) => [model.name, model] as const))(
    "%s is named after its file and exported by it",
    async (name, model) => {
      expect(machineFiles).toContain(model.file);
      if (model.madeBy) expect(machineFiles).toContain(model.madeBy);
      expect(name).toBe(basename(model.file, ".machine.ts"));
      expect(await exportedMachines(model.file)).toContain(model.machine);
    },
  );

  it("gives every suite a name, and no machine two suites of one name", () => {
    for (const model of models) {
      const names = model.suites.map((suite) => suite.name);
      expect(new Set(names).size, model.name).toBe(names.length);
      expect(names.every((name) => name.length > 0)).toBe(true);
    }
  });
});
