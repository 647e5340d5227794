import { describe, expect, it } from "vitest";
import { callNumberForms } from "./call-numbers.server";
import { parseTimelineParams, timelineHref } from "./center-params";
import { shortSummary } from "./center-view";

describe("callNumberForms", () => {
  it("gives E.164, the digits, 00 and the national form with its trunk 0 in the tenant's own country", () => {
    expect(callNumberForms("+493012345678", "DE").sort()).toEqual(["+493012345678", "00493012345678", "03012345678", "3012345678", "493012345678"].sort());
  });

  it("has no trunk 0 in North America, and no national form for a number of another country", () => {
    expect(callNumberForms("+14165550123", "CA").sort()).toEqual(["+14165550123", "0014165550123", "14165550123", "4165550123"].sort());
    expect(callNumberForms("+493012345678", "US").sort()).toEqual(["+493012345678", "00493012345678", "493012345678"].sort());
  });
});

describe("the contact center's URLs", () => {
  it("reads a timeline's filter and page leniently and writes them canonically", () => {
    expect(parseTimelineParams(new URLSearchParams("show=deal&page=2&q=%20anna%20"))).toEqual({ show: "deal", page: 2, q: "anna" });
    expect(parseTimelineParams(new URLSearchParams("show=everything&page=-3"))).toEqual({ show: null, page: 1, q: "" });
    expect(timelineHref("c 1", { show: "ticket", page: 1, q: "anna" })).toBe("/main-contact-center/c%201?show=ticket&q=anna");
    expect(timelineHref("c1")).toBe("/main-contact-center/c1");
  });
});

describe("shortSummary", () => {
  it("keeps a short summary and cuts a long one at a word", () => {
    expect(shortSummary(null)).toBeNull();
    expect(shortSummary("Asked for a quote.")).toBe("Asked for a quote.");
    expect(shortSummary("word ".repeat(100), 20)).toBe("word word word word…");
  });
});
