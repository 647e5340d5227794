import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { waitForImport } from "~/features/contact-import/import-runner.server";
import { createContact } from "~/features/contacts/contacts.server";
import { createIntegration, endpointSettingsOf, getIntegration, saveEndpointSettings, templateOf } from "~/features/integrations/integrations.server";
import { getTemplate } from "~/features/integrations/templates/templates.server";
import * as detail from "~/routes/_dashboard+/contacts+/import.$importId";
import * as index from "~/routes/_dashboard+/contacts+/import._index";
import { callAction, callLoader, loadContext, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, settle, unwrap } from "../support/app";

/**
 * The rest of the app announces what happened as domain events, and the
 * integration hub's subscriber queues one delivery per contact saved by hand
 * or by a CSV import for each enabled integration that syncs contacts, in the
 * same transaction as the contact (by hand) or the import's commit
 * (docs/decisions/0028-domain-events.md).
 */
let owner: string;
let tenantId: string;
let integrationId: string;

beforeAll(async () => {
  await prepareTestDatabase();
  owner = await sessionCookieFor("owner@demo.test");
  const user = await getDb().selectFrom("users").select(["tenant_id", "id"]).where("email", "=", "owner@demo.test").executeTakeFirstOrThrow();
  tenantId = user.tenant_id;
  const organization = await getDb().selectFrom("organizations").select("id").where("tenant_id", "=", tenantId).orderBy("name").executeTakeFirstOrThrow();
  const template = getTemplate("gym-management")!;
  integrationId = await createIntegration(tenantId, organization.id, template, {
    baseUrl: "https://api.clubcore.example/v1",
    secret: "gym-key-for-events",
    settings: { clubId: "c1", locationId: "l1", eventTypeId: "e1" },
  });
  const integration = (await getIntegration(tenantId, integrationId))!;
  await saveEndpointSettings(tenantId, integrationId, {
    ...endpointSettingsOf(integration, templateOf(integration)),
    createUser: { enabled: true, includeInSync: true },
  });
});

const deliveries = (event: string) =>
  getDb().selectFrom("integration_deliveries").selectAll().where("integration_id", "=", integrationId).where("event", "=", event).execute();

describe("events that queue deliveries", () => {
  it("a contact created by hand queues one contact.created delivery with its snapshot; an opted-out one none", async () => {
    const list = await getDb().selectFrom("contact_lists").select("id").where("tenant_id", "=", tenantId).executeTakeFirstOrThrow();
    const saved = await createContact(
      tenantId,
      {
        listId: list.id,
        firstName: "Hanna",
        lastName: "Berg",
        title: "",
        company: "Berg GmbH",
        phone: "+16135550101",
        email: "hanna@berg.example",
        optedOut: false,
      },
      "US",
    );
    const optedOut = await createContact(
      tenantId,
      { listId: list.id, firstName: "Olaf", lastName: "Nein", title: "", company: "", phone: "+16135550102", email: "", optedOut: true },
      "US",
    );
    expect(saved.ok && optedOut.ok).toBe(true);
    const queued = await deliveries("contact.created");
    expect(queued.map((row) => row.record_label)).toEqual(["Hanna Berg"]);
    expect(JSON.parse(queued[0]!.snapshot)).toMatchObject({
      "contact.firstName": "Hanna",
      "contact.email": "hanna@berg.example",
      "contact.company": "Berg GmbH",
    });
  });

  it("a CSV import queues one contact.imported delivery per contact it added, none for the rows it skipped", async () => {
    const form = new FormData();
    form.append(
      "file",
      new File(["First name,Last name,Phone\nIda,Imp,6135550201\nJon,Imp,6135550202\nDup,Imp,6135550101\n"], "three.csv", { type: "text/csv" }),
    );
    const uploaded = await settle(() =>
      index.action({ request: makeRequest("/contacts/import", { cookie: owner, form }), params: {}, context: loadContext() }),
    );
    const id = redirectLocation(uploaded)!.split("/").pop()!;
    const view = (
      unwrap(await callLoader(detail.loader, `/contacts/import/${id}`, { cookie: owner, params: { importId: id } })).value as Awaited<
        ReturnType<typeof detail.loader>
      >
    ).view;
    if (view.kind !== "mapping") throw new Error(`expected the mapping step, got ${view.kind}`);
    const mapping: Record<string, string> = { intent: "save-mapping" };
    for (const [target, column] of Object.entries(view.mapping)) mapping[target] = column === null ? "" : String(column);
    await callAction(detail.action, `/contacts/import/${id}`, { cookie: owner, form: mapping, params: { importId: id } });
    await callAction(detail.action, `/contacts/import/${id}`, {
      cookie: owner,
      form: { intent: "start-import", listId: "new", newListName: `Imported ${id.slice(0, 6)}` },
      params: { importId: id },
    });
    await waitForImport(id);
    const queued = await deliveries("contact.imported");
    expect(queued.map((row) => row.record_label).sort()).toEqual(["Ida Imp", "Jon Imp"]);
  });
});
