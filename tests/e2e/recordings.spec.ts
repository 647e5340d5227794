import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * The recordings list against the demo tenant's calls (app/seed/demo-calls.server.ts).
 * Tests run in parallel with others that change calls, so each reads a view
 * those changes cannot disturb: deletes take ended Customer Care calls,
 * feedback and analysis change Spring Renewal calls (read here only by id),
 * and the API test adds an inbound call without a campaign.
 */

/** The table's columns, in order: Date, Direction, Campaign, From, To, Agent, User, Company, Duration, Rating, Recording, Actions. */
// Cell 0 is the play button; the default columns follow (columns.ts), then the actions.
const COLUMN = { date: 1, direction: 2, contact: 3, campaign: 4, rating: 7 } as const;

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");

/** The data cells of each row (not the player or the actions, whose markup grows once scripts run). */
function rowTexts(page: Page) {
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from((tr as HTMLTableRowElement).cells)
        .slice(0, 10)
        .map((cell) => cell.textContent?.trim() ?? "")
        .join(" | "),
    ),
  );
}

function columnTexts(page: Page, column: number) {
  return rows(page).evaluateAll((trs, index) => trs.map((tr) => (tr as HTMLTableRowElement).cells[index]?.textContent?.trim() ?? ""), column);
}

/** Each row's recording id, read from its date, which links to the recording's page. */
function rowIds(page: Page) {
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) => new URL((tr.querySelector('a[href^="/recordings/"]') as HTMLAnchorElement).href).pathname.split("/")[2]),
  );
}

/** "Showing 1–10 of 42 recordings" → 42. */
async function totalOf(page: Page) {
  const text = (await page.getByTestId("recordings-summary").textContent()) ?? "";
  const match = /of ([\d,]+) recordings?/.exec(text);
  if (!match) throw new Error(`No total in "${text}"`);
  return Number(match[1]!.replace(/,/g, ""));
}

/** The app's sort order for text (derived-columns.ts sortKey): diacritics stripped, ß as ss, case ignored. */
const sortKeyOf = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/ß/g, "ss")
    .toLowerCase();

function expectInOrder(values: string[], order: "asc" | "desc") {
  const keys = values.map(sortKeyOf);
  const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expect(keys, `${values.join(", ")} in ${order}ending order`).toEqual(order === "asc" ? sorted : sorted.reverse());
}

