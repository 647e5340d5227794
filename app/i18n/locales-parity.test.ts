import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./config";
import { resources } from "./resources.server";

function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe("English and German translations", () => {
  // A page ships one language only, without the English fallback, so a key missing in German would show raw.
  it.each(NAMESPACES)("have the same keys in %s", (namespace) => {
    expect(keysOf(resources.de[namespace]).sort()).toEqual(keysOf(resources.en[namespace]).sort());
  });
});
