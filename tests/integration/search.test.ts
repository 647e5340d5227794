import { beforeAll, describe, expect, it } from "vitest";
import { createDeal } from "~/features/deals/deals.server";
import { ensurePipelines, listPipelines, listStages } from "~/features/deals/pipelines.server";
import type { PermissionMap } from "~/features/roles/permissions";
import { normalizeSearchTerm } from "~/features/search/search-query";
import { searchEverywhere } from "~/features/search/search.server";
import * as dashboard from "~/routes/_dashboard+/_layout";
import * as searchPage from "~/routes/_dashboard+/search";
import * as searchResource from "~/routes/resources+/search";
import * as campaignsPage from "~/routes/_dashboard+/campaigns+/_index";
import { bestRank, type SearchResourceData } from "~/features/search/search-query";
import { callLoader, prepareTestDatabase, unwrap } from "../support/app";
import { agent, call, campaign, contact, tenantUser, tenantWithOwner, type TestTenant } from "../support/factories";
import { getDb, newId, now } from "~/db/db.server";

/*
 * Search everywhere (issue 27) on SQLite and PostgreSQL alike: each kind is
 * found case-insensitively, another tenant's rows never, and an area the user
 * may not read is not searched at all.
 */

let ours: TestTenant;
let theirs: TestTenant;

async function dealFor(tenant: TestTenant, title: string) {
  await ensurePipelines(tenant.tenantId);
  const [pipeline] = await listPipelines(tenant.tenantId);
  const stages = await listStages(tenant.tenantId, pipeline!.id);
  const stageId = stages.find((stage) => stage.system_key === "new")!.id;
  const input = { title, valueMinor: 100, stageId, lostReason: null, contactId: null, ownerId: null, expectedCloseOn: null };
  const result = await createDeal(tenant.tenantId, pipeline!.id, input, { createdBy: null });
  expect(result.ok).toBe(true);
}

const everything: PermissionMap = {
  contacts: ["read"],
  "crm-deals": ["read"],
  campaigns: ["read"],
  recordings: ["read"],
  "ai-agent": ["read"],
  "service-desk": ["read"],
} as PermissionMap;
const where = (tenant: TestTenant) => ({ id: tenant.tenantId, timeZone: "UTC" });

beforeAll(async () => {
  await prepareTestDatabase();
  ours = await tenantWithOwner({ name: "Searching Owner", phone: "4165550191" });
  theirs = await tenantWithOwner({ name: "Other Searcher", phone: "4165550192" });
  for (const tenant of [ours, theirs]) {
    await contact(tenant.tenantId, { first_name: "Zephyrine", last_name: tenant === ours ? "Ours" : "Theirs" });
    await campaign(tenant.tenantId, { name: tenant === ours ? "ZEPHYR spring" : "Zephyr theirs" });
    await dealFor(tenant, tenant === ours ? "Zephyr renewal" : "Zephyr theirs");
    await agent(tenant.tenantId, { name: tenant === ours ? "Zephyr front desk" : "Zephyr theirs" });
    await call(tenant.tenantId, {
      userName: tenant === ours ? "Zephyrine Ours" : "Zephyr theirs",
      campaignName: "Spring",
      summary: "Asked about the zephyr plan.",
    });
    await getDb()
      .insertInto("tickets")
      .values({
        id: newId(),
        tenant_id: tenant.tenantId,
        number: 7,
        subject: tenant === ours ? "Zephyr invoice question" : "Zephyr theirs",
        description: "From the search test.",
        status: "open",
        priority: "normal",
        source: "manual",
        first_response_due_at: now(),
        resolution_due_at: now(),
        created_at: now(),
        updated_at: now(),
      })
      .execute();
  }
});

