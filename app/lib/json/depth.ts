/**
 * Limits on how deeply JSON nests. JSON.stringify and most code that walks a
 * value recurse, so a document nested 100,000 levels (a few hundred KB) ends
 * in a stack overflow; JSON.parse survives it but takes seconds for a few MB
 * of brackets. Both checks here are loops, whatever the depth.
 */

/** Whether the text opens more than `maxDepth` arrays or objects inside one another; string contents are skipped. */
export function jsonTextNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

/** Whether a parsed value nests more than `maxDepth` arrays or objects; the value itself, if one, is level 1. */
export function jsonValueNestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth > maxDepth) return true;
    for (const child of Object.values(next.value)) {
      if (child !== null && typeof child === "object") pending.push({ value: child, depth: next.depth + 1 });
    }
  }
  return false;
}
