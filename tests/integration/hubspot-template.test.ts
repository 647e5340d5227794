import { beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { getDb } from "~/db/db.server";
import { down, up } from "~/db/migrations/0039-hubspot-template-name";
import { getTemplate } from "~/features/integrations/templates/templates.server";
import { prepareTestDatabase } from "../support/app";
import { connect, hubTenant, integrationRow } from "../support/integrations";

beforeAll(prepareTestDatabase);

/** Migrations take an untyped Kysely, as the migrator passes it. */
const migrationDb = () => getDb() as unknown as Kysely<unknown>;

/** Issue 27 / decision 0061: the crm-suite template is HubSpot; integrations connected under the old name keep working. */
describe("the HubSpot template (formerly the CRM suite)", () => {
  it("keeps its id, so an installed integration still finds its template, now named HubSpot with api.hubapi.com", () => {
    const template = getTemplate("crm-suite")!;
    expect(template.crm).toBe("HubSpot");
    expect(template.baseUrl).toBe("https://api.hubapi.com");
    expect(template.documentationUrl).toMatch(/^https:\/\/developers\.hubspot\.com\//);
    expect(template.endpoints.map((endpoint) => endpoint.endpoint)).toContain("/crm/v3/objects/contacts/search");
  });

  it("migration 0039 renames connections stored under the old name, leaves a tenant's own name, and goes back down", async () => {
    const tenant = await hubTenant();
    const old = await connect(tenant, "crm-suite", "https://api.hubapi.com", "pat-na1-0001", { crmName: "Marketing & Sales CRM Suite" });
    const renamed = await connect(tenant, "crm-suite", "https://api.hubapi.com", "pat-na1-0002", { crmName: "Our sales CRM" });
    const crowded = await hubTenant();
    const kept = await connect(crowded, "crm-suite", "https://api.hubapi.com", "pat-na1-0003", { crmName: "Marketing & Sales CRM Suite" });
    await connect(crowded, "crm-suite", "https://api.hubapi.com", "pat-na1-0004", { crmName: "HubSpot" });

    await up(migrationDb());
    expect((await integrationRow(old.id)).crm_name).toBe("HubSpot");
    expect((await integrationRow(renamed.id)).crm_name).toBe("Our sales CRM");
    // Its organization already has a "HubSpot" (crm_name is unique per organization): left as it was, the migration does not fail.
    expect((await integrationRow(kept.id)).crm_name).toBe("Marketing & Sales CRM Suite");
    const row = await integrationRow(old.id);
    expect(row.template_id).toBe("crm-suite");
    expect(getTemplate(row.template_id)?.crm).toBe("HubSpot");

    await down(migrationDb());
    expect((await integrationRow(old.id)).crm_name).toBe("Marketing & Sales CRM Suite");
    await up(migrationDb());
    expect((await integrationRow(old.id)).crm_name).toBe("HubSpot");
  });
});
