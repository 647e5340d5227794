import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import type { ContactsListViewData, ContactsListParams } from "~/features/contacts/list-params";
import { parseListParams } from "~/features/contacts/list-params";
import { exportChunks } from "~/features/contacts/list-query.server";
import * as exportRoute from "~/routes/_files+/contacts.export[.]csv";
import * as indexRoute from "~/routes/_dashboard+/contacts+/_index";
import { callLoader, prepareTestDatabase, sessionCookieFor, unwrap } from "../support/app";
import { readCsv } from "../support/csv";
import { contact, contactList, tenantWithOwner } from "../support/factories";

/*
 * The contacts list's URL contract (search, filters, sort, paging, lenient
 * parsing) and the CSV export of the same view, for one tenant of its own
 * with known contacts, next to a second tenant whose look-alike contacts must
 * never show.
 */

beforeAll(prepareTestDatabase);

interface Owner {
  tenantId: string;
  cookie: string;
}

const newList = async (tenantId: string, name: string) => (await contactList(tenantId, { name })).id;

interface Spec {
  first: string;
  last?: string;
  title?: string;
  company?: string;
  phone: string;
  email?: string;
  listId: string;
  optedOut?: boolean;
}

let minute = 0;
/** Inserts contacts one minute apart, the first the oldest. */
async function insertContacts(tenantId: string, specs: Spec[]) {
  const ids: string[] = [];
  for (const spec of specs) {
    minute += 1;
    const createdAt = new Date(Date.UTC(2026, 0, 5, 9, 0) + minute * 60_000).toISOString();
    const { id } = await contact(tenantId, {
      listId: spec.listId,
      first_name: spec.first,
      last_name: spec.last ?? "",
      title: spec.title ?? "",
      company: spec.company ?? "",
      phone: spec.phone,
      email: spec.email ?? "",
      optedOut: spec.optedOut,
      created_at: createdAt,
    });
    ids.push(id);
  }
  return ids;
}

async function view(cookie: string, query = ""): Promise<ContactsListViewData> {
  const { status, value } = unwrap(await callLoader(indexRoute.loader, `/contacts${query}`, { cookie }));
  expect(status).toBe(200);
  return (value as { list: ContactsListViewData }).list;
}

const names = (data: ContactsListViewData) => data.rows.map((row) => [row.firstName, row.lastName].filter(Boolean).join(" "));

async function allNames(cookie: string, query: string) {
  const found: string[] = [];
  for (let page = 1; page < 50; page++) {
    const data = await view(cookie, `${query}${query ? "&" : "?"}page=${page}`);
    found.push(...names(data));
    if (page >= data.pageCount) break;
  }
  return found;
}

async function exportCsv(cookie: string, query = "", language: "en" | "de" = "en") {
  const response = await callLoader(exportRoute.loader, `/contacts/export.csv${query}`, { cookie, language });
  if (!(response instanceof Response)) throw new Error("export did not return a Response");
  return response;
}

