import { describe, expect, it } from "vitest";
import {
  clearedFilters,
  DEFAULT_LIST_PARAMS,
  exportHref,
  hasActiveFilters,
  listHref,
  listView,
  parseListParams,
  sortChange,
  toSearchParams,
} from "./list-params";

const parse = (query: string) => parseListParams(new URLSearchParams(query));

describe("the contacts list's URL", () => {
  it("defaults to the newest contacts first on page 1", () => {
    expect(DEFAULT_LIST_PARAMS).toEqual({ q: "", list: null, optedOut: null, sort: "created", order: "desc", page: 1 });
    expect(listHref(DEFAULT_LIST_PARAMS)).toBe("/contacts");
  });

  it("reads what it understands and falls back to defaults for the rest", () => {
    expect(parse("q=%20anna%20&list=abc&optedOut=yes&sort=company&order=desc&page=3")).toEqual({
      q: "anna",
      list: "abc",
      optedOut: "yes",
      sort: "company",
      order: "desc",
      page: 3,
    });
    expect(parse("sort=name")).toMatchObject({ sort: "name", order: "asc" });
    expect(parse("sort=nonsense&order=up&optedOut=1&page=0")).toEqual(DEFAULT_LIST_PARAMS);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=99999999999999999999").page).toBe(1);
    expect(parse("list=%20%20").list).toBeNull();
    expect(parse(`list=${"x".repeat(65)}`).list).toBeNull();
    expect(parse(`q=${"a".repeat(300)}`).q).toHaveLength(200);
  });

  it("writes the params back in a stable order, leaving out defaults, and reads them again unchanged", () => {
    const params = parse("page=2&order=asc&sort=list&optedOut=no&list=L1&q=m%C3%BCller");
    const query = toSearchParams(params).toString();
    expect(query).toBe("q=m%C3%BCller&list=L1&optedOut=no&sort=list&order=asc&page=2");
    expect(parse(query)).toEqual(params);
    expect(toSearchParams(parse("sort=created&order=desc")).toString()).toBe("");
  });

  it("exports the view from its first page, and sorting flips or starts over from page 1", () => {
    const params = parse("q=acme&sort=name&page=4");
    expect(exportHref(params)).toBe("/contacts/export.csv?q=acme&sort=name&order=asc");
    expect(sortChange(params, "name")).toEqual({ sort: "name", order: "desc", page: 1 });
    expect(sortChange(params, "created")).toEqual({ sort: "created", order: "desc", page: 1 });
    expect(clearedFilters(params)).toEqual({ ...DEFAULT_LIST_PARAMS, sort: "name", order: "asc" });
    expect(hasActiveFilters(params)).toBe(true);
    expect(hasActiveFilters(clearedFilters(params))).toBe(false);
    // A list's link opens the whole list in the current order, without the search.
    expect(listView(params, "L2")).toBe("/contacts?list=L2&sort=name&order=asc");
    expect(listView(params, null)).toBe("/contacts?sort=name&order=asc");
  });
});
