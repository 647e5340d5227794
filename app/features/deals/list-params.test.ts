import { describe, expect, it } from "vitest";
import { dealsHref, hiddenFields, parseDealsParams, sortChange, toSearchParams } from "./list-params";

describe("the deals screen's URL", () => {
  it("reads every parameter leniently: what it does not understand is its default", () => {
    expect(parseDealsParams(new URLSearchParams("view=grid&sort=size&order=up&page=0&closeFrom=2026-02-30&closeTo=2026-03-01&q=%20acme%20"))).toEqual({
      pipeline: null,
      view: "board",
      q: "acme",
      owner: null,
      closeFrom: null,
      closeTo: "2026-03-01",
      stage: null,
      sort: "created",
      order: "desc",
      page: 1,
    });
    expect(parseDealsParams(new URLSearchParams("view=list&sort=title")).order).toBe("asc");
    expect(parseDealsParams(new URLSearchParams("view=list&sort=value")).order).toBe("desc");
  });

  it("writes the canonical URL: no defaults, and on the board nothing only the list uses", () => {
    const list = parseDealsParams(new URLSearchParams("view=list&stage=s1&sort=value&order=desc&page=3&owner=u1"));
    expect(toSearchParams(list).toString()).toBe("view=list&owner=u1&stage=s1&sort=value&order=desc&page=3");
    expect(dealsHref(list, { view: "board" })).toBe("/crm-deals?owner=u1");
    expect(dealsHref(list, sortChange(list, "value"))).toBe("/crm-deals?view=list&owner=u1&stage=s1&sort=value&order=asc");
    expect(dealsHref(parseDealsParams(new URLSearchParams()))).toBe("/crm-deals");
  });

  it("carries the view, the sort and a pipeline the form does not show as hidden fields", () => {
    const params = parseDealsParams(new URLSearchParams("pipeline=p2&view=list&sort=title&order=desc"));
    expect(hiddenFields(params, { pipelineShown: false })).toEqual([
      ["pipeline", "p2"],
      ["view", "list"],
      ["sort", "title"],
      ["order", "desc"],
    ]);
    expect(hiddenFields(params, { pipelineShown: true })).not.toContainEqual(["pipeline", "p2"]);
  });
});
