import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as deleteRoute from "~/routes/_dashboard+/organizations+/$id.delete";
import * as editRoute from "~/routes/_dashboard+/organizations+/$id.edit";
import * as listRoute from "~/routes/_dashboard+/organizations+/_index";
import * as newRoute from "~/routes/_dashboard+/organizations+/new";
import * as logoRoute from "~/routes/resources+/organization-logo.$id";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { billingTenant } from "../support/billing";
import { team } from "../support/factories";

beforeAll(prepareTestDatabase);

const PNG = fs.readFileSync(path.resolve("public/user.png"));

function organizationForm(fields: Record<string, string>, logo?: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (logo) form.set("logo", logo);
  return form;
}

async function create(cookie: string, fields: Record<string, string>, logo?: File) {
  return callAction(newRoute.action, "/organizations/new", { cookie, form: organizationForm(fields, logo) });
}

const errorsOf = (result: unknown) => (unwrap(result).value as { result: { error: Record<string, string[]> } }).result.error;

async function listed(cookie: string, query = "") {
  const { value } = unwrap(await callLoader(listRoute.loader, `/organizations${query}`, { cookie }));
  return value as {
    rows: Array<{ id: string; name: string; website: string | null; logoUrl: string | null; teamCount: number }>;
    total: number;
    pageCount: number;
  };
}

