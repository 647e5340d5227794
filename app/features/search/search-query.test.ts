import { describe, expect, it } from "vitest";
import { MAX_SEARCH_LENGTH, normalizeSearchTerm, seeAllHref } from "./search-query";

describe("normalizeSearchTerm", () => {
  it("trims, lower-cases and caps the length", () => {
    expect(normalizeSearchTerm("  MaPle ")).toBe("maple");
    expect(normalizeSearchTerm(null)).toBe("");
    expect(normalizeSearchTerm("x".repeat(500))).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

describe("seeAllHref", () => {
  it("puts the term in the list's q parameter, encoded", () => {
    expect(seeAllHref("/contacts", "a&b c")).toBe("/contacts?q=a%26b+c");
  });
});
