import { AGENT_TABS, type AgentTab } from "../agent-rules";
import type { AgentConfig } from "../agent-config";

/**
 * What changed between two configurations of an agent
 * (docs/product/agents.md#versions): every field whose value differs, in the
 * tabs' order, and the instructions as a line diff, since a prompt is edited
 * a sentence at a time and a before/after of 20 000 characters says nothing.
 */
export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

export type FieldChange =
  { tab: AgentTab; field: string; kind: "value"; before: string; after: string } | { tab: AgentTab; field: string; kind: "text"; lines: DiffLine[] };

/** Fields shown as a line diff rather than before and after. */
const TEXT_FIELDS = new Set(["context.instructions"]);

function show(value: unknown): string {
  if (Array.isArray(value)) {
    return value
      .map((item) => (typeof item === "object" && item !== null ? Object.values(item as Record<string, unknown>).join(" = ") : String(item)))
      .join(", ");
  }
  return String(value);
}

export function diffConfigs(before: AgentConfig, after: AgentConfig): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const tab of AGENT_TABS) {
    const left = before[tab] as Record<string, unknown>;
    const right = after[tab] as Record<string, unknown>;
    for (const field of Object.keys(right)) {
      if (JSON.stringify(left[field]) === JSON.stringify(right[field])) continue;
      if (TEXT_FIELDS.has(`${tab}.${field}`)) {
        changes.push({ tab, field, kind: "text", lines: diffLines(String(left[field] ?? ""), String(right[field] ?? "")) });
      } else {
        changes.push({ tab, field, kind: "value", before: show(left[field]), after: show(right[field]) });
      }
    }
  }
  return changes;
}

/** A line diff by longest common subsequence; unchanged runs stay as "same" lines. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before === "" ? [] : before.split(/\r?\n/);
  const b = after === "" ? [] : after.split(/\r?\n/);
  // Common head and tail first: most edits touch a few lines in the middle, and the table stays small.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const rows = midA.length + 1;
  const cols = midB.length + 1;
  const lcs = new Uint32Array(rows * cols);
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      lcs[i * cols + j] = midA[i] === midB[j] ? lcs[(i + 1) * cols + j + 1]! + 1 : Math.max(lcs[(i + 1) * cols + j]!, lcs[i * cols + j + 1]!);
    }
  }
  const middle: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < midA.length && j < midB.length) {
    if (midA[i] === midB[j]) {
      middle.push({ kind: "same", text: midA[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * cols + j]! >= lcs[i * cols + j + 1]!) {
      middle.push({ kind: "removed", text: midA[i++]! });
    } else {
      middle.push({ kind: "added", text: midB[j++]! });
    }
  }
  while (i < midA.length) middle.push({ kind: "removed", text: midA[i++]! });
  while (j < midB.length) middle.push({ kind: "added", text: midB[j++]! });
  return [
    ...a.slice(0, head).map((text): DiffLine => ({ kind: "same", text })),
    ...middle,
    ...a.slice(a.length - tail).map((text): DiffLine => ({ kind: "same", text })),
  ];
}