describe("creating and editing an organization", () => {
  it("saves the name, the website (with https:// added) and a logo checked by its bytes, served to its own tenant only", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const result = await create(cookie, { name: "Zahnarztpraxis Müller", website: "praxis-mueller.de" }, new File([PNG], "logo.png", { type: "image/png" }));
    const { rows } = await listed(cookie);
    expect(redirectLocation(result)).toBe(`/organizations/${rows[0]!.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Zahnarztpraxis Müller", website: "https://praxis-mueller.de/" });
    expect(rows[0]!.logoUrl).toMatch(/^\/resources\/organization-logo\//);

    const logo = await callLoader(logoRoute.loader, rows[0]!.logoUrl!, { cookie, params: { id: rows[0]!.id } });
    expect(logo).toBeInstanceOf(Response);
    expect(Buffer.from(await (logo as Response).arrayBuffer()).equals(PNG)).toBe(true);
    const stranger = await billingTenant();
    const hidden = await callLoader(logoRoute.loader, rows[0]!.logoUrl!, { cookie: await stranger.cookie(), params: { id: rows[0]!.id } });
    expect((hidden as Response).status).toBe(404);
  });

  it("refuses a logo that is not an image, and a bad name or website, at their fields, saving nothing, in both languages", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const fake = new File([new TextEncoder().encode("not a picture")], "logo.png", { type: "image/png" });
    expect(errorsOf(await create(cookie, { name: "Gym North", website: "" }, fake))).toMatchObject({ logo: ["validation.logoNotImage"] });
    expect(errorsOf(await create(cookie, { name: "", website: "not a site" }))).toMatchObject({
      name: ["validation.nameRequired"],
      website: ["validation.websiteInvalid"],
    });
    expect(errorsOf(await create(cookie, { name: "G", website: "javascript:alert(1)" }))).toMatchObject({
      name: ["validation.nameTooShort"],
      website: ["validation.websiteInvalid"],
    });
    expect((await listed(cookie)).total).toBe(0);
    for (const language of ["en", "de"] as const) {
      const t = await getTranslatorFor(language, "organizations");
      for (const key of ["validation.logoNotImage", "validation.nameRequired", "validation.websiteInvalid", "validation.nameTooShort"])
        expect(t(key)).not.toBe(key);
    }
  });

  it("edits name and website and replaces the logo; another tenant's organization is not found", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    await create(cookie, { name: "Garage East", website: "" });
    const [row] = (await listed(cookie)).rows;
    const edited = await callAction(editRoute.action, `/organizations/${row!.id}/edit`, {
      cookie,
      params: { id: row!.id },
      form: organizationForm({ name: "Garage East & Sons", website: "https://garage.example" }, new File([PNG], "l.png")),
    });
    expect(redirectLocation(edited)).toBe("/organizations");
    expect((await listed(cookie)).rows[0]).toMatchObject({ name: "Garage East & Sons", website: "https://garage.example/" });

    const stranger = await billingTenant();
    const theirs = await callAction(editRoute.action, `/organizations/${row!.id}/edit`, {
      cookie: await stranger.cookie(),
      params: { id: row!.id },
      form: organizationForm({ name: "Taken over", website: "" }),
    });
    expect((theirs as Response).status).toBe(404);
    expect((await listed(cookie)).rows[0]!.name).toBe("Garage East & Sons");
  });
});

describe("the list", () => {
  it("searches names accent- and case-blind and websites, sorts, and pages 10 at a time", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    for (const name of [
      "Ärztehaus Süd",
      "zahnarzt mitte",
      "Bäckerei Brot",
      ...Array.from({ length: 9 }, (_, i) => `Studio ${String(i + 1).padStart(2, "0")}`),
    ]) {
      await create(cookie, { name, website: name.startsWith("Studio 01") ? "https://fit.example" : "" });
    }
    const first = await listed(cookie);
    expect([first.total, first.pageCount, first.rows.length]).toEqual([12, 2, 10]);
    expect(first.rows.slice(0, 3).map((row) => row.name)).toEqual(["Ärztehaus Süd", "Bäckerei Brot", "Studio 01"]);
    expect((await listed(cookie, "?page=2")).rows.map((row) => row.name)).toEqual(["Studio 09", "zahnarzt mitte"]);
    expect((await listed(cookie, "?sortBy=name&sortOrder=desc&limit=20")).rows[0]!.name).toBe("zahnarzt mitte");
    expect((await listed(cookie, "?search=ARZT")).rows.map((row) => row.name)).toEqual(["Ärztehaus Süd", "zahnarzt mitte"]);
    expect((await listed(cookie, "?search=fit.example")).rows.map((row) => row.name)).toEqual(["Studio 01"]);
    expect((await listed(cookie, "?search=100%25")).total).toBe(0);
  });
});

describe("deleting", () => {
  it("names what goes with it, deletes its teams and memberships, keeps the people, and is refused for another tenant", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    await create(cookie, { name: "Dental West", website: "" });
    const [row] = (await listed(cookie)).rows;
    const { id: teamId } = await team(owner.tenantId, row!.id, { name: "Front desk", memberIds: [owner.userId] });
    // The creator is its first member.

    const confirm = unwrap(await callLoader(deleteRoute.loader, `/organizations/${row!.id}/delete`, { cookie, params: { id: row!.id } })).value as {
      organization: { teams: number; members: number };
    };
    expect(confirm.organization).toMatchObject({ teams: 1, members: 1 });

    const stranger = await billingTenant();
    expect(
      ((await callAction(deleteRoute.action, `/organizations/${row!.id}/delete`, { cookie: await stranger.cookie(), params: { id: row!.id } })) as Response)
        .status,
    ).toBe(404);

    expect(redirectLocation(await callAction(deleteRoute.action, `/organizations/${row!.id}/delete`, { cookie, params: { id: row!.id } }))).toBe(
      "/organizations",
    );
    expect((await listed(cookie)).total).toBe(0);
    expect(await getDb().selectFrom("teams").select("id").where("id", "=", teamId).executeTakeFirst()).toBeUndefined();
    expect(await getDb().selectFrom("team_members").select("team_id").where("team_id", "=", teamId).executeTakeFirst()).toBeUndefined();
    expect(await getDb().selectFrom("users").select("id").where("id", "=", owner.userId).executeTakeFirst()).toBeDefined();
  });
});

describe("permissions", () => {
  it("the agent role can see organizations but not change them", async () => {
    const agent = await sessionCookieFor("agent@demo.test");
    expect(unwrap(await callLoader(listRoute.loader, "/organizations", { cookie: agent })).status).toBe(200);
    expect(((await create(agent, { name: "Sneaky", website: "" })) as Response).status).toBe(403);
  });
});
