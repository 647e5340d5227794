import { beforeAll, describe, expect, it } from "vitest";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as hubRoute from "~/routes/_dashboard+/integrations-hub+/_index";
import { callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";

beforeAll(prepareTestDatabase);

interface HubData {
  params: { tab: string; view: string; category: string; q: string };
  counts: Record<string, number>;
  templates: Array<{ id: string; crm: string; popularity: number; authType: string; endpointCount: number }>;
}

async function hub(query = "") {
  const cookie = await sessionCookieFor("owner@demo.test");
  const result = unwrap(await callLoader(hubRoute.loader, `/integrations-hub${query}`, { cookie }));
  expect(result.status).toBe(200);
  return result.value as HubData;
}

describe("the integration hub's library", () => {
  it("shows the two shipped templates, most popular first, with the documented defaults in the URL", async () => {
    const data = await hub();
    expect(data.params).toEqual({ tab: "library", view: "grid", category: "all", q: "" });
    expect(data.templates.map((template) => [template.id, template.popularity, template.authType, template.endpointCount])).toEqual([
      ["gym-management", 95, "api_key", 5],
      ["crm-suite", 90, "bearer", 10],
    ]);
    expect(data.counts).toMatchObject({ all: 2, fitness: 1, crm: 1, marketing: 0, support: 0, analytics: 0, other: 0 });
  });

  it("filters by category and search, and an empty category is just empty", async () => {
    expect((await hub("?category=crm")).templates.map((template) => template.id)).toEqual(["crm-suite"]);
    expect((await hub("?q=CLUB CALENDAR")).templates.map((template) => template.id)).toEqual(["gym-management"]);
    expect((await hub("?q=nothing-like-this")).templates).toEqual([]);
    expect((await hub("?category=marketing")).templates).toEqual([]);
    expect((await hub("?view=list&tab=analytics&category=bogus")).params).toEqual({ tab: "analytics", view: "list", category: "all", q: "" });
  });

  it("says its texts in both languages and keeps the agent out", async () => {
    for (const language of ["en", "de"] as const) {
      const t = await getTranslatorFor(language, "integrations");
      for (const key of ["title", "library.emptyCategory", "categoryNames.marketing", "active.none", "auth.bearer"]) expect(t(key)).not.toBe(key);
    }
    const agent = await sessionCookieFor("agent@demo.test");
    expect(redirectLocation(await callLoader(hubRoute.loader, "/integrations-hub", { cookie: agent }))).toBe("/overview");
  });
});
