import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import { DEMO_PASSWORD } from "~/seed/seed.server";
import * as detail from "~/routes/_dashboard+/contacts+/import.$importId";
import * as index from "~/routes/_dashboard+/contacts+/import._index";
import * as register from "~/routes/_auth+/register";
import { callAction, callLoader, loadContext, makeRequest, prepareTestDatabase, redirectLocation, settle, unwrap } from "../support/app";
import { tenantWithOwner } from "../support/factories";

/*
 * Issue 22, item 18: in a German tenant "030 1234567" is a Berlin number
 * (+49 30 1234567), not a US-style "(030) 123-4567", and its second row in a
 * file is a duplicate, not invalid (docs/decisions/0009: a leading 0 is a
 * national number of the tenant's country).
 */

type DetailData = Awaited<ReturnType<typeof detail.loader>>;
type PreviewData = Extract<DetailData["view"], { kind: "preview" }>;
type MappingData = Extract<DetailData["view"], { kind: "mapping" }>;

let german: { tenantId: string; cookie: string };

beforeAll(async () => {
  await prepareTestDatabase();
  // Registered the way a German registrant does: a national number, read in the country the browser names (de-DE).
  german = await tenantWithOwner({ name: "Jana Berg", company: "Berg GmbH", phone: "030 5550 1234", phoneCountry: "DE", browserTimeZone: "Europe/Berlin" });
});

async function mappedImport(csv: string) {
  const form = new FormData();
  form.append("file", new File([csv], "kontakte.csv", { type: "text/csv" }));
  const request = makeRequest("/contacts/import", { cookie: german.cookie, form, language: "de" });
  const location = redirectLocation(await settle(() => index.action({ request, params: {}, context: loadContext() })));
  const id = location?.match(/^\/contacts\/import\/([0-9a-f-]{36})$/)?.[1];
  if (!id) throw new Error(`upload did not redirect to an import: ${location}`);
  const mapping = unwrap(await callLoader(detail.loader, `/contacts/import/${id}`, { cookie: german.cookie, params: { importId: id } })).value as DetailData;
  const fields: Record<string, string> = { intent: "save-mapping" };
  for (const [target, column] of Object.entries((mapping.view as MappingData).mapping)) fields[target] = column === null ? "" : String(column);
  const saved = await callAction(detail.action, `/contacts/import/${id}`, { cookie: german.cookie, form: fields, params: { importId: id } });
  expect(redirectLocation(saved)).toBe(`/contacts/import/${id}`);
  return id;
}

describe("registration from a German browser", () => {
  it.each(["de,en-US;q=0.7,en;q=0.3", "de", "de-DE,de;q=0.9,en;q=0.8"])("makes a German tenant when the browser sends %j", async (acceptLanguage) => {
    const email = `register-de-${newId().slice(0, 6)}@imports.test`;
    const request = makeRequest("/register", {
      form: { name: "Jana Berg", company: "Berg GmbH", email, phone: "030 5550 1234", password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
      headers: { "Accept-Language": acceptLanguage },
    });
    expect(redirectLocation(await settle(() => register.action({ request, params: {}, context: loadContext() })))).toBe("/registration-successful");
    const tenant = await getDb()
      .selectFrom("users")
      .innerJoin("tenants", "tenants.id", "users.tenant_id")
      .select(["tenants.country", "users.phone"])
      .where("users.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(tenant).toEqual({ country: "DE", phone: "+493055501234" });
  });
});

describe("contact import in a German tenant", () => {
  it("has the tenant's country as DE", async () => {
    const tenant = await getDb().selectFrom("tenants").select(["country", "time_zone"]).where("id", "=", german.tenantId).executeTakeFirstOrThrow();
    expect(tenant).toEqual({ country: "DE", time_zone: "Europe/Berlin" });
  });

  it("reads 030 1234567 as +49 30 1234567 and its repeat as a duplicate", async () => {
    const id = await mappedImport("Vorname;Nachname;Telefon\r\nAnna;Schmidt;030 1234567\r\nAnna;Schmidt;030 1234567\r\nBerta;Braun;+49 89 1234567\r\n");
    const { value } = unwrap(await callLoader(detail.loader, `/contacts/import/${id}`, { cookie: german.cookie, params: { importId: id } }));
    const preview = (value as DetailData).view as PreviewData;
    expect(preview.kind).toBe("preview");
    expect(preview.rows.map((row) => [row.number, row.status, row.phoneDisplay, row.problems])).toEqual([
      [2, "valid", "+49 30 1234567", {}],
      [3, "duplicate", "+49 30 1234567", {}],
      [4, "valid", "+49 89 1234567", {}],
    ]);
    expect(preview.counts).toMatchObject({ total: 3, valid: 2, invalid: 0, duplicate: 1 });
  });
});
