import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_SEARCH_MAX_LENGTH,
  campaignListHref,
  campaignPageHref,
  DEFAULT_CAMPAIGN_PAGE_PARAMS,
  parseCampaignListParams,
  parseCampaignPageParams,
  sortChange,
} from "./list-params";

const parse = (query: string) => parseCampaignListParams(new URLSearchParams(query));

describe("campaign list params", () => {
  it("defaults to the newest first, all statuses, page 1", () => {
    expect(parse("")).toEqual({ q: "", status: null, sort: "createdAt", order: "desc", page: 1 });
  });

  it("reads a filter, sort and page, and falls back on values it does not know", () => {
    expect(parse("status=paused&sort=name&page=3")).toEqual({ q: "", status: "paused", sort: "name", order: "asc", page: 3 });
    expect(parse("status=exploded&sort=colour&order=sideways&page=-2")).toEqual({ q: "", status: null, sort: "createdAt", order: "desc", page: 1 });
    expect(parse("page=1e400").page).toBe(1);
  });

  it("writes short URLs that read back the same", () => {
    const params = parse("status=running&sort=nextRunAt&order=desc&page=2");
    expect(campaignListHref(params)).toBe("/campaigns?status=running&sort=nextRunAt&order=desc&page=2");
    expect(parse(campaignListHref(params).split("?")[1]!)).toEqual(params);
    expect(campaignListHref(parse(""))).toBe("/campaigns");
    expect(campaignListHref(params, { status: null, page: 1 })).toBe("/campaigns?sort=nextRunAt&order=desc");
  });

  it("reads the name search trimmed and cut, and keeps it in every link", () => {
    expect(parse("q=%20%20Spring%20sale%20").q).toBe("Spring sale");
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(CAMPAIGN_SEARCH_MAX_LENGTH);
    const params = parse("q=spring&status=running&page=2");
    expect(campaignListHref(params)).toBe("/campaigns?q=spring&status=running&page=2");
    expect(campaignListHref(params, sortChange(params, "name"))).toBe("/campaigns?q=spring&status=running&sort=name&order=asc");
    expect(campaignListHref(params, { q: "", page: 1 })).toBe("/campaigns?status=running");
    expect(parse(campaignListHref(params).split("?")[1]!)).toEqual(params);
  });

  it("flips the order of the sorted column and starts another column in its default order", () => {
    const params = parse("sort=name");
    expect(sortChange(params, "name")).toEqual({ sort: "name", order: "desc", page: 1 });
    expect(sortChange(params, "createdAt")).toEqual({ sort: "createdAt", order: "desc", page: 1 });
  });

  it("keeps the campaign page's check and activity page in its URL", () => {
    const params = parseCampaignPageParams(new URLSearchParams("check=1&page=4"));
    expect(params).toEqual({ check: true, page: 4, confirmStart: false, outcome: null, contactsPage: 1 });
    expect(campaignPageHref("abc", params, { page: 5 })).toBe("/campaigns/abc?check=1&page=5");
    expect(campaignPageHref("abc", parseCampaignPageParams(new URLSearchParams("page=x")))).toBe("/campaigns/abc");
  });

  it("keeps the results' outcome filter and contacts page, and drops an outcome it does not know", () => {
    const params = parseCampaignPageParams(new URLSearchParams("outcome=voicemail&contacts=3&page=2"));
    expect(params).toMatchObject({ outcome: "voicemail", contactsPage: 3, page: 2 });
    expect(campaignPageHref("abc", params, { contactsPage: 4 })).toBe("/campaigns/abc?page=2&outcome=voicemail&contacts=4");
    expect(campaignPageHref("abc", params, { outcome: "answered", contactsPage: 1 })).toBe("/campaigns/abc?page=2&outcome=answered");
    expect(parseCampaignPageParams(new URLSearchParams("outcome=exploded&contacts=-1"))).toMatchObject({ outcome: null, contactsPage: 1 });
  });

  it("leads to the start confirmation only when asked, and leaves it behind on every other link", () => {
    const confirming = parseCampaignPageParams(new URLSearchParams("start=1&page=2"));
    expect(confirming.confirmStart).toBe(true);
    expect(campaignPageHref("abc", confirming, { page: 3 })).toBe("/campaigns/abc?page=3");
    expect(campaignPageHref("abc", DEFAULT_CAMPAIGN_PAGE_PARAMS, { confirmStart: true })).toBe("/campaigns/abc?start=1");
  });
});
