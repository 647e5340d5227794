import { beforeAll, describe, expect, it } from "vitest";
import { addTenantNumber } from "~/features/numbers/numbers.server";
import { DEMO_PASSWORD } from "~/seed/seed.server";
import * as login from "~/routes/_auth+/login";
import * as overview from "~/routes/_dashboard+/overview";
import { callAction, callLoader, cookiesFrom, prepareTestDatabase, sessionCookieFor, unwrap } from "../support/app";
import { renderPage } from "../support/render-page";
import { tenantUser, tenantWithOwner } from "../support/factories";

beforeAll(prepareTestDatabase);

type OverviewData = Awaited<ReturnType<typeof overview.loader>>;

/** Signs in through the login form and returns the session cookie the browser would keep. */
async function signIn(email: string) {
  const response = await callAction(login.action, "/login", { form: { email, password: DEMO_PASSWORD } });
  if (!(response instanceof Response)) throw new Error("sign-in did not redirect");
  return cookiesFrom(response);
}

async function loadOverview(cookie: string) {
  const result = unwrap(await callLoader(overview.loader, "/overview", { cookie }));
  expect(result.status).toBe(200);
  return result.value as OverviewData;
}

async function heading(cookie: string, language: "en" | "de" = "en") {
  const html = await renderPage(overview.default, await loadOverview(cookie), "/overview", language);
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

describe("the overview's greeting", () => {
  it("says Welcome throughout the first visit after registration and Welcome back from the next sign-in on", async () => {
    const { email } = await tenantWithOwner({ name: "Frieda Erstbesuch", company: "Frieda Erstbesuch GmbH", phone: "+49 30 1234567", signedIn: false });
    const firstVisit = await signIn(email);
    expect(await heading(firstVisit)).toBe("Welcome, Frieda Erstbesuch");
    // Reloading the page is still the same, first visit.
    expect(await heading(firstVisit, "de")).toBe("Willkommen, Frieda Erstbesuch");

    const laterVisit = await signIn(email);
    expect(await heading(laterVisit)).toBe("Welcome back, Frieda Erstbesuch");
    expect(await heading(laterVisit, "de")).toBe("Willkommen zurück, Frieda Erstbesuch");
  });

  it("says Welcome back to people who were here before the first sign-in was recorded", async () => {
    expect(await heading(await sessionCookieFor("owner@demo.test"))).toBe("Welcome back, Olivia Owner");
  });
});

describe("the first-steps checklist", () => {
  const stepsOf = (data: OverviewData) => data.firstSteps?.map(({ key, done, links }) => ({ key, done, hrefs: links.map((link) => link.href) }));

  it("lists the five open steps of an empty organisation, each linked for the owner, ending with the organization", async () => {
    const { email } = await tenantWithOwner({ name: "Olga Leer", company: "Olga Leer GmbH", phone: "+49 30 1234567", signedIn: false });
    const data = await loadOverview(await signIn(email));
    expect(stepsOf(data)).toEqual([
      { key: "number", done: false, hrefs: ["/numbers-managment"] },
      { key: "knowledgeBase", done: false, hrefs: ["/knowledge-base/new"] },
      { key: "contacts", done: false, hrefs: ["/contacts/import", "/contacts/new"] },
      { key: "campaign", done: false, hrefs: ["/campaigns/new"] },
      { key: "organization", done: false, hrefs: ["/organizations/new"] },
    ]);
    const html = await renderPage(overview.default, data, "/overview");
    expect(html).toContain("First steps");
    expect(html).toContain("5 steps to go");
    expect(html).toMatch(/href="\/contacts\/import"[^>]*>Import a contact list</);
  });

  it("ticks the number once the organisation has one, and links only the open steps", async () => {
    const { tenantId, email } = await tenantWithOwner({ name: "Nils Nummer", company: "Nils Nummer GmbH", phone: "+49 30 1234567", signedIn: false });
    expect(await addTenantNumber(tenantId, { e164: "+4930555000111", label: "Zentrale" }, 5)).toMatchObject({ ok: true });
    const data = await loadOverview(await signIn(email));
    expect(stepsOf(data)?.map(({ key, done, hrefs }) => [key, done, hrefs.length])).toEqual([
      ["number", true, 0],
      ["knowledgeBase", false, 1],
      ["contacts", false, 2],
      ["campaign", false, 1],
      ["organization", false, 1],
    ]);
    const html = await renderPage(overview.default, data, "/overview", "de");
    expect(html).toContain("Noch 4 Schritte");
    expect(html).toMatch(/data-step="number" data-done="true"[\s\S]*?Erledigt/);
    expect(html).not.toContain('href="/numbers-managment"');
  });

  it("shows a read-only agent what is missing without links they could not follow", async () => {
    const { tenantId } = await tenantWithOwner({ name: "Anna Aufbau", company: "Anna Aufbau GmbH", phone: "+49 30 1234567", signedIn: false });
    const { email: agentEmail } = await tenantUser(tenantId, { role: "agent", name: "Arne Agent", password: DEMO_PASSWORD });
    const data = await loadOverview(await signIn(agentEmail));
    expect(stepsOf(data)?.map(({ done, hrefs }) => [done, hrefs.length])).toEqual([
      [false, 0],
      [false, 0],
      [false, 0],
      [false, 0],
      [false, 0],
    ]);
    const html = await renderPage(overview.default, data, "/overview");
    expect(html).toContain("Add a phone number");
    expect(html).not.toMatch(/href="\/(numbers-managment|knowledge-base\/new|contacts\/import|contacts\/new|campaigns\/new)"/);
  });

  it("is gone once every step is done", async () => {
    // The demo organisation has numbers, knowledge bases, contacts, campaigns and organizations.
    const data = await loadOverview(await sessionCookieFor("owner@demo.test"));
    expect(data.firstSteps).toBeNull();
    expect(await renderPage(overview.default, data, "/overview")).not.toContain("First steps");
  });
});