describe("searchEverywhere", () => {
  it("finds each kind case-insensitively, only the tenant's", async () => {
    const groups = await searchEverywhere(where(ours), everything, normalizeSearchTerm("  zEpHyR "));
    const byArea = Object.fromEntries(groups.map((group) => [group.area, group.hits.map((hit) => hit.label)]));
    expect(byArea).toEqual({
      contacts: ["Zephyrine Ours"],
      recordings: ["Zephyrine Ours · Spring"],
      "crm-deals": ["Zephyr renewal"],
      campaigns: ["ZEPHYR spring"],
      agents: ["Zephyr front desk"],
      tickets: ["#7 Zephyr invoice question"],
    });
    expect(groups.find((group) => group.area === "recordings")!.seeAllHref).toBe("/recordings?q=zephyr");
    expect(groups.find((group) => group.area === "contacts")!.seeAllHref).toBe("/contacts?q=zephyr");
  });

  it("leaves out an area without read permission", async () => {
    const groups = await searchEverywhere(where(ours), { contacts: ["read"] } as PermissionMap, "zephyr");
    expect(groups.map((group) => group.area)).toEqual(["contacts"]);
  });

  it("takes LIKE wildcards literally", async () => {
    expect(await searchEverywhere(where(ours), everything, "%")).toEqual([]);
    expect(await searchEverywhere(where(ours), everything, "_")).toEqual([]);
  });

  it("finds the screens the user may open by their name or their group, in the user's language", async () => {
    const pages = [
      { href: "/billing", title: "Billing", group: "Settings" },
      { href: "/api-access", title: "API access", group: "Settings" },
      { href: "/contacts", title: "Contacts", group: "CRM" },
    ];
    const groups = await searchEverywhere(where(ours), {}, "bill", pages);
    expect(groups).toEqual([{ area: "pages", hits: [{ id: "/billing", label: "Billing (Settings)", href: "/billing" }], seeAllHref: "" }]);
    expect((await searchEverywhere(where(ours), {}, "settings", pages))[0]!.hits.map((hit) => hit.href)).toEqual(["/billing", "/api-access"]);
  });

  it("answers an empty term with nothing", async () => {
    expect(await searchEverywhere(where(ours), everything, "")).toEqual([]);
  });
});

describe("/search", () => {
  it("opens inside the dashboard shell", async () => {
    const { status } = unwrap(await callLoader(dashboard.loader, "/search?q=a", { cookie: ours.cookie }));
    expect(status).toBe(200);
  });

  it("shows the owner's matches grouped", async () => {
    const { value } = unwrap(await callLoader(searchPage.loader, "/search?q=Zephyr", { cookie: ours.cookie }));
    const data = value as Awaited<ReturnType<typeof searchPage.loader>>;
    expect(data.term).toBe("zephyr");
    expect(data.groups.map((group) => group.area).sort()).toEqual(["agents", "campaigns", "contacts", "crm-deals", "recordings", "tickets"]);
    // The screens come from the sidebar the user sees, named in the user's language.
    const pages = unwrap(await callLoader(searchPage.loader, "/search?q=abrechnung", { cookie: ours.cookie, language: "de" })).value as Awaited<
      ReturnType<typeof searchPage.loader>
    >;
    expect(pages.groups[0]).toMatchObject({ area: "pages", hits: [expect.objectContaining({ href: "/billing" })] });
    expect(JSON.stringify(data)).not.toContain("Theirs");
  });
});

describe("ranking (issue 27)", () => {
  // Inserted in the worst order, so alphabetical or insertion order would not pass.
  const names = ["Rosequartz", "Big quartz sale", "Quartz sale", "quartzite", "Quartz", "Re-quartz"];

  beforeAll(async () => {
    for (const name of names) await campaign(ours.tenantId, { name });
    await contact(ours.tenantId, { first_name: "Ada", last_name: "Quartzby", email: "ada@example.test" });
    await contact(ours.tenantId, { first_name: "Quartz", last_name: "Able", email: "q@example.test" });
    await contact(ours.tenantId, { first_name: "Bea", last_name: "Stone", email: "quartz@example.test" });
  });

  it("puts exact, then prefix, then a word's prefix, then contains, in SQL as in search-query.ts", async () => {
    const groups = await searchEverywhere(where(ours), everything, "quartz");
    const campaigns = groups.find((group) => group.area === "campaigns")!.hits.map((hit) => hit.label);
    // Five at most (RESULTS_PER_GROUP): the "contains" one, last by rank, is the one left out.
    expect(campaigns).toEqual(["Quartz", "Quartz sale", "quartzite", "Big quartz sale", "Re-quartz"]);
    const ranks = campaigns.map((label) => bestRank([label], "quartz"));
    expect(ranks).toEqual([...ranks].sort((a, b) => a! - b!));
  });

  it("ranks a contact by its name or its email address, whichever matches better", async () => {
    const groups = await searchEverywhere(where(ours), { contacts: ["read"] } as PermissionMap, "quartz");
    // "quartz@…" starts with the term (prefix), as does "Quartz Able"; "Ada Quartzby" only at a word's start.
    expect(groups[0]!.hits.map((hit) => hit.label)).toEqual(["Bea Stone", "Quartz Able", "Ada Quartzby"]);
    const exact = await searchEverywhere(where(ours), { contacts: ["read"] } as PermissionMap, "q@example.test");
    expect(exact[0]!.hits.map((hit) => hit.label)).toEqual(["Quartz Able"]);
  });
});

