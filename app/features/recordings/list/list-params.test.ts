import { describe, expect, it } from "vitest";
import {
  clearedFilters,
  DEFAULT_LIST_PARAMS,
  hasActiveFilters,
  hiddenFilterFields,
  listHref,
  parseListParams,
  sortChange,
  toSearchParams,
  type RecordingsListParams,
} from "./list-params";

const parse = (query: string) => parseListParams(new URLSearchParams(query));

describe("parseListParams", () => {
  it("defaults to finished calls of every kind, newest first, page 1", () => {
    expect(parse("")).toEqual({
      q: "",
      direction: null,
      campaign: null,
      agent: null,
      version: null,
      status: null,
      range: null,
      escalated: false,
      view: null,
      sort: "createdAt",
      order: "desc",
      page: 1,
    });
  });

  it("reads every documented parameter", () => {
    expect(
      parse(
        "q=refund&direction=inbound&campaign=Spring%20Sale&agent=a-1&version=2&status=missed&range=last-7-days&escalated=1&view=disagreement&sort=duration&order=desc&page=3",
      ),
    ).toEqual({
      q: "refund",
      direction: "inbound",
      campaign: "Spring Sale",
      agent: "a-1",
      version: 2,
      status: "missed",
      range: "last-7-days",
      escalated: true,
      view: "disagreement",
      sort: "duration",
      order: "desc",
      page: 3,
    });
  });

  it.each([
    ["page=0", 1],
    ["page=-4", 1],
    ["page=2.5", 1],
    ["page=abc", 1],
    ["page=", 1],
    ["page=1e400", 1],
    ["page=99999999999999999999", 1],
    ["page=007", 7],
  ])("falls back to page 1 for a page it cannot use (%s)", (query, page) => {
    expect(parse(query).page).toBe(page);
  });

  it("falls back to the default for unknown values instead of failing", () => {
    const params = parse("sort=price&order=sideways&status=archived&range=forever&view=everything&escalated=yes");
    expect(params).toMatchObject({ sort: "createdAt", order: "desc", status: null, range: null, view: null, escalated: false });
  });

  it("gives each sort key its natural first order: newest first for dates, A to Z and small to large otherwise", () => {
    expect(parse("sort=campaign").order).toBe("asc");
    expect(parse("sort=rating").order).toBe("asc");
    expect(parse("sort=createdAt").order).toBe("desc");
    expect(parse("order=asc")).toMatchObject({ sort: "createdAt", order: "asc" });
  });

  it("lower-cases the direction, as it is stored, and trims the search term", () => {
    expect(parse("direction=%20InBound%20").direction).toBe("inbound");
    expect(parse("q=%20%20Anna%20%20").q).toBe("Anna");
    expect(parse("direction=%20%20").direction).toBeNull();
    expect(parse("q=%20%20").q).toBe("");
  });

  it("keeps a campaign name exactly as given (the filter needs the exact name)", () => {
    expect(parse("campaign=%20Spring%20Sale%20").campaign).toBe(" Spring Sale ");
    expect(parse("campaign=").campaign).toBeNull();
  });

  it("accepts escalated=1 and escalated=true only", () => {
    expect(parse("escalated=1").escalated).toBe(true);
    expect(parse("escalated=true").escalated).toBe(true);
    expect(parse("escalated=0").escalated).toBe(false);
  });

  it("uses the first of repeated parameters, as a form with one field of that name would send", () => {
    expect(parse("direction=outbound&direction=inbound").direction).toBe("outbound");
  });
});

