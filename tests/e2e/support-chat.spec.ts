import { expect, test } from "./fixtures";
import { freePort } from "../support/throwaway-postgres";
import { startAppServer, tempDir, type AppServer } from "./app-servers";
import { isScriptless } from "./support";

/*
 * The support chat of the public pages (docs/product/behaviour.md#support-chat), on a server of
 * its own with SUPPORT_CHAT_SCRIPT_URL set. The chat's script is answered by the
 * test (page.route), so nothing leaves the machine.
 */

const SCRIPT_URL = "https://chat.voxboard.test/widget.js?site=42";
const ORIGIN = "https://chat.voxboard.test";
// What a chat's script does here: note that it ran, and open when asked.
const WIDGET = `window.chatRan = (window.chatRan || 0) + 1;
window.chatOpenedOnLoad = Boolean(window.VoxboardSupportChat && window.VoxboardSupportChat.requested);
window.addEventListener("voxboard:support-chat-open", function () { window.chatOpens = (window.chatOpens || 0) + 1; });`;

test.describe.configure({ mode: "serial" });

let server: AppServer;

test.beforeAll(async () => {
  const dataDir = tempDir("support-chat");
  server = await startAppServer(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/voxboard.db`,
    JOB_RUNNER: "0",
    SUPPORT_CHAT_SCRIPT_URL: SCRIPT_URL,
  });
});
test.afterAll(async () => {
  await server?.kill();
});

test("the public pages allow the chat's origin, the dashboard does not", async ({ request }) => {
  for (const path of ["/login", "/register", "/reset-password"]) {
    const csp = (await request.get(`${server.url}${path}`)).headers()["content-security-policy"] ?? "";
    expect(csp, path).toContain(`script-src 'self' 'nonce-`);
    expect(csp, path).toMatch(new RegExp(`script-src [^;]*${ORIGIN.replace(/\./g, "\\.")}`));
  }
  for (const path of ["/overview", "/choose-plan", "/healthz"]) {
    const csp = (await request.get(`${server.url}${path}`, { maxRedirects: 0 })).headers()["content-security-policy"] ?? "";
    expect(csp, path).not.toContain(ORIGIN);
  }
});

test("the chat loads only when asked for, and is asked to open", async ({ page }, testInfo) => {
  const requests: string[] = [];
  await page.route(`${ORIGIN}/**`, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: WIDGET });
  });
  await page.goto(`${server.url}/login`);
  const button = page.getByRole("button", { name: "Chat with us" });
  if (isScriptless(testInfo)) {
    // Without JavaScript there is no chat to load, so no button either.
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(button).toHaveCount(0);
    expect(requests).toEqual([]);
    return;
  }
  await expect(button).toBeVisible();
  expect(requests, "nothing of the chat loads with the page").toEqual([]);
  await button.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { chatOpens?: number }).chatOpens)).toBe(1);
  expect(requests).toEqual([SCRIPT_URL]);
  expect(await page.evaluate(() => (window as unknown as { chatOpenedOnLoad?: boolean }).chatOpenedOnLoad)).toBe(true);
  // A second press asks the loaded chat to open again; the script is not fetched twice.
  await button.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { chatOpens?: number }).chatOpens)).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { chatRan?: number }).chatRan)).toBe(1);
  expect(requests).toHaveLength(1);
});
