/**
 * `npm run model -- graph <machine>`: the machine as a Mermaid `stateDiagram-v2` (docs/machines/ holds every
 * machine's). Compound states are composite states with their `[*]` start; a parallel state's regions are
 * split by `--`; final states lead to `[*]`. Ids are the state's path joined by `_` (Mermaid ids are global,
 * and two regions may both have an `idle`), labels are the state's own key.
 *
 * Mermaid draws edges only between states, so: a transition is written in the innermost composite holding
 * both ends (Mermaid cannot draw from inside one composite into another's body otherwise); a transition
 * defined on the machine itself (any state) is drawn from each top-level state; and a transition with no
 * target (actions only) is no edge: docs/machines lists it in its table.
 */
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { describeGuard, stateNodes, transitionsOf } from "./machine-shape.ts";

export const mermaidId = (node: AnyStateNode) => node.path.join("_").replace(/[^A-Za-z0-9_]/g, "_") || "root";

/** An event as an edge label: short, and free of what Mermaid reads as syntax (`:`, `;`, `#`). */
export function eventLabel(eventType: string): string {
  if (eventType === "") return "always";
  const after = eventType.match(/^xstate\.after\.([^.]+)\./);
  if (after) return `after ${after[1]}`;
  const actor = eventType.match(/^xstate\.(done|error)\.actor\.(.+)$/);
  if (actor) return `${actor[2]} ${actor[1] === "done" ? "done" : "failed"}`;
  if (eventType.startsWith("xstate.done.state.")) return "done";
  return eventType.replace(/[:;#]/g, "_");
}

export const edgeLabel = (eventType: string, guard: string | null) =>
  guard ? `${eventLabel(eventType)} [${guard.replace(/[:;#]/g, "_")}]` : eventLabel(eventType);

interface Edge {
  from: AnyStateNode;
  to: AnyStateNode;
  label: string;
}

const ancestors = (node: AnyStateNode): AnyStateNode[] =>
  node.parent ? [node.parent, ...ancestors(node.parent)] : [];

/** The innermost state strictly holding both ends: its block is where Mermaid can draw the edge. */
function holder(edge: Edge): AnyStateNode {
  const around = new Set(ancestors(edge.from));
  return ancestors(edge.to).find((node) => around.has(node))!;
}

/** Every edge the diagram draws (the round-trip test reads them back). */
export function edgesOf(machine: AnyStateMachine): Edge[] {
  const topLevel = Object.values(machine.root.states) as AnyStateNode[];
  return [machine.root, ...stateNodes(machine)].flatMap((node) =>
    transitionsOf(node).flatMap(({ definition }) => {
      const label = edgeLabel(definition.eventType, describeGuard(definition.guard as never));
      const sources = node === machine.root ? topLevel : [node];
      return (definition.target ?? []).flatMap((to: AnyStateNode) =>
        sources.map((from) => ({ from, to, label })),
      );
    }),
  );
}

export function toMermaid(machine: AnyStateMachine): string {
  const ids = new Map<string, AnyStateNode>();
  for (const node of stateNodes(machine)) {
    const id = mermaidId(node);
    if (ids.has(id)) throw new Error(`model kit: two states of ${machine.id} draw as "${id}"`);
    ids.set(id, node);
  }
  const edgesIn = new Map<AnyStateNode, Edge[]>();
  for (const edge of edgesOf(machine)) {
    const block = holder(edge);
    edgesIn.set(block, [...(edgesIn.get(block) ?? []), edge]);
  }
  const lines = ["stateDiagram-v2"];
  const body = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.type === "parallel") {
      children.forEach((region, index) => {
        if (index > 0) lines.push(`${indent}--`);
        block(region, indent);
      });
    } else {
      const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
      if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
      for (const child of children) block(child, indent);
      for (const child of children)
        if (child.type === "final") lines.push(`${indent}${mermaidId(child)} --> [*]`);
    }
    for (const edge of edgesIn.get(node) ?? [])
      lines.push(`${indent}${mermaidId(edge.from)} --> ${mermaidId(edge.to)} : ${edge.label}`);
  };
  const block = (node: AnyStateNode, indent: string) => {
    const declaration = `${indent}state "${node.key}" as ${mermaidId(node)}`;
    if (Object.keys(node.states).length === 0) {
      lines.push(declaration);
      return;
    }
    lines.push(`${declaration} {`);
    body(node, `${indent}  `);
    lines.push(`${indent}}`);
  };
  if (machine.root.type === "parallel") {
    // Mermaid splits regions only inside a composite state: the machine becomes one.
    lines.push(`  state "${machine.id}" as ${machine.id.replace(/[^A-Za-z0-9_]/g, "_")}_machine {`);
    body(machine.root, "    ");
    lines.push("  }");
    lines.splice(1, 0, `  [*] --> ${machine.id.replace(/[^A-Za-z0-9_]/g, "_")}_machine`);
  } else body(machine.root, "  ");
  return lines.join("\n");
}
