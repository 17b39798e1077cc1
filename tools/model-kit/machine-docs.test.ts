/** docs/machines: each page links its machine's exported browser spec, or says it has no walk yet. */
import { describe, expect, it } from "vitest";
import { registeredModels } from "./registry.ts";
import "../../tests/model/models/index.ts";
import { machineDocs } from "./machine-docs.ts";

describe("docs/machines", () => {
  const docs = machineDocs(registeredModels(), new Set(["taps"]));

  it("links a walked machine's diagram to its exported spec, in its page and in the index", () => {
    expect(docs.get("taps.md")).toContain(
      "[tests/e2e/generated/taps.spec.ts](../../tests/e2e/generated/taps.spec.ts)",
    );
    expect(docs.get("README.md")).toMatch(/\| \[taps\]\(taps\.md\) \|.*\[taps\.spec\.ts\]/);
  });

  it("says so for a machine without a walk, and links no spec", () => {
    expect(docs.get("streak.md")).toContain("No walk yet");
    expect(docs.get("streak.md")).not.toContain("generated/streak.spec.ts");
    expect(docs.get("README.md")).toMatch(/\| \[streak\]\(streak\.md\) \|.*\| no walk yet \|/);
  });
});
