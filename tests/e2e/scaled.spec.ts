import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { S3_TEST_KEYS, startS3Server, type TestS3Server } from "../support/s3-server";
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from "../support/throwaway-postgres";
import { startAppServer, tempDir, type AppServer } from "./app-servers";
import { DEMO_PASSWORD, DEMO_USERS } from "./support";

/**
 * The scaled shape (docker-compose.yml, without Docker): PostgreSQL, an
 * S3-compatible store and two app servers on two ports, each with a DATA_DIR
 * of its own, so nothing they share goes through a local disk. Sign in on
 * the first and carry on on the second: search recordings, play audio, import
 * a CSV started on one and run through the other, start a campaign.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one pass over the scaled shape is enough");
test.describe.configure({ mode: "serial" });

let postgres: ThrowawayPostgres;
let s3: TestS3Server;
let first: AppServer;
let second: AppServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  postgres = await startThrowawayPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query("create database voxboard");
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, "/voxboard");
  s3 = await startS3Server(["voxboard"]);
  const shared = {
    DATABASE_URL: databaseUrl,
    S3_BUCKET: "voxboard",
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: "1",
    S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
  };
  // The first migrates and seeds the demo data; the second finds both done.
  first = await startAppServer(await freePort(), { ...shared, DATA_DIR: tempDir("replica-1"), SEED_DEMO: "1" });
  second = await startAppServer(await freePort(), { ...shared, DATA_DIR: tempDir("replica-2"), SEED_DEMO: "1" });
});

test.afterAll(async () => {
  await first?.kill();
  await second?.kill();
  await s3?.stop();
  postgres?.stop();
});

async function signInOn(page: Page, server: AppServer) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(DEMO_USERS.owner.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${server.url}/overview`);
}

test("both replicas are ready on PostgreSQL and S3, and say so", async ({ request }) => {
  for (const server of [first, second]) {
    expect(await (await request.get(`${server.url}/readyz`)).json()).toEqual({ status: "ready", checks: { database: "ok", storage: "ok" } });
    const started = server.logRecords().find((record) => String(record.msg).startsWith("Voxboard is listening"));
    expect(started).toMatchObject({ database: "postgresql", storage: "s3" });
  }
});

test("signed in on the first server, the second knows the user: recordings, search and audio", async ({ page }) => {
  await signInOn(page, first);
  // The session lives in the database: the other replica (same host, other port, so the same cookie) carries on.
  await page.goto(`${second.url}/recordings?q=renewal`);
  await expect(page.getByRole("heading", { level: 1, name: "Recordings" })).toBeVisible();
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const summary = await page.getByTestId("recordings-summary").textContent();
  await page.goto(`${first.url}/recordings?q=renewal`);
  await expect(page.getByTestId("recordings-summary")).toHaveText(summary!);

  // Audio from the bucket, in byte ranges, through either server.
  await page.goto(`${second.url}/recordings`);
  const ids = await rows.evaluateAll((trs) =>
    trs.map((tr) => new URL((tr.querySelector('a[href^="/recordings/"]') as HTMLAnchorElement).href).pathname.split("/")[2]),
  );
  let src: string | null = null;
  for (const id of ids) {
    await page.goto(`${second.url}/recordings/${id}`);
    if ((await page.locator("audio").count()) > 0) {
      src = await page.locator("audio").first().getAttribute("src");
      break;
    }
  }
  expect(src).toMatch(/^\/recordings\/[0-9a-f-]{36}\/audio$/);
  const whole = await page.request.get(`${first.url}${src}`);
  expect(whole.status()).toBe(200);
  const size = Number(whole.headers()["content-length"]);
  const part = await page.request.get(`${second.url}${src}`, { headers: { Range: "bytes=0-11" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-range"]).toBe(`bytes 0-11/${size}`);
  expect((await part.body()).subarray(0, 4).toString("latin1")).toBe("RIFF");
  // Another tenant's session would get a 404: the tenant check runs on every range request too (audio-range tests).
});

test("an import uploaded through one server is previewed and run through the other", async ({ page }) => {
  await signInOn(page, first);
  const block = 300 + Math.floor(Math.random() * 600);
  const csv = ["First name,Phone", ...Array.from({ length: 5 }, (_, i) => `Scaled ${i},613${block}${String(1000 + i)}`)].join("\n");
  const upload = await page.request.post(`${first.url}/contacts/import`, {
    multipart: { file: { name: "scaled.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
    maxRedirects: 0,
  });
  expect(upload.status(), await upload.text()).toBe(302);
  const path = upload.headers()["location"]!;
  expect((await page.request.post(`${second.url}${path}`, { form: { intent: "save-mapping", firstName: "0", phone: "1" }, maxRedirects: 0 })).status()).toBe(
    302,
  );
  await page.goto(`${second.url}${path}`);
  await expect(page.getByTestId("import-counts").locator('[data-count="valid"] dd')).toHaveText("5");
  const listName = `Scaled list ${block}`;
  expect(
    (await page.request.post(`${second.url}${path}`, { form: { intent: "start-import", listId: "new", newListName: listName }, maxRedirects: 0 })).status(),
  ).toBe(302);
  // The page's translations (shipped in its HTML) always contain "Import finished", so wait for the result panel itself.
  await expect.poll(async () => (await page.request.get(`${first.url}${path}`)).text(), { timeout: 20_000 }).toContain('data-testid="import-result"');
  await page.goto(`${first.url}/contacts?q=Scaled`);
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(5);
});

test("a campaign started on one server is dispatched by the replicas' job runners, once per contact", async ({ page }) => {
  await signInOn(page, second);
  await page.goto(`${second.url}/campaigns/new`);
  const name = `Scaled campaign ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel("Campaign name").fill(name);
  const list = await page.locator('select[name="contactListId"] option', { hasText: "Spring leads" }).first().getAttribute("value");
  await page.getByLabel("Contact list").selectOption(list!);
  await page.getByLabel("Outbound").check();
  await page.getByLabel("Immediately").check();
  const number = await page.locator('select[name="phoneNumberId"] option', { hasText: "Main line" }).first().getAttribute("value");
  await page.getByLabel("Business phone number").selectOption(number!);
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await page.getByLabel(day, { exact: true }).check();
  await page.getByLabel("From", { exact: true }).fill("00:00");
  await page.getByLabel("Until", { exact: true }).fill("23:59");
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const campaignPath = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await page.getByRole("dialog", { name: "Start campaign" }).getByRole("button", { name: "Start anyway" }).click();
  await expect(page.getByTestId("campaign-status").first()).toHaveText(/Running|Completed/);

  // Seen from the other replica: the run goes through the whole list and completes.
  await expect(async () => {
    await page.goto(`${first.url}${campaignPath}`);
    await expect(page.getByTestId("campaign-status").first()).toHaveText("Completed", { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  const phones = await page
    .getByTestId("activity-entry")
    .filter({ hasText: "Would call (logged)" })
    .evaluateAll((entries) => entries.map((entry) => entry.textContent));
  expect(phones.length).toBeGreaterThan(0);
  expect(new Set(phones).size).toBe(phones.length);
});

test("the two servers logged under one request id each, with the tenant and the user", async () => {
  const records = [...first.logRecords(), ...second.logRecords()].filter((record) => record.msg === "request" && record.route === "/recordings");
  expect(records.length).toBeGreaterThan(0);
  for (const record of records) expect(record).toMatchObject({ requestId: expect.any(String), tenantId: expect.any(String), userId: expect.any(String) });
  // Nothing was written to either server's local disk for the files: they are in the bucket.
  for (const server of [first, second]) expect(server.output()).not.toContain("ENOENT");
});
