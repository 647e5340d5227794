import { describe, expect, it } from "vitest";
import { organizationListHref, parseOrganizationListParams, sortNameOf } from "./list-params";

const parse = (query: string) => parseOrganizationListParams(new URLSearchParams(query));

describe("the organizations list's URL", () => {
  it("defaults to page 1, 10 a page, names from A", () => {
    expect(parse("")).toEqual({ page: 1, limit: 10, search: "", sortBy: "name", sortOrder: "asc" });
  });

  it("reads every parameter, and falls back on what it does not understand", () => {
    expect(parse("page=3&limit=50&search=%20dent%20&sortBy=createdAt&sortOrder=asc")).toEqual({
      page: 3,
      limit: 50,
      search: "dent",
      sortBy: "createdAt",
      sortOrder: "asc",
    });
    expect(parse("page=-2&limit=7&sortBy=website&sortOrder=up")).toEqual({ page: 1, limit: 10, search: "", sortBy: "name", sortOrder: "asc" });
    expect(parse("sortBy=createdAt")).toMatchObject({ sortOrder: "desc" });
  });

  it("writes the canonical URL: defaults left out", () => {
    const params = parse("");
    expect(organizationListHref(params)).toBe("/organizations");
    expect(organizationListHref(params, { page: 2, search: "gym" })).toBe("/organizations?search=gym&page=2");
    expect(organizationListHref(params, { sortBy: "createdAt", sortOrder: "desc", limit: 20 })).toBe("/organizations?sortBy=createdAt&sortOrder=desc&limit=20");
  });

  it("round-trips", () => {
    const params = parse("page=2&limit=20&search=Zahn&sortBy=createdAt&sortOrder=asc");
    expect(parse(organizationListHref(params).split("?")[1]!)).toEqual(params);
  });
});

describe("sorting names", () => {
  it("folds case and accents", () => {
    expect(sortNameOf("Ärztehaus Süd")).toBe("arztehaus sud");
    expect(["Zahnarzt", "ärztehaus", "Bäckerei"].map(sortNameOf).sort()).toEqual(["arztehaus", "backerei", "zahnarzt"]);
  });
});