describe("/resources/search (the command palette's data)", () => {
  const read = async (cookie: string, q: string) => {
    const result = await callLoader(searchResource.loader, `/resources/search?q=${encodeURIComponent(q)}`, { cookie });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    return { status: response.status, headers: response.headers, body: (await response.json()) as SearchResourceData & { error?: string } };
  };

  it("answers the owner's matches as JSON, never another tenant's, and is never cached", async () => {
    const { status, headers, body } = await read(ours.cookie, "  Zephyr ");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("application/json");
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(body.term).toBe("zephyr");
    expect(body.groups.map((group) => group.area).sort()).toEqual(["agents", "campaigns", "contacts", "crm-deals", "recordings", "tickets"]);
    expect(JSON.stringify(body)).not.toMatch(/theirs/i);
    // The same as /search gives for the term.
    const page = unwrap(await callLoader(searchPage.loader, "/search?q=zephyr", { cookie: ours.cookie })).value as Awaited<
      ReturnType<typeof searchPage.loader>
    >;
    expect(body.groups).toEqual(page.groups);
  });

  it("leaves out the areas the user's role may not read", async () => {
    const roleId = newId();
    await getDb()
      .insertInto("roles")
      .values({
        id: roleId,
        key: `custom-${roleId.slice(0, 8)}`,
        name: "Campaign desk",
        permissions: JSON.stringify({ overview: ["read"], campaigns: ["read"] }),
        created_at: now(),
        tenant_id: ours.tenantId,
      })
      .execute();
    const member = await tenantUser(ours.tenantId, { role: "agent" });
    await getDb().updateTable("users").set({ role_id: roleId }).where("id", "=", member.userId).execute();
    const { status, body } = await read(member.cookie, "zephyr");
    expect(status).toBe(200);
    expect(body.groups.map((group) => group.area)).toEqual(["campaigns"]);
    expect(body.groups[0]!.hits.map((hit) => hit.label)).toEqual(["ZEPHYR spring"]);
  });

  it("answers 401 without a session, and nothing for an empty term", async () => {
    const { status, body } = await read("", "zephyr");
    expect(status).toBe(401);
    expect(body).toEqual({ error: "unauthenticated" });
    expect((await read(ours.cookie, "   ")).body).toEqual({ term: "", groups: [] });
  });
});

describe("the campaigns list's q (the campaigns' See all)", () => {
  it("filters by part of the name, case-insensitively and only the tenant's, with wildcards taken literally", async () => {
    const names = async (query: string) => {
      const data = unwrap(await callLoader(campaignsPage.loader, `/campaigns${query}`, { cookie: ours.cookie })).value as Awaited<
        ReturnType<typeof campaignsPage.loader>
      >;
      return { q: data.list.params.q, names: data.list.rows.map((row) => row.name).sort() };
    };
    expect(await names("?q=%20ZEPHYR%20")).toEqual({ q: "ZEPHYR", names: ["ZEPHYR spring"] });
    expect((await names("?q=quartz&sort=name")).names).toEqual(["Big quartz sale", "Rosequartz", "Quartz", "Quartz sale", "Re-quartz", "quartzite"].sort());
    expect((await names("?q=%25")).names).toEqual([]);
    const groups = await searchEverywhere(where(ours), { campaigns: ["read"] } as PermissionMap, "zephyr");
    expect(groups[0]!.seeAllHref).toBe("/campaigns?q=zephyr");
  });
});
