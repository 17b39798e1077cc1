/**
 * The Mermaid diagrams read back: a small parser of the stateDiagram-v2 subset the kit writes recovers every
 * state (with its parent composite and label), every start and end, and every edge with its label, and they
 * match the machine. On a hand-made machine the expected diagram is written out; on the registered machines
 * the states and edges must round-trip.
 */
import { describe, expect, it } from "vitest";
import { type AnyStateMachine, type AnyStateNode, createMachine } from "xstate";
import { registeredModels } from "../../tests/model/models/index.ts";
import { stateNodes } from "./machine-shape.ts";
import { edgesOf, mermaidId, toMermaid } from "./mermaid.ts";

interface Parsed {
  states: Map<string, { label: string; parent: string | null; regions: number }>;
  edges: string[];
  starts: string[];
  ends: string[];
}

function parseMermaid(text: string): Parsed {
  const lines = text.split("\n");
  expect(lines[0]).toBe("stateDiagram-v2");
  const parsed: Parsed = { states: new Map(), edges: [], starts: [], ends: [] };
  const stack: string[] = [];
  for (const raw of lines.slice(1)) {
    const line = raw.trim();
    const declaration = line.match(/^state "([^"]+)" as (\w+)( \{)?$/);
    const start = line.match(/^\[\*\] --> (\w+)$/);
    const end = line.match(/^(\w+) --> \[\*\]$/);
    const edge = line.match(/^(\w+) --> (\w+) : ([^:;#]+)$/);
    if (declaration) {
      parsed.states.set(declaration[2]!, {
        label: declaration[1]!,
        parent: stack.at(-1) ?? null,
        regions: 1,
      });
      if (declaration[3]) stack.push(declaration[2]!);
    } else if (line === "}") {
      expect(stack.pop()).toBeDefined();
    } else if (line === "--") {
      parsed.states.get(stack.at(-1)!)!.regions += 1;
    } else if (start) {
      parsed.starts.push(start[1]!);
    } else if (end) {
      parsed.ends.push(end[1]!);
    } else if (edge) {
      parsed.edges.push(`${edge[1]} -> ${edge[2]}: ${edge[3]}`);
    } else throw new Error(`unexpected line: ${raw}`);
  }
  expect(stack).toEqual([]);
  return parsed;
}

const door = createMachine({
  id: "door",
  initial: "closed",
  states: {
    closed: { on: { OPEN: { target: "open", guard: () => true }, KNOCK: {} } },
    open: {
      type: "parallel",
      on: { CLOSE: "closed" },
      states: {
        hinge: { initial: "swinging", states: { swinging: { after: { 500: "still" } }, still: {} } },
        light: { initial: "off", states: { off: { on: { SWITCH: "on" } }, on: {} } },
      },
    },
    gone: { type: "final" },
  },
  on: { BREAK: ".gone" },
});

describe("Mermaid diagrams", () => {
  it("draws a hand-made machine as expected: composites, regions, starts, ends and labelled edges", () => {
    const parsed = parseMermaid(toMermaid(door));
    expect(
      [...parsed.states.entries()].map(
        ([id, state]) => `${id}<${state.parent ?? ""}>${state.label}/${state.regions}`,
      ),
    ).toEqual([
      "closed<>closed/1",
      "open<>open/2",
      "open_hinge<open>hinge/1",
      "open_hinge_swinging<open_hinge>swinging/1",
      "open_hinge_still<open_hinge>still/1",
      "open_light<open>light/1",
      "open_light_off<open_light>off/1",
      "open_light_on<open_light>on/1",
      "gone<>gone/1",
    ]);
    expect(parsed.starts.sort()).toEqual(["closed", "open_hinge_swinging", "open_light_off"]);
    expect(parsed.ends).toEqual(["gone"]);
    expect(parsed.edges.sort()).toEqual(
      [
        "closed -> open: OPEN [inline]",
        "open -> closed: CLOSE",
        "open_hinge_swinging -> open_hinge_still: after 500",
        "open_light_off -> open_light_on: SWITCH",
        // Defined on the machine: drawn from every top-level state. KNOCK has no target: no edge.
        "closed -> gone: BREAK",
        "open -> gone: BREAK",
        "gone -> gone: BREAK",
      ].sort(),
    );
  });

  describe.each(registeredModels().map((model) => [model.name, model.machine] as const))(
    "%s",
    (_name, machine: AnyStateMachine) => {
      const parsed = parseMermaid(toMermaid(machine));
      const nodes = stateNodes(machine);
      it("has every state, under its parent, with its key as label", () => {
        const wrapper = machine.root.type === "parallel" ? [...parsed.states.keys()][0]! : null;
        const expected = nodes.map((node) => {
          const parent = node.parent as AnyStateNode;
          return `${mermaidId(node)}<${parent === machine.root ? (wrapper ?? "") : mermaidId(parent)}>${node.key}`;
        });
        const drawn = [...parsed.states.entries()]
          .filter(([id]) => id !== wrapper)
          .map(([id, state]) => `${id}<${state.parent ?? ""}>${state.label}`);
        expect(drawn).toEqual(expected);
      });
      it("has every targeted transition as an edge", () => {
        const expected = edgesOf(machine).map(
          (edge) => `${mermaidId(edge.from)} -> ${mermaidId(edge.to)}: ${edge.label}`,
        );
        expect(parsed.edges.sort()).toEqual(expected.sort());
        const targeted = [machine.root, ...nodes].flatMap((node) =>
          [...node.transitions.values(), node.always ?? []].flat().filter((t) => (t.target ?? []).length > 0),
        );
        expect(parsed.edges.length).toBeGreaterThanOrEqual(targeted.length);
      });
      it("starts every compound state at its initial state", () => {
        const compound = [machine.root, ...nodes].filter((node) => node.type === "compound");
        const initials = compound.map((node) => mermaidId(node.initial.target[0] as AnyStateNode));
        const wrapper = machine.root.type === "parallel" ? [...parsed.states.keys()][0]! : null;
        expect(parsed.starts.filter((id) => id !== wrapper).sort()).toEqual(initials.sort());
      });
    },
  );
});
