import { describe, expect, it } from "vitest";
import { jsonTextNestsDeeperThan, jsonValueNestsDeeperThan } from "./depth";

const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("JSON depth limits", () => {
  it("counts arrays and objects in the text, not brackets inside strings", () => {
    expect(jsonTextNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonTextNestsDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonTextNestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonTextNestsDeeperThan('{"a":"[[[[{{{{ \\" [[[["}', 1)).toBe(false);
    expect(jsonTextNestsDeeperThan("[[],[],[[]]]", 2)).toBe(true);
    expect(jsonTextNestsDeeperThan("[[],[],[]]", 2)).toBe(false);
  });

  it("counts levels of a parsed value, the value itself being the first", () => {
    expect(jsonValueNestsDeeperThan({ a: { b: [1] } }, 3)).toBe(false);
    expect(jsonValueNestsDeeperThan({ a: { b: [[1]] } }, 3)).toBe(true);
    expect(jsonValueNestsDeeperThan("text", 0)).toBe(false);
  });

  it("walks 100,000 levels without running out of stack", () => {
    const text = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    expect(jsonTextNestsDeeperThan(text, 20)).toBe(true);
    expect(jsonValueNestsDeeperThan(JSON.parse(text), 20)).toBe(true);
    expect(jsonValueNestsDeeperThan(JSON.parse(text), 100_001)).toBe(false);
  });
});