describe("URLs of the list", () => {
  const sample: RecordingsListParams = {
    ...DEFAULT_LIST_PARAMS,
    q: "a & b",
    campaign: "Ärger-Hotline",
    status: "voicemail",
    sort: "user",
    order: "desc",
    page: 4,
  };

  it("leave out defaults", () => {
    expect(toSearchParams(DEFAULT_LIST_PARAMS).toString()).toBe("");
    expect(listHref("/recordings", DEFAULT_LIST_PARAMS)).toBe("/recordings");
    expect(listHref("/recordings", DEFAULT_LIST_PARAMS, { sort: "createdAt", order: "asc" })).toBe("/recordings?sort=createdAt&order=asc");
  });

  it("round-trip through parsing", () => {
    const variants: RecordingsListParams[] = [
      sample,
      { ...DEFAULT_LIST_PARAMS, direction: "outbound", range: "year-to-date", escalated: true, view: "disagreement" },
      { ...DEFAULT_LIST_PARAMS, sort: "campaign", order: "asc" },
      { ...DEFAULT_LIST_PARAMS, q: '"quoted" * NEAR(x)', page: 2 },
    ];
    for (const params of variants) expect(parseListParams(toSearchParams(params))).toEqual(params);
  });

  it("build links on the one recordings screen that parse back to the same view", () => {
    const href = listHref("/recordings", sample, { page: 5 });
    expect(href.startsWith("/recordings?")).toBe(true);
    expect(parseListParams(new URL(href, "http://x").searchParams)).toEqual({ ...sample, page: 5 });
    expect(listHref("/recordings", DEFAULT_LIST_PARAMS)).toBe("/recordings");
  });

  it("carry the filters the form does not show as hidden fields, but never the page", () => {
    const fields = hiddenFilterFields({ ...sample, range: "today", escalated: true, view: "disagreement" });
    expect(fields).toEqual([
      ["status", "voicemail"],
      ["range", "today"],
      ["escalated", "1"],
      ["view", "disagreement"],
      ["sort", "user"],
      ["order", "desc"],
    ]);
    expect(hiddenFilterFields(DEFAULT_LIST_PARAMS)).toEqual([]);
  });
});

describe("sortChange", () => {
  it("flips the order of the sorted column and starts another column in its natural order, from page 1", () => {
    const params = { ...DEFAULT_LIST_PARAMS, page: 7 };
    expect(sortChange(params, "createdAt")).toEqual({ sort: "createdAt", order: "asc", page: 1 });
    expect(sortChange(params, "agent")).toEqual({ sort: "agent", order: "asc", page: 1 });
    expect(sortChange({ ...params, sort: "agent", order: "asc" }, "agent")).toEqual({ sort: "agent", order: "desc", page: 1 });
    expect(sortChange({ ...params, sort: "agent", order: "desc" }, "createdAt")).toEqual({ sort: "createdAt", order: "desc", page: 1 });
  });
});

describe("filters", () => {
  it("knows when any filter is active and clears all of them but keeps the sort", () => {
    expect(hasActiveFilters(DEFAULT_LIST_PARAMS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_LIST_PARAMS, sort: "rating", page: 3 })).toBe(false);
    for (const change of [
      { q: "x" },
      { direction: "inbound" },
      { campaign: "c" },
      { status: "missed" as const },
      { range: "today" as const },
      { escalated: true },
      { view: "disagreement" as const },
      { agent: "agent-1" },
    ]) {
      expect(hasActiveFilters({ ...DEFAULT_LIST_PARAMS, ...change })).toBe(true);
    }
    expect(clearedFilters(sample())).toEqual({ ...DEFAULT_LIST_PARAMS, sort: "user", order: "desc" });
  });
});

describe("the agent filter (docs/product/agents.md#calls)", () => {
  it("reads an agent and a whole version, ignores a version without an agent, and writes both back", () => {
    const params = parseListParams(new URLSearchParams("agent=a-1&version=3"));
    expect(params).toMatchObject({ agent: "a-1", version: 3 });
    expect(toSearchParams(params).toString()).toBe("agent=a-1&version=3");
    expect(parseListParams(new URLSearchParams("version=3"))).toMatchObject({ agent: null, version: null });
    expect(parseListParams(new URLSearchParams("agent=a-1&version=1.5"))).toMatchObject({ agent: "a-1", version: null });
    expect(parseListParams(new URLSearchParams("agent=a-1&version=0"))).toMatchObject({ version: null });
  });
});

function sample(): RecordingsListParams {
  return {
    q: "x",
    direction: "inbound",
    campaign: "c",
    agent: "agent-1",
    version: 2,
    status: "missed",
    range: "today",
    escalated: true,
    view: "disagreement",
    sort: "user",
    order: "desc",
    page: 9,
  };
}
