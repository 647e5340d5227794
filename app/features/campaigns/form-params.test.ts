import { describe, expect, it } from "vitest";
import { formDefaultsFromSearch, formSearchOf, withSearch, type CampaignFormDefaults } from "./form-params";

const base: CampaignFormDefaults = {
  name: "",
  contactListId: "",
  type: "outbound",
  sendingType: "immediate",
  frequency: "",
  scheduleAt: "",
  phoneNumberId: "",
  agentId: "",
  requestFeedback: "",
  windowDays: ["1", "2", "3", "4", "5"],
  windowStart: "09:00",
  windowEnd: "17:00",
};

describe("the campaign form in the URL", () => {
  it("goes out and comes back unchanged", () => {
    const values = {
      name: "Spring push",
      contactListId: "list-1",
      type: "inbound",
      sendingType: "recurring",
      frequency: "weekly",
      scheduleAt: "2030-01-07T10:00",
      phoneNumberId: "n-1",
      agentId: "agent-1",
      requestFeedback: "on",
      windowDays: ["2", "4"],
      windowStart: "08:30",
      windowEnd: "18:00",
    };
    const search = formSearchOf(values);
    expect(search.toString()).toBe(
      "name=Spring+push&contactListId=list-1&type=inbound&sendingType=recurring&frequency=weekly&scheduleAt=2030-01-07T10%3A00&phoneNumberId=n-1&agentId=agent-1&windowDays=2&windowDays=4&windowStart=08%3A30&windowEnd=18%3A00&requestFeedback=on",
    );
    expect(formDefaultsFromSearch(new URLSearchParams(search.toString()), base)).toEqual(values);
  });

  it("keeps the page's defaults for what the URL does not say, and no days when a whole form had none ticked", () => {
    expect(formDefaultsFromSearch(new URLSearchParams(""), base)).toEqual(base);
    expect(formDefaultsFromSearch(new URLSearchParams("phoneNumberId=n-2&type=sideways"), base)).toEqual({ ...base, phoneNumberId: "n-2" });
    expect(formDefaultsFromSearch(new URLSearchParams(formSearchOf({ name: "Abc", windowDays: [] }).toString()), base)).toMatchObject({
      name: "Abc",
      windowDays: [],
      windowStart: "09:00",
    });
    // An unticked box is left out of a whole form, so it comes back unticked whatever the page's default.
    expect(formDefaultsFromSearch(new URLSearchParams("name=Abc"), { ...base, requestFeedback: "on" }).requestFeedback).toBe("");
    // A single checkbox value arrives from conform as a string.
    expect(formSearchOf({ windowDays: "3" }).getAll("windowDays")).toEqual(["3"]);
  });

  it("keeps values short and builds links", () => {
    expect(formDefaultsFromSearch(new URLSearchParams({ name: "x".repeat(500) }), base).name).toHaveLength(200);
    expect(withSearch("/campaigns/new", new URLSearchParams())).toBe("/campaigns/new");
    expect(withSearch("/campaigns/new", new URLSearchParams({ name: "A" }))).toBe("/campaigns/new?name=A");
  });
});