/** RFC 4180 (quoted fields, doubled quotes, CRLF), as the export writes it. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') {
        field += char;
      } else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else {
        quoted = false;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else if (char !== "\r") {
      field += char;
    }
  }
  if (field || record.length > 0) records.push([...record, field]);
  return records;
}

test("filters by direction, campaign and a search term, and the bookmarked URL shows the same rows", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/recordings");
  await waitForHydration(page, testInfo);
  const everything = await totalOf(page);
  const form = page.getByRole("search", { name: "Search and filter recordings" });

  // With scripts a select submits itself; without, the Apply button (or Enter) does.
  await form.getByLabel("Direction").selectOption({ label: "Outbound" });
  if (!isScriptless(testInfo)) await expect(page).toHaveURL(/[?&]direction=outbound\b/);
  await form.getByLabel("Campaign").selectOption("Solar Leads Q4");
  if (!isScriptless(testInfo)) await expect(page).toHaveURL(/[?&]campaign=Solar\+Leads\+Q4\b/);
  else await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]campaign=Solar\+Leads\+Q4\b/);
  // The address changes as the navigation completes, a moment before the new rows render.
  await expect.poll(async () => [...new Set(await columnTexts(page, COLUMN.campaign))]).toEqual(["Solar Leads Q4"]);
  const campaignTotal = await totalOf(page);
  expect(campaignTotal).toBeGreaterThan(10);
  expect(campaignTotal).toBeLessThan(everything);

  const search = form.getByLabel("Search", { exact: true });
  await search.fill("roof");
  // With scripts nothing more is needed: the search submits itself 300 ms after the typing stops.
  if (isScriptless(testInfo)) await search.press("Enter");
  await expect(page).toHaveURL(/\/recordings\?(?=.*\bq=roof\b)(?=.*\bdirection=outbound\b)(?=.*\bcampaign=Solar\+Leads\+Q4\b)/);
  // Without scripts the URL changes when the new page starts to arrive; its table may still be streaming in.
  await page.waitForLoadState("load");
  await expect.poll(() => totalOf(page), { message: "the rows of the search" }).toBeLessThan(campaignTotal);
  const found = await totalOf(page);
  expect(found).toBeGreaterThan(0);
  expect(await columnTexts(page, COLUMN.campaign)).toEqual(Array(Math.min(found, 10)).fill("Solar Leads Q4"));
  for (const direction of await columnTexts(page, COLUMN.direction)) expect(direction).toMatch(/^Outbound/);

  const shown = await rowTexts(page);
  await page.goto(page.url());
  await expect(search).toHaveValue("roof");
  await expect(form.getByLabel("Direction")).toHaveValue("outbound");
  await expect(form.getByLabel("Campaign")).toHaveValue("Solar Leads Q4");
  expect(await totalOf(page)).toBe(found);
  expect(await rowTexts(page)).toEqual(shown);
});

test("pages forward, keeping the filter", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/recordings?campaign=Spring+Renewal+2026");
  const firstPage = await rowIds(page);
  expect(firstPage).toHaveLength(10);

  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByLabel("Page 1")).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Next page" }).click();

  await expect(page).toHaveURL(/\/recordings\?campaign=Spring\+Renewal\+2026&page=2$/);
  await expect(pages.getByLabel("Page 2")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("recordings-summary")).toContainText("Showing 11–20 of");
  const secondPage = await rowIds(page);
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
  expect(await columnTexts(page, COLUMN.campaign)).toEqual(Array(secondPage.length).fill("Spring Renewal 2026"));
});

test("sorts by campaign in locale order and exports exactly that view as CSV", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/recordings?direction=outbound");
  const campaignHeader = page.getByRole("columnheader", { name: "Campaign" });
  await expect(campaignHeader).not.toHaveAttribute("aria-sort");
  await expect(page.getByRole("columnheader", { name: "Date" })).toHaveAttribute("aria-sort", "descending");

  await campaignHeader.getByRole("link").click();
  await expect(page).toHaveURL(/[?&]sort=campaign&order=asc\b/);
  await expect(campaignHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByRole("columnheader", { name: "Date" })).not.toHaveAttribute("aria-sort");
  // "Ökostrom …" sorts with O: before "Solar …", not after "Zahnarzt …" as a byte order would put it.
  const ascending = await columnTexts(page, COLUMN.campaign);
  expect(ascending[0]).toBe("Ökostrom Wechselaktion");
  expect(ascending).toContain("Solar Leads Q4");
  expectInOrder(ascending, "asc");
  const shownIds = await rowIds(page);
  const total = await totalOf(page);

  // A file download, with or without scripts: a plain link with the download attribute.
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", /^\/recordings\/export\.csv\?(?=.*\bdirection=outbound\b)(?=.*\bsort=campaign\b)(?=.*\border=asc\b)/);
  let csv: string;
  if (isScriptless(testInfo)) {
    const response = await page.request.get((await exportLink.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="recordings-\d{4}-\d{2}-\d{2}\.csv"$/);
    csv = await response.text();
  } else {
    const downloaded = page.waitForEvent("download");
    await exportLink.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^recordings-\d{4}-\d{2}-\d{2}\.csv$/);
    csv = await fs.readFile((await download.path())!, "utf8");
  }
  const [header, ...records] = parseCsv(csv);
  expect(csv.split("\r\n")[0]).toBe(
    [
      "ID",
      "Date (ISO 8601, UTC)",
      "Date",
      "Direction",
      "Status",
      "Campaign",
      "From",
      "To",
      "Agent",
      "User",
      "Company",
      "Duration (seconds)",
      "Duration",
      "Rating",
      "Sentiment",
      "Escalated",
      "Summary",
    ]
      .map((name) => `"${name}"`)
      .join(","),
  );
  expect(header).toHaveLength(17);
  // Every page of the view, in the list's order.
  expect(records).toHaveLength(total);
  expect(records.slice(0, shownIds.length).map((record) => record[0])).toEqual(shownIds);
  expect(new Set(records.map((record) => record[3]))).toEqual(new Set(["Outbound"]));
  expectInOrder(
    records.map((record) => record[5]!),
    "asc",
  );

  await campaignHeader.getByRole("link").click();
  await expect(page).toHaveURL(/[?&]sort=campaign&order=desc\b/);
  await expect(campaignHeader).toHaveAttribute("aria-sort", "descending");
  const descending = await columnTexts(page, COLUMN.campaign);
  expect(descending[0]).toBe("Zahnarzt Terminerinnerung");
  expectInOrder(descending, "desc");
});

test("the list speaks German after the language switch", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/recordings?direction=inbound");
  await expect(page.getByRole("columnheader", { name: "Date" })).toBeVisible();
  // Month abbreviation, day, year and a 12-hour time, e.g. "Nov 20, 2026, 1:27 PM".
  expect((await columnTexts(page, COLUMN.date))[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);

  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveURL(/\/recordings\?direction=inbound$/);
  await expect(page.getByRole("heading", { name: "Aufzeichnungen", level: 1 })).toBeVisible();
  for (const name of ["Datum", "Richtung", "Kontakt", "Kampagne", "Agent", "Dauer", "Bewertung"]) {
    await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
  }
  // Day.month.year and a 24-hour time, e.g. "20.11.2026, 13:27".
  expect((await columnTexts(page, COLUMN.date))[0]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  expect(await columnTexts(page, COLUMN.direction)).toContain("Eingehend");
});

test.describe("accessibility", () => {
  test.use({ javaScriptEnabled: true });
  // axe takes several seconds on a page with a full table on this kind of machine.
  test.describe.configure({ timeout: 60_000 });
  test.beforeEach(async ({ page }, testInfo) => {
    await prepareAccessibilityAudit(page, testInfo);
    await signInQuickly(page, DEMO_USERS.owner.email);
  });

  test("/recordings has no serious accessibility problems", async ({ page }) => {
    await page.goto("/recordings?campaign=Solar+Leads+Q4");
    await expect(rows(page)).toHaveCount(10);
    await expectNoSeriousViolations(page, { withoutScripts: true });
  });

  test("a recording's page has no serious accessibility problems", async ({ page }) => {
    await page.goto("/recordings?campaign=Solar+Leads+Q4");
    // Straight to the first call's page (its date links there): the audit is of that page, not of the click.
    const href = await rows(page)
      .first()
      .locator(`td:nth-child(${COLUMN.date + 1}) a`)
      .getAttribute("href");
    await page.goto(href!);
    await expect(page.getByTestId("recording-detail")).toBeVisible();
    await expect(page.getByTestId("transcript")).toBeVisible();
    await expect(page.getByTestId("analysis-panel")).toBeVisible();
    await expectNoSeriousViolations(page, { withoutScripts: true });
  });
});
