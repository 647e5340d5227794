import { describe, expect, it } from "vitest";
import { bestRank, matchPages, matchRank, MAX_SEARCH_LENGTH, normalizeSearchTerm, seeAllHref } from "./search-query";

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

describe("matchRank", () => {
  it("ranks exact, then prefix, then a word's prefix, then contains, case-insensitively", () => {
    expect(matchRank("Spring", "spring")).toBe("exact");
    expect(matchRank("Spring sale", "spring")).toBe("prefix");
    expect(matchRank("Big spring sale", "spring")).toBe("wordPrefix");
    expect(matchRank("Offspring", "spring")).toBe("contains");
    expect(matchRank("Autumn", "spring")).toBeNull();
    expect(matchRank("anything", "")).toBeNull();
  });

  it("starts words after hyphens, dots, @ and #, and looks past an earlier occurrence inside a word", () => {
    expect(matchRank("s.okafor@example.com", "okafor")).toBe("wordPrefix");
    expect(matchRank("Jean-Luc", "luc")).toBe("wordPrefix");
    expect(matchRank("#42 Refund", "42")).toBe("wordPrefix");
    expect(matchRank("offspring spring", "spring")).toBe("wordPrefix");
  });
});

describe("bestRank", () => {
  it("takes the best rank over a thing's texts, as a number, or null", () => {
    expect(bestRank(["Samuel Okafor", "okafor@example.com"], "okafor@example.com")).toBe(0);
    expect(bestRank(["Samuel Okafor", "sam@example.com"], "okafor")).toBe(2);
    expect(bestRank(["Samuel Okafor"], "zz")).toBeNull();
  });
});

describe("matchPages", () => {
  const pages = [
    { href: "/api-access", title: "API access", group: "Settings" },
    { href: "/billing", title: "Billing", group: "Settings" },
    { href: "/invoices", title: "Billing history", group: "Settings" },
    { href: "/subscriptions-history", title: "Old billing", group: "Settings" },
  ];

  it("puts the best match first and keeps the sidebar's order between equals", () => {
    expect(matchPages(pages, "billing").map((page) => page.href)).toEqual(["/billing", "/invoices", "/subscriptions-history"]);
    expect(matchPages(pages, "settings").map((page) => page.href)).toEqual(["/api-access", "/billing", "/invoices", "/subscriptions-history"]);
  });
});
