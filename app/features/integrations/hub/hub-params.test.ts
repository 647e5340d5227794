import { describe, expect, it } from "vitest";
import { filterTemplates, hubHref, parseHubParams } from "./hub-params";

const templates = [
  { id: "gym", crm: "ClubCore", category: "fitness", description: "Gym members and classes", tags: ["members"], features: ["Sync members"] },
  { id: "crm", crm: "CRM Suite", category: "crm", description: "Contacts and meetings", tags: ["sales"], features: ["Meetings"] },
];

describe("the hub's URL", () => {
  it("defaults to the library in a grid of every category, and keeps the URL short", () => {
    expect(parseHubParams(new URLSearchParams(""))).toEqual({ tab: "library", view: "grid", category: "all", q: "" });
    expect(parseHubParams(new URLSearchParams("tab=nope&view=list&category=marketing&q=%20club%20"))).toEqual({
      tab: "library",
      view: "list",
      category: "marketing",
      q: "club",
    });
    expect(hubHref({ tab: "library", view: "grid", category: "all", q: "" })).toBe("/integrations-hub");
    expect(hubHref({ tab: "library", view: "grid", category: "all", q: "" }, { view: "list", q: "gym" })).toBe("/integrations-hub?view=list&q=gym");
  });

  it("filters by category and a case-blind search of name, description, tags and features", () => {
    expect(filterTemplates(templates, { category: "all", q: "" }).map((t) => t.id)).toEqual(["gym", "crm"]);
    expect(filterTemplates(templates, { category: "crm", q: "" }).map((t) => t.id)).toEqual(["crm"]);
    expect(filterTemplates(templates, { category: "all", q: "MEETINGS" }).map((t) => t.id)).toEqual(["crm"]);
    expect(filterTemplates(templates, { category: "marketing", q: "" })).toEqual([]);
  });
});