describe("the contacts list", () => {
  let owner: Owner;
  let stranger: Owner;
  const lists = { alpha: "", beta: "", aerzte: "", stranger: "" };

  beforeAll(async () => {
    owner = await tenantWithOwner({ timeZone: "Europe/Berlin" });
    stranger = await tenantWithOwner({ timeZone: "Europe/Berlin" });
    lists.alpha = await newList(owner.tenantId, "Alpha");
    lists.beta = await newList(owner.tenantId, "beta");
    lists.aerzte = await newList(owner.tenantId, "Ärzte");
    lists.stranger = await newList(stranger.tenantId, "Alpha");
    await insertContacts(owner.tenantId, [
      { first: "Anna", last: "Schmidt", title: "Buyer", company: "Acme", phone: "+14165550101", email: "anna@acme.example", listId: lists.alpha },
      { first: "Jürgen", last: "Müller", company: "ÄRZTE-VERBUND MÜLLER", phone: "+493012345678", email: "j@mueller.example", listId: lists.aerzte },
      { first: "Mehmet", last: "Özil", company: "özil handel", phone: "+494012345670", listId: lists.aerzte, optedOut: true },
      { first: "zoe", last: "Zander", company: "", phone: "+16475550142", listId: lists.beta },
      { first: "Bob", last: "baker", company: "Acme", phone: "+12125550187", email: "bob@50%.example", listId: lists.beta },
      { first: "Solo", company: "Zeta", phone: "+13125550164", listId: lists.alpha, optedOut: true },
      {
        first: '=HYPERLINK("http://evil.example","click")',
        last: "-2+3",
        title: "@SUM(A1)",
        company: 'Quote "Inc", Ltd',
        phone: "+442071234567",
        email: "+cmd@evil.example",
        listId: lists.beta,
      },
      ...Array.from({ length: 23 }, (_, index) => ({
        first: `Filler${String(index).padStart(2, "0")}`,
        last: "Person",
        company: index % 2 === 0 ? "Acme" : "Globex",
        phone: `+1416555${String(2000 + index)}`,
        listId: lists.alpha,
      })),
    ]);
    await insertContacts(stranger.tenantId, [
      { first: "Anna", last: "Schmidt", company: "Acme", phone: "+14165550101", email: "anna@acme.example", listId: lists.stranger },
      { first: "Stranger", last: "Danger", company: "Acme", phone: "+14165559999", listId: lists.stranger },
    ]);
  });

  it("shows the newest contacts first, 20 to a page, with the lists and their counts", async () => {
    const first = await view(owner.cookie);
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(20);
    expect(names(first)[0]).toBe("Filler22 Person");
    expect(first.params).toMatchObject({ sort: "created", order: "desc", page: 1 });
    expect(first.lists.map((list) => [list.name, list.contactCount])).toEqual([
      ["Alpha", 25],
      ["beta", 3],
      ["Ärzte", 2],
    ]);
    expect(first.contactCount).toBe(30);
    expect(first.exportHref).toBe("/contacts/export.csv");
    const second = await view(owner.cookie, "?page=2");
    expect(second.rows).toHaveLength(10);
    expect(names(second).at(-1)).toBe("Anna Schmidt");
    expect(new Set([...names(first), ...names(second)]).size).toBe(30);
  });

  it("reads bad parameters leniently: defaults instead of errors, the page clamped to the last one", async () => {
    expect((await view(owner.cookie, "?page=99")).params.page).toBe(2);
    expect((await view(owner.cookie, "?page=abc")).params.page).toBe(1);
    expect((await view(owner.cookie, "?page=-3")).params.page).toBe(1);
    expect((await view(owner.cookie, "?page=1e400")).params.page).toBe(1);
    expect((await view(owner.cookie, "?sort=phone&order=sideways")).params).toMatchObject({ sort: "created", order: "desc" });
    expect((await view(owner.cookie, "?sort=name")).params).toMatchObject({ sort: "name", order: "asc" });
    expect((await view(owner.cookie, "?optedOut=maybe")).params.optedOut).toBeNull();
    expect((await view(owner.cookie, "?sort=company&sort=name")).params.sort).toBe("company");
  });

  it("searches names, company and email case-insensitively, umlauts included, and phone numbers by their digits", async () => {
    expect(names(await view(owner.cookie, "?q=anna"))).toEqual(["Anna Schmidt"]);
    expect(names(await view(owner.cookie, "?q=ANNA%20SCHM"))).toEqual(["Anna Schmidt"]);
    expect(names(await view(owner.cookie, `?q=${encodeURIComponent("müller")}`))).toEqual(["Jürgen Müller"]);
    // Only the company has these letters, in capitals.
    expect(names(await view(owner.cookie, `?q=${encodeURIComponent("ärzte-verbund")}`))).toEqual(["Jürgen Müller"]);
    expect(names(await view(owner.cookie, `?q=${encodeURIComponent("Özil Handel")}`))).toEqual(["Mehmet Özil"]);
    expect(names(await view(owner.cookie, "?q=acme.example"))).toEqual(["Anna Schmidt"]);
    expect(names(await view(owner.cookie, `?q=${encodeURIComponent("(416) 555-0101")}`))).toEqual(["Anna Schmidt"]);
    expect(names(await view(owner.cookie, `?q=${encodeURIComponent("+49 30")}`))).toEqual(["Jürgen Müller"]);
    // "%" and "_" are text, not wildcards.
    expect(names(await view(owner.cookie, `?q=${encodeURIComponent("50%")}`))).toEqual(["Bob baker"]);
    expect((await view(owner.cookie, "?q=_")).total).toBe(0);
    expect((await view(owner.cookie, "?q=Acme")).total).toBe(14);
    const none = await view(owner.cookie, "?q=nobody-at-all");
    expect(none.total).toBe(0);
    expect(none.rows).toEqual([]);
  });

  it("never shows another tenant's contacts, whatever the search or list", async () => {
    const danger = await view(owner.cookie, "?q=Stranger");
    expect(danger.total).toBe(0);
    const anna = await view(owner.cookie, "?q=4165550101");
    expect(anna.rows.map((row) => row.listId)).toEqual([lists.alpha]);
    // A list id of another tenant is ignored (and said so), never matched.
    const foreign = await view(owner.cookie, `?list=${lists.stranger}&q=anna`);
    expect(foreign.unknownList).toBe(true);
    expect(foreign.params.list).toBeNull();
    expect(foreign.rows.map((row) => row.listId)).toEqual([lists.alpha]);
    const theirs = await view(stranger.cookie, "?q=acme");
    expect(names(theirs).sort()).toEqual(["Anna Schmidt", "Stranger Danger"]);
    expect(theirs.lists.map((list) => list.name)).toEqual(["Alpha"]);
  });

  it("filters by list and by opt-out, and the filters combine with search", async () => {
    expect((await view(owner.cookie, `?list=${lists.aerzte}`)).total).toBe(2);
    expect(names(await view(owner.cookie, "?optedOut=yes")).sort()).toEqual(["Mehmet Özil", "Solo"]);
    expect((await view(owner.cookie, "?optedOut=no")).total).toBe(28);
    expect(names(await view(owner.cookie, `?list=${lists.aerzte}&optedOut=no`))).toEqual(["Jürgen Müller"]);
    expect((await view(owner.cookie, `?list=${lists.beta}&q=acme`)).total).toBe(1);
    const filtered = await view(owner.cookie, `?list=${lists.beta}&optedOut=no&sort=name&page=1`);
    expect(filtered.returnTo).toBe(`/contacts?list=${lists.beta}&optedOut=no&sort=name&order=asc`);
    expect(filtered.exportHref).toBe(`/contacts/export.csv?list=${lists.beta}&optedOut=no&sort=name&order=asc`);
  });

  it("sorts by last then first name in locale order (umlauts with their letter, case ignored), both ways", async () => {
    const query = `?list=${lists.aerzte}&sort=name`;
    expect(names(await view(owner.cookie, query))).toEqual(["Jürgen Müller", "Mehmet Özil"]);
    const nonFiller = (found: string[]) => found.filter((name) => !name.startsWith("Filler"));
    const ascending = nonFiller(await allNames(owner.cookie, "?sort=name&order=asc"));
    expect(ascending).toEqual([
      "Solo",
      '=HYPERLINK("http://evil.example","click") -2+3',
      "Bob baker",
      "Jürgen Müller",
      "Mehmet Özil",
      "Anna Schmidt",
      "zoe Zander",
    ]);
    const descending = nonFiller(await allNames(owner.cookie, "?sort=name&order=desc"));
    expect(descending).toEqual([...ascending].reverse());
  });

  it("sorts by company with blanks first ascending and last descending, and by list name", async () => {
    const companies = async (query: string) => (await allNamesWithCompany(owner.cookie, query)).map((row) => row.company);
    const ascending = await companies("?sort=company&order=asc");
    expect(ascending[0]).toBe("");
    expect(ascending.at(-1)).toBe("Zeta");
    expect(ascending.indexOf("ÄRZTE-VERBUND MÜLLER")).toBeLessThan(ascending.indexOf("Globex"));
    expect(ascending.indexOf("Globex")).toBeLessThan(ascending.indexOf("özil handel"));
    expect(ascending.indexOf("özil handel")).toBeLessThan(ascending.indexOf('Quote "Inc", Ltd'));
    const descending = await companies("?sort=company&order=desc");
    expect(descending.at(-1)).toBe("");
    const byList = (await allNamesWithCompany(owner.cookie, "?sort=list&order=asc")).map((row) => row.listName);
    expect([...new Set(byList)]).toEqual(["Alpha", "Ärzte", "beta"]);
  });

  it("keeps paging stable: every contact exactly once across pages, in every order", async () => {
    for (const query of ["?sort=company&order=asc", "?sort=company&order=desc", "?sort=list&order=desc", "?sort=name", "?sort=created&order=asc"]) {
      const found = await allNames(owner.cookie, query);
      expect(found).toHaveLength(30);
      expect(new Set(found).size).toBe(30);
    }
  });

  describe("export", () => {
    it("holds every page of the view in its order, with formula-like cells made harmless", async () => {
      const response = await exportCsv(owner.cookie, "?sort=name&order=asc");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes[0]).toBe(0x22);
      const text = new TextDecoder().decode(bytes);
      const [header, ...rows] = await readCsv(text, ",");
      expect(header).toEqual(["First name", "Last name", "Title", "Company", "Phone", "Email", "List", "Opted out", "Opted out on", "Added"]);
      expect(rows).toHaveLength(30);
      const listed = await allNames(owner.cookie, "?sort=name&order=asc");
      const exported = rows.map(([first, last]) => [first!.replace(/^'/, ""), last!.replace(/^'/, "")].filter(Boolean).join(" "));
      expect(exported).toEqual(listed);
      const evil = rows.find((row) => row[0]!.includes("HYPERLINK"))!;
      expect(evil.slice(0, 6)).toEqual([
        `'=HYPERLINK("http://evil.example","click")`,
        "'-2+3",
        "'@SUM(A1)",
        'Quote "Inc", Ltd',
        "'+44 20 7123 4567",
        "'+cmd@evil.example",
      ]);
      // The raw text: every field quoted, inner quotes doubled.
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
      const solo = rows.find((row) => row[0] === "Solo")!;
      expect(solo[7]).toBe("Yes");
      expect(solo[8]).toMatch(/2026/);
      expect(rows.find((row) => row[0] === "Anna")![4]).toBe("'+1 (416) 555-0101");
    });

    it("applies the same filters and search, and never holds another tenant's contacts", async () => {
      const rows = async (text: string) => (await readCsv(text, ",")).slice(1);
      const beta = await rows(await (await exportCsv(owner.cookie, `?list=${lists.beta}&optedOut=no&sort=name`)).text());
      expect(beta.map((row) => row[0])).toEqual(['\'=HYPERLINK("http://evil.example","click")', "Bob", "zoe"]);
      const searched = await rows(await (await exportCsv(owner.cookie, "?q=anna")).text());
      expect(searched.map((row) => `${row[0]} ${row[6]}`)).toEqual(["Anna Alpha"]);
      const foreignList = await rows(await (await exportCsv(owner.cookie, `?list=${lists.stranger}`)).text());
      expect(foreignList).toHaveLength(30);
      expect(foreignList.some((row) => row[0] === "Stranger")).toBe(false);
      const theirs = await rows(await (await exportCsv(stranger.cookie)).text());
      expect(theirs.map((row) => row[0]).sort()).toEqual(["Anna", "Stranger"]);
    });

    it("is German with semicolons and a byte-order mark for German users", async () => {
      const bytes = new Uint8Array(await (await exportCsv(owner.cookie, `?list=${lists.aerzte}&sort=name`, "de")).arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = await readCsv(new TextDecoder().decode(bytes), ";");
      expect(header).toEqual([
        "Vorname",
        "Nachname",
        "Position",
        "Firma",
        "Telefon",
        "E-Mail",
        "Liste",
        "Keine Anrufe mehr",
        "Keine Anrufe mehr seit",
        "Hinzugefügt",
      ]);
      expect(rows.map((row) => [row[0], row[6], row[7]])).toEqual([
        ["Jürgen", "Ärzte", "Nein"],
        ["Mehmet", "Ärzte", "Ja"],
      ]);
    });

    it("may be downloaded by a user who can only read", async () => {
      const agent = await sessionCookieFor("agent@demo.test");
      const response = await exportCsv(agent);
      expect(response.status).toBe(200);
      const rows = (await readCsv(await response.text(), ",")).slice(1);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row[0] === "Filler00")).toBe(false);
    });

    it("walks the view in chunks that join up exactly, ties included, in every order", async () => {
      const scope = { tenantId: owner.tenantId, timeZone: "Europe/Berlin" };
      for (const query of [
        "sort=company&order=asc",
        "sort=company&order=desc",
        "sort=list",
        "sort=name&order=desc",
        "sort=created&order=asc",
        "q=acme&sort=company",
      ]) {
        const params: ContactsListParams = parseListParams(new URLSearchParams(query));
        const whole: string[] = [];
        for await (const chunk of exportChunks(getDb(), scope, params, 10_000)) whole.push(...chunk.map((row) => row.id));
        const chunked: string[] = [];
        for await (const chunk of exportChunks(getDb(), scope, params, 3)) chunked.push(...chunk.map((row) => row.id));
        expect(chunked, query).toEqual(whole);
        expect(new Set(whole).size).toBe(whole.length);
      }
    });
  });
});

async function allNamesWithCompany(cookie: string, query: string) {
  const found: Array<{ company: string; listName: string }> = [];
  for (let page = 1; page < 50; page++) {
    const data = await view(cookie, `${query}&page=${page}`);
    found.push(...data.rows.map((row) => ({ company: row.company, listName: row.listName })));
    if (page >= data.pageCount) break;
  }
  return found;
}

describe("the export's dates", () => {
  it("read exactly as the rest of the app writes them", async () => {
    const { formatDateTime } = await import("~/i18n/format");
    const { exportDateFormatter } = await import("~/features/contacts/list-query.server");
    for (const [language, zone] of [
      ["en", "America/Toronto"],
      ["de", "Europe/Berlin"],
    ] as const) {
      const format = exportDateFormatter(language, zone);
      for (const iso of ["2026-01-05T09:01:00.000Z", "2026-07-31T23:59:00.000Z"]) expect(format(iso)).toBe(formatDateTime(iso, language, zone));
    }
  });
});
