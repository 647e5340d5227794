import { describe, expect, it } from "vitest";
import { parseTicketListParams, sortChange, tabHref, ticketListHref, toSearchParams } from "./list-params";

const parse = (query: string, allowAll = true) => parseTicketListParams(new URLSearchParams(query), { allowAll });

describe("the ticket list's URL (docs/product/service-desk.md#ticket-list)", () => {
  it("defaults to my active tickets by nearest deadline, and leaves every default out of the URL", () => {
    const params = parse("");
    expect(params).toMatchObject({ tab: "my-tickets", status: "active", sort: "due", order: "asc", page: 1, overdue: false });
    expect(ticketListHref(params)).toBe("/service-desk");
  });

  it("reads what it understands and falls back for the rest", () => {
    expect(parse("tab=nonsense&status=maybe&priority=asap&sort=colour&order=up&page=-2&overdue=yes")).toMatchObject({
      tab: "my-tickets",
      status: "active",
      priority: null,
      sort: "due",
      order: "asc",
      page: 1,
      overdue: false,
    });
    expect(parse("tab=all&status=any&priority=urgent&tag=%20VIP%20&overdue=1&q=%20refund%20")).toMatchObject({
      tab: "all",
      status: "any",
      priority: "urgent",
      tag: "vip",
      overdue: true,
      q: "refund",
    });
  });

  it("gives the all tab only to those who may see every ticket, and its assignee filter to it alone", () => {
    expect(parse("tab=all&assignee=u1", false)).toMatchObject({ tab: "my-tickets", assignee: null });
    expect(parse("tab=unassigned-tickets&assignee=u1")).toMatchObject({ tab: "unassigned-tickets", assignee: null });
    expect(parse("tab=all&assignee=u1").assignee).toBe("u1");
  });

  it("writes a canonical query, flips a sorted column, and keeps the filters across tabs from page 1", () => {
    const params = parse("page=3&priority=high&tab=all&assignee=u1&sort=priority");
    expect(toSearchParams(params).toString()).toBe("tab=all&priority=high&assignee=u1&sort=priority&order=desc&page=3");
    expect(sortChange(params, "priority")).toEqual({ sort: "priority", order: "asc", page: 1 });
    expect(sortChange(params, "due")).toEqual({ sort: "due", order: "asc", page: 1 });
    expect(tabHref(params, "my-tickets")).toBe("/service-desk?priority=high&sort=priority&order=desc");
  });
});
