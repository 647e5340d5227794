import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { startGymStub, type GymStub } from "../support/stubs/gym-stub";
import { freePort } from "../support/throwaway-postgres";
import { startAppServer, tempDir, type AppServer } from "./app-servers";
import { expect, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/**
 * The integration hub (issue 13) as the demo owner uses it, with JavaScript
 * and without: the ClubCore (gym management) template connected to the local
 * ClubCore stub, the connection tested, createUser switched on for the sync, a
 * field mapping changed (a default email for callers who gave none), then a
 * call ended through the API reaches the club as a new member, once, with an
 * Idempotency-Key, and shows in /crm-logs and the statistics. Disabled, the
 * integration sends nothing for the next call.
 *
 * Each project (each worker) has its own app server, database and stub, so the
 * js and no-js runs never see each other's integration or requests. The
 * server may reach 127.0.0.1 (OUTBOUND_ALLOW_PRIVATE) and its job runner
 * ticks every second, so a queued delivery goes out within a few seconds.
 *
 * With scripts, a form that answers with data (Test connection, Validate
 * mappings) shows its result as soon as the action answers, while the page's
 * loaders are still being reloaded; the tests wait for the button to be idle
 * again before the next navigation. A navigation that interrupts that reload
 * can surface as an uncaught "AbortError: signal is aborted without reason"
 * from Remix's single fetch, which the fixtures' page-error check fails on.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

/** /integrations-hub/<id>, once connected (per worker, so per project). */
let integrationPath = "";
let apiKey = "";

const CLUB = { clubId: "club_1024", locationId: "loc_88", eventTypeId: "evtype_12" };
const DEFAULT_EMAIL = "front-desk@club.example";

interface Hub {
  stub: GymStub;
  server: AppServer;
  /** Stops both, once: after this file's tests, or at the end of the worker if they never got that far. */
  stop(): Promise<void>;
}

let running: Hub | undefined;

const hubTest = test.extend<object, { hub: Hub }>({
  hub: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const project = workerInfo.project.name.replace(/\W/g, "");
      const stub = await startGymStub({ apiKey: `clubcore_${project}_key_0123456789abcdef` });
      const dataDir = tempDir(`hub-${project}`);
      const server = await startAppServer(await freePort(), {
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${dataDir}/voxboard.db`,
        SEED_DEMO: "1",
        OUTBOUND_ALLOW_PRIVATE: "1",
        JOB_RUNNER_INTERVAL_MS: "1000",
      });
      let stopped: Promise<void> | undefined;
      const stop = () => (stopped ??= server.kill().then(() => stub.close()));
      running = { stub, server, stop };
      await use(running);
      await stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ hub }, use) => use(hub.server.url),
});

// The worker goes on with other spec files: the server and the stub go when this file is done.
hubTest.afterAll(async () => {
  await running?.stop();
});

const usersCreated = (stub: GymStub) => stub.requests.filter((request) => request.method === "POST" && request.path === "/v1/users");

/** The /crm-logs rows of createUser deliveries. */
const createUserLines = (page: Page) => page.getByTestId("crm-logs").locator("tbody tr[data-log]").filter({ hasText: "ClubCore · createUser" });

async function endCall(request: APIRequestContext, testInfo: TestInfo, id: string, from: string, callerName: string) {
  const event = {
    eventId: `hub-${testInfo.project.name}-${id}`,
    type: "call.ended",
    occurredAt: new Date().toISOString(),
    call: {
      id: `hub-call-${testInfo.project.name}-${id}`,
      direction: "inbound",
      from,
      to: "+14165550100",
      caller: { name: callerName },
      durationSeconds: 42,
      summary: "Asked about a trial membership.",
    },
  };
  const sent = await request.post("/api/v1/call-events", { headers: { Authorization: `Bearer ${apiKey}` }, data: event });
  expect(sent.status(), await sent.text()).toBe(201);
}

hubTest("the ClubCore template is connected to the club's API and the connection test answers", async ({ page, hub: { stub } }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/integrations-hub");
  await waitForHydration(page, testInfo);
  await expect(page.getByRole("link", { name: "Library", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Connect ClubCore" }).click();
  await expect(page).toHaveURL(/\/integrations-hub\/connect\/gym-management$/);

  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("ClubCore");
  await expect(page.getByLabel("Role id for new members", { exact: true })).toHaveValue("7");
  await page.getByLabel("API base URL", { exact: true }).fill(stub.baseUrl);
  await page.getByLabel("API key", { exact: true }).fill(stub.apiKey);
  await page.getByLabel("Club id", { exact: true }).fill(CLUB.clubId);
  await page.getByLabel("Location id", { exact: true }).fill(CLUB.locationId);
  await page.getByLabel("Event type id", { exact: true }).fill(CLUB.eventTypeId);
  await page.getByRole("button", { name: "Connect", exact: true }).click();

  await expect(page).toHaveURL(/\/integrations-hub\/[^/?]+$/);
  await expect(toast(page, "ClubCore integration created successfully")).toBeVisible();
  integrationPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("integration-status")).toHaveText("Enabled");
  // Nothing goes to the CRM yet: the template's createUser is off.
  expect(stub.requests).toEqual([]);

  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Test connection" }).click();
  const result = page.getByTestId("test-result");
  await expect(result).toHaveAttribute("data-ok", "true");
  await expect(result).toContainText(/Connected: searchUsers answered 200 in [\d,]+ ms\./);
  await expect(page.getByRole("button", { name: "Test connection" })).toBeEnabled();
  const probe = stub.requests.at(-1)!;
  expect(probe).toMatchObject({ method: "GET", path: "/v1/users", status: 200 });
  expect(probe.headers["x-api-key"]).toBe(stub.apiKey);

  // The test answered with a redirect: a reload shows the kept result and sends nothing again.
  const requestsBefore = stub.requests.length;
  await page.reload();
  expect(stub.requests.length).toBe(requestsBefore);
  await expect(page.getByTestId("test-result")).toHaveAttribute("data-ok", "true");
  await expect(page.getByTestId("test-result")).toContainText("Last tested");
});

hubTest("createUser is enabled and included in the sync on the Endpoints tab", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto(integrationPath);
  await waitForHydration(page, testInfo);
  await page.getByRole("link", { name: "Endpoints", exact: true }).click();
  await expect(page).toHaveURL(/[?&]tab=endpoints/);

  const enabled = page.getByRole("checkbox", { name: "createUser enabled", exact: true });
  const inSync = page.getByRole("checkbox", { name: "createUser included in sync", exact: true });
  await expect(enabled).not.toBeChecked();
  await expect(inSync).not.toBeChecked();
  await enabled.check();
  await inSync.check();
  await page.getByRole("button", { name: "Save endpoints" }).click();
  await expect(toast(page, "Endpoints saved")).toBeVisible();

  await page.goto(`${integrationPath}?tab=endpoints`);
  await expect(page.getByRole("checkbox", { name: "createUser enabled", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "createUser included in sync", exact: true })).toBeChecked();
  // Saving one row left the others as they were.
  await expect(page.getByRole("checkbox", { name: "searchUsers enabled", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "updateUser enabled", exact: true })).not.toBeChecked();
});

hubTest("a field mapping is previewed, validated and saved", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto(integrationPath);
  await waitForHydration(page, testInfo);
  await page.getByRole("link", { name: "Field mappings", exact: true }).click();
  await expect(page).toHaveURL(/[?&]tab=mappings/);

  const preview = page.getByTestId("mapping-preview");
  await expect(preview.getByTestId("mapping-payload")).toContainText('"firstName"');
  await expect(preview.getByTestId("mapping-valid").or(preview.getByTestId("mapping-problems"))).toBeVisible();
  // The settings of the connection go into every record.
  await expect(preview.getByTestId("mapping-payload")).toContainText(`"clubId": "${CLUB.clubId}"`);

  // Callers who gave no email still become members: the email mapping gets a default.
  const email = page.locator('[data-mapping-row="email"]');
  await expect(email.getByLabel("CRM field", { exact: true })).toHaveValue("email");
  await expect(email.getByLabel("Our field", { exact: true })).toHaveValue("contact.email");
  await expect(email.getByLabel("Transformation", { exact: true })).toHaveValue("format");
  // Issue 27: the source is picked from the fields the events carry; a free path stays as "Custom path…", its field shown only when
  // that is chosen (CSS :has, so with and without JavaScript), and the regular expression waits behind "Advanced".
  const ourField = email.getByLabel("Our field", { exact: true });
  await expect(ourField.locator("option", { hasText: "contact.firstName" })).toHaveCount(1);
  const customPath = email.getByLabel(/^Custom path \(/);
  await expect(customPath).toBeHidden();
  await ourField.selectOption("custom");
  await expect(customPath).toBeVisible();
  await ourField.selectOption("contact.email");
  await expect(customPath).toBeHidden();
  const advanced = email.locator("details[data-advanced]");
  await expect(advanced.locator("summary")).toHaveText("Advanced: regular expression");
  // The template's email mapping has a pattern, so its "Advanced" opens by itself; one without stays closed.
  await expect(advanced.getByLabel("Must match (regular expression)", { exact: true })).toBeVisible();
  const defaultValue = email.getByLabel("Default value", { exact: true });
  // A transformation other than "none" opens the card's details by itself.
  await expect(defaultValue).toBeVisible();
  await defaultValue.fill(DEFAULT_EMAIL);

  const validate = page.getByRole("button", { name: "Validate mappings" });
  await validate.click();
  await expect(preview).toContainText("Preview of the mappings above, not saved yet.");
  // With scripts the preview shows while the page's data is still being reloaded; Save waits for that (see the note at the top).
  await expect(validate).toBeEnabled();
  await expect(preview.getByTestId("mapping-payload")).toContainText('"firstName"');
  await expect(preview.getByTestId("mapping-valid").or(preview.getByTestId("mapping-problems"))).toBeVisible();
  await expect(page.locator('[data-mapping-row="email"]').getByLabel("Default value", { exact: true })).toHaveValue(DEFAULT_EMAIL);

  await page.getByRole("button", { name: "Save mappings" }).click();
  await expect(toast(page, "Field mappings saved")).toBeVisible();
  await expect(preview).not.toContainText("not saved yet");
  await page.goto(`${integrationPath}?tab=mappings`);
  await expect(page.locator('[data-mapping-row="email"]').getByLabel("Default value", { exact: true })).toHaveValue(DEFAULT_EMAIL);
});

hubTest("an ended call becomes one new member at the club, logged and counted", async ({ page, request, hub: { stub } }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/api-access");
  await page.getByLabel("Name", { exact: true }).fill(`Hub platform ${testInfo.project.name}`);
  // Keys need at least one scope (issue 26); these tests send call events and read calls.
  await page.getByRole("checkbox", { name: /calls:write/ }).check();
  await page.getByRole("checkbox", { name: /calls:read/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  apiKey = await page.getByTestId("new-api-key").getByLabel("API key").inputValue();

  // A caller the demo tenant has no contact for, so no email is known: the default of the mapping fills it.
  await endCall(request, testInfo, "1", "+14165550333", "Quinn Lifter");

  await page.goto("/crm-logs");
  await expect(async () => {
    await page.reload();
    await expect(createUserLines(page)).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const line = createUserLines(page);
  await expect(line).toHaveAttribute("data-outcome", "success");
  await expect(line).toContainText("201 · Success");

  expect(usersCreated(stub)).toHaveLength(1);
  const [created] = usersCreated(stub);
  expect(created!.headers["idempotency-key"]).toBeTruthy();
  expect(created!.headers["x-api-key"]).toBe(stub.apiKey);
  expect(created!.body).toMatchObject({
    clubId: CLUB.clubId,
    locationId: CLUB.locationId,
    firstName: "Quinn",
    lastName: "Lifter",
    email: DEFAULT_EMAIL,
    mobilePhone: "+14165550333",
    role: "7",
  });
  expect(stub.members).toHaveLength(1);
  expect(stub.members[0]).toMatchObject({ firstName: "Quinn", lastName: "Lifter", roleName: "Member", status: "prospect" });

  // The request in full, with its delivery's timeline: one attempt, this one.
  await line.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/crm-logs\/[^/?]+$/);
  await expect(page.getByTestId("log-summary")).toContainText("ClubCore · createUser");
  await expect(page.getByTestId("log-summary")).toContainText("201 · Success");
  const timeline = page.getByTestId("delivery-timeline");
  await expect(timeline.locator("li")).toHaveCount(1);
  await expect(timeline).toContainText("Attempt 1");
  await expect(page.getByText(`Idempotency-Key: ${created!.headers["idempotency-key"]}`)).toBeVisible();

  await page.goto(integrationPath);
  const stats = page.getByTestId("integration-stats");
  await expect(stats.locator('[data-stat="records-synced"]')).toContainText("1");
  await expect(stats.locator('[data-stat="successful-syncs"]')).toContainText("1");
  await expect(stats.locator('[data-stat="success-rate"]')).toContainText("100 %");
});

hubTest("a disabled integration sends nothing for the next call", async ({ page, request, hub: { stub } }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto(integrationPath);
  await waitForHydration(page, testInfo);
  if (isScriptless(testInfo)) {
    await page.getByRole("link", { name: "Disable", exact: true }).click();
    await expect(page).toHaveURL(/[?&]confirm=toggle/);
    await expect(page.getByRole("heading", { name: "Disable integration" })).toBeVisible();
    await expect(page.getByText("Disable ClubCore? Nothing more is sent")).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Disable", exact: true }).click();
  } else {
    await page.getByRole("button", { name: "Disable", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Disable integration" });
    await expect(dialog).toContainText("Disable ClubCore? Nothing more is sent");
    await dialog.getByRole("button", { name: "Disable", exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(toast(page, "Integration disabled successfully")).toBeVisible();
  await expect(page.getByTestId("integration-status")).toHaveText("Disabled");
  await expect(page.getByRole(isScriptless(testInfo) ? "link" : "button", { name: "Enable", exact: true })).toBeVisible();

  const before = stub.requests.length;
  await endCall(request, testInfo, "2", "+14165550334", "Rita Rower");
  // Four ticks of the job runner.
  await page.waitForTimeout(4_000);
  expect(usersCreated(stub)).toHaveLength(1);
  expect(stub.requests.length).toBe(before);
  expect(stub.members).toHaveLength(1);

  await page.goto("/crm-logs");
  await expect(createUserLines(page)).toHaveCount(1);
  await page.goto(integrationPath);
  await expect(page.getByTestId("integration-stats").locator('[data-stat="records-synced"]')).toContainText("1");
});
