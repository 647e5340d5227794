import { expect, signInQuickly, test, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * API access (issue 26, docs/product/api-access.md): a key with one scope
 * reads a call, is refused a write with 403, and both requests then show on
 * the usage tab, filtered to that key in the URL; the dashboard and the
 * getting-started tab render on the server. With and without JavaScript.
 */

test("create a scoped API key and read its usage", async ({ page, request }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/api-access?tab=keys");
  await waitForHydration(page, testInfo);
  const name = `E2E reader ${testInfo.project.name} ${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("checkbox", { name: /calls:read/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByTestId("new-api-key").getByLabel("API key").inputValue();
  expect(key).toMatch(/^vbk_\S{20,}$/);
  await expect(
    page
      .getByTestId("api-keys")
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name }) }),
  ).toContainText("calls:read");

  // `request` carries no cookies: the key alone authenticates. A demo call (app/seed/demo-calls.server.ts) is read…
  const read = await request.get("/api/v1/calls/demo-0001", { headers: { Authorization: `Bearer ${key}` } });
  expect(read.status(), await read.text()).toBe(200);
  // …and a write is outside the key's scope.
  const write = await request.post("/api/v1/call-events", {
    headers: { Authorization: `Bearer ${key}` },
    data: { eventId: `e2e-${Date.now()}`, type: "call.queued", occurredAt: new Date().toISOString(), call: { id: "e2e-refused", direction: "inbound" } },
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { error: { code: string } }).error.code).toBe("insufficient_scope");

  await page.getByRole("navigation", { name: "API access sections" }).getByRole("link", { name: "Usage" }).click();
  await expect(page).toHaveURL(/\/api-access\?tab=usage$/);
  await page.getByLabel("Key", { exact: true }).selectOption({ label: `${name} (${key.slice(0, 12)}…)` });
  // With JavaScript a select submits itself; without it, Apply does.
  if (isScriptless(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]key=/);
  const rows = page.getByTestId("api-usage").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  const readRow = page.locator('[data-endpoint="GET /api/v1/calls/{callId}"]');
  const writeRow = page.locator('[data-endpoint="POST /api/v1/call-events"]');
  const cell = (row: typeof readRow, column: string) => row.locator(`td[data-label="${column}"]`);
  await expect(cell(readRow, "Requests")).toHaveText("1");
  await expect(cell(readRow, "Errors")).toHaveText("0");
  await expect(cell(writeRow, "Requests")).toHaveText("1");
  await expect(cell(writeRow, "Errors")).toHaveText("1");
  await expect(page.getByTestId("api-usage-csv")).toHaveAttribute("href", /^\/api-access\/usage\.csv\?key=/);

  // Only the refused write is a client error.
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "4xx client error" });
  if (isScriptless(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=4xx/);
  await expect(page.getByTestId("api-usage").locator("tbody tr")).toHaveCount(1);
  await expect(writeRow).toHaveCount(1);

  await page.getByRole("navigation", { name: "API access sections" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByTestId("api-requests-chart")).toBeVisible();
  await expect(page.getByTestId("api-endpoints").getByRole("rowheader", { name: "POST /api/v1/call-events" })).toBeVisible();

  await page.getByRole("navigation", { name: "API access sections" }).getByRole("link", { name: "Documentation" }).click();
  await expect(page.getByTestId("api-curl-example")).toContainText("Authorization: Bearer");
  await expect(page.getByRole("link", { name: /OpenAPI 3\.1 document/ })).toHaveAttribute("href", "/api-docs/openapi.json");
});
