import fs from "node:fs";
import path from "node:path";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-pass-2026!";

export const DEMO_USERS = {
  owner: { email: "owner@demo.test", name: "Olivia Owner" },
  agent: { email: "agent@demo.test", name: "Arjun Agent" },
  admin: { email: "admin@demo.test", name: "Ada Admin" },
  trial: { email: "trial@demo.test", name: "Tomas Trial" },
} as const;

export function isScriptless(testInfo: TestInfo) {
  return testInfo.project.use.javaScriptEnabled === false;
}

/** Registration needs an address no other test, project or earlier run has used. */
export function uniqueEmail(prefix: string, testInfo: TestInfo) {
  return `${prefix}-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in through the form and waits until the browser has left /login. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await submitSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * The profile menu is a <details> disclosure in server-rendered HTML and a
 * menu button once hydrated. With scripts on, waiting for the
 * button role also waits for hydration, so the click never hits the
 * disclosure a moment before React replaces it.
 */
export async function openProfileMenu(page: Page, testInfo: TestInfo) {
  if (isScriptless(testInfo)) await page.getByLabel("Profile menu").click();
  else await page.getByRole("button", { name: "Profile menu" }).click();
}

/** An entry of the open profile menu: a link or form button without scripts, a menuitem with them. */
export function profileMenuEntry(page: Page, testInfo: TestInfo, name: string, kind: "link" | "button") {
  // Without scripts the menu is a disclosure of plain links in the top bar; the sidebar has a Billing link of its own.
  return isScriptless(testInfo) ? page.getByRole("banner").getByRole(kind, { name, exact: true }) : page.getByRole("menuitem", { name, exact: true });
}

export function sidebar(page: Page) {
  return page.getByRole("navigation", { name: "Main navigation" });
}

export interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

function outboxDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return path.join(dataDir, "outbox");
}

function readOutbox(): OutboxEmail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as OutboxEmail)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The newest email to an address, waiting briefly because the server writes it during the request. */
export async function latestEmailTo(address: string): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      () => {
        found = readOutbox()
          .filter((email) => email.to === address)
          .at(-1);
        return Boolean(found);
      },
      { message: `an email to ${address} in ${outboxDir()}` },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the first link in `text` that points at `pathname`. */
export function linkFrom(text: string, pathname: string) {
  const match = new RegExp(`https?://[^\\s"'<>]+${pathname.replace(/[/.]/g, "\\$&")}\\?[^\\s"'<>]+`).exec(text);
  if (!match) throw new Error(`No ${pathname} link in:\n${text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/**
 * The id of an integration of the selected organization, connecting the gym
 * template (at its own address: nothing is sent, its endpoints start with no
 * write in sync) when there is none. Screens that need an integration (layout,
 * accessibility) share it; specs running at once may race to connect, and the
 * loser finds the winner's on the Active tab.
 */
export async function ensureDemoIntegration(page: Page): Promise<string> {
  const existing = async () => {
    await page.goto("/integrations-hub?tab=active");
    const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    return hrefs.map((href) => /^\/integrations-hub\/([0-9a-f-]{36})$/.exec(href)?.[1]).find(Boolean) ?? null;
  };
  const found = await existing();
  if (found) return found;
  await page.goto("/integrations-hub/connect/gym-management");
  await page.locator("#integration-connect-secret").fill("demo-gym-key-0000");
  await page.locator("#integration-connect-setting_clubId").fill("club_1");
  await page.locator("#integration-connect-setting_locationId").fill("loc_1");
  await page.locator("#integration-connect-setting_eventTypeId").fill("evt_1");
  await page.locator("form#integration-connect button[type=submit]").click();
  // Wait for the redirect itself: with JavaScript the submission is a fetch, "load" has long fired, and a goto
  // right after the click cancelled the submission before the server saw it (accessibility.spec, CI of a580f68).
  await page.waitForURL(/\/integrations-hub\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const id = /\/integrations-hub\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
  if (!id) throw new Error("could not connect a demo integration");
  return id;
}
