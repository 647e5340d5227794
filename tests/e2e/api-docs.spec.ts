import { expect, test } from "./fixtures";
import { isScriptless } from "./support";

/** The API reference reads whole without JavaScript, signed out (docs/product/api-docs.md). */
test("/api-docs shows the API's operations without JavaScript", async ({ page, request }, testInfo) => {
  test.skip(!isScriptless(testInfo), "The page is rendered on the server; the scriptless run is the one that matters");
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

  // The table of contents jumps to the operation, which shows its parameters, body and answers.
  await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "POST /api/v1/appointments" }).click();
  await expect(page).toHaveURL(/#op-post-api-v1-appointments$/);
  const booking = page.getByRole("article", { name: "POST /api/v1/appointments" });
  await expect(booking).toBeInViewport();
  await expect(booking.getByText("appointments:write", { exact: true })).toBeVisible();
  await expect(booking.getByRole("region", { name: "Example: POST /api/v1/appointments Request body" })).toContainText('"clientKey": "pc_7f3a91-booking-1"');
  await expect(booking.getByText("slot_taken").first()).toBeVisible();

  const slots = page.getByRole("article", { name: "GET /api/v1/slots" });
  await expect(slots.getByRole("region", { name: "Parameters of GET /api/v1/slots" }).getByRole("cell", { name: /eventType/ })).toBeVisible();

  // The document the page is rendered from is linked, and is the same API.
  const document = await request.get("/api-docs/openapi.json");
  expect(document.status()).toBe(200);
  expect(document.headers()["cache-control"]).toMatch(/max-age/);
  const json = (await document.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(json.openapi).toBe("3.1.0");
  expect(Object.keys(json.paths)).toContain("/api/v1/appointments");
  await expect(page.getByRole("link", { name: "OpenAPI 3.1 document (JSON)" })).toHaveAttribute("href", "/api-docs/openapi.json");
});
