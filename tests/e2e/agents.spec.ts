import type { Page, TestInfo } from "@playwright/test";
import { startChatCompletionsStub, type ChatCompletionsStub } from "../support/stubs/chat-completions-stub";
import { startVapiStub, type VapiStub } from "../support/stubs/voice-provider-stubs";
import { freePort } from "../support/throwaway-postgres";
import { startAppServer, tempDir, type AppServer } from "./app-servers";
import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS } from "./support";

/*
 * AI agents end to end, with and without JavaScript (docs/product/agents.md):
 * from a template through the six tabs, publish, a second version, the diff,
 * restore, a campaign that uses the agent, and the text test against a stub
 * of an OpenAI-compatible endpoint on a server of its own. Each test deletes
 * the agents it made: the demo tenant's plan allows five.
 */

test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page }, testInfo) => {
  await prepareAccessibilityAudit(page, testInfo);
});

const uniqueName = (testInfo: TestInfo, label: string) => `${label} ${testInfo.project.name} ${Math.random().toString(36).slice(2, 6)}`;

async function optionValue(page: Page, selectName: string, text: string) {
  const value = await page.locator(`select[name="${selectName}"] option`, { hasText: text }).first().getAttribute("value");
  if (!value) throw new Error(`No option "${text}" in ${selectName}`);
  return value;
}

/** From the gallery's "Appointment booking" (English) through all six tabs; the agent's id. */
async function createFromTemplate(page: Page, testInfo: TestInfo, name: string, base = "") {
  await page.goto(`${base}/create-agent`);
  await page.getByRole("link", { name: "Use this template: Appointment booking" }).first().click();
  await expect(page).toHaveURL(/\/create-agent\?template=builtin-appointment-booking-en$/);
  await waitForHydration(page, testInfo);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create and continue" }).click();
  await expect(page).toHaveURL(/\/ai-agent\?id=[^&]+&create=true&tab=general$/);
  const id = new URL(page.url()).searchParams.get("id")!;
  for (const [index, tab] of ["general", "context", "appearance", "personality", "speech", "privacy"].entries()) {
    await expect(page).toHaveURL(new RegExp(`create=true&tab=${tab}$`));
    await expect(page.getByText(`Step ${index + 1} of 6`)).toBeVisible();
    await waitForHydration(page, testInfo);
    if (tab === "personality") await page.getByLabel("Tone").selectOption("calm");
    if (tab === "privacy") await page.getByLabel("Keep transcripts for (days)").fill("90");
    await page.getByRole("button", { name: tab === "privacy" ? "Save and finish" : "Save and continue" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/ai-agent\\?id=${id}&tab=general$`));
  await expect(toast(page, `${name} is saved as a draft. Publish it when you are ready.`)).toBeVisible();
  return id;
}

async function deleteAgent(page: Page, id: string, base = "") {
  await page.goto(`${base}/ai-agent-manager/${id}/delete`);
  await page.getByRole("button", { name: "Delete agent" }).click();
  await expect(page).toHaveURL(new RegExp(`/ai-agent-manager$`));
}

test("create an agent from a template through six tabs, publish, diff two versions, restore and use it in a campaign", async ({ page }, testInfo) => {
  test.slow();
  await signInQuickly(page, DEMO_USERS.owner.email);
  const name = uniqueName(testInfo, "Reception");
  const id = await createFromTemplate(page, testInfo, name);
  await expectNoSeriousViolations(page);

  // A broken tab answers at its field and keeps what was typed.
  await page.goto(`/ai-agent?id=${id}&tab=speech`);
  await waitForHydration(page, testInfo);
  await page.getByLabel("Pronunciation dictionary").fill("Voxboard = vox board\nnot a rule");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Line 2 is not “word = how to say it” (at most 100 characters).")).toBeVisible();
  await expect(page.getByLabel("Pronunciation dictionary")).toHaveValue("Voxboard = vox board\nnot a rule");

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Published version 1.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`tab=versions$`));

  await page.goto(`/ai-agent?id=${id}&tab=context`);
  await waitForHydration(page, testInfo);
  const instructions = page.getByLabel("Instructions (system prompt)");
  await instructions.fill(`${await instructions.inputValue()}\nAlways offer the earliest free slot first.`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  await expect(page.getByText("unpublished changes")).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Published version 2.")).toBeVisible();

  // The comparison is a URL; the instructions show as a line diff.
  await page.getByLabel("From", { exact: true }).selectOption("1");
  await page.getByLabel("To", { exact: true }).selectOption("2");
  await page.getByRole("button", { name: "Show changes" }).click();
  await expect(page).toHaveURL(/from=1&to=2$/);
  await expect(page.getByTestId("version-diff")).toContainText("+ Always offer the earliest free slot first.");
  await expect(page.getByTestId("version-diff")).toContainText("Context · Instructions");
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Restore as draft: version 1" }).click();
  await expect(toast(page, "Version 1 restored as the draft.")).toBeVisible();
  await page.goto(`/ai-agent?id=${id}&tab=context`);
  await expect(page.getByLabel("Instructions (system prompt)")).not.toHaveValue(/earliest free slot/);

  // A campaign chooses the agent.
  const campaign = uniqueName(testInfo, "Agent campaign");
  await page.goto("/campaigns/new");
  await waitForHydration(page, testInfo);
  await page.getByLabel("Campaign name").fill(campaign);
  await page.getByLabel("Contact list").selectOption(await optionValue(page, "contactListId", "Spring leads"));
  await page.getByLabel("Outbound").check();
  await page.getByLabel("Immediately").check();
  await page.getByLabel("Business phone number").selectOption(await optionValue(page, "phoneNumberId", "Main line"));
  await page.getByLabel("Agent", { exact: true }).selectOption(id);
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const campaignUrl = page.url();

  await page.goto("/ai-agent-manager");
  const row = page.locator(`tr[data-agent="${name}"]`);
  await expect(row).toContainText(campaign);
  await expect(row).toContainText("v2");
  await expectNoSeriousViolations(page);

  await page.goto(`${campaignUrl}/delete`);
  await page
    .getByRole("button", { name: /Delete/ })
    .first()
    .click();
  await deleteAgent(page, id);
});

test.describe("on a server of its own, with stubs of the LLM and of Vapi", () => {
  test.describe.configure({ mode: "serial" });
  let server: AppServer;
  let llm: ChatCompletionsStub;
  let vapi: VapiStub;

  test.beforeAll(async () => {
    llm = await startChatCompletionsStub({ apiKey: "e2e-llm-key", model: "e2e-model" });
    vapi = await startVapiStub({ apiKey: "vapi-e2e-key-4321", numbers: [] });
    const dataDir = tempDir("agents-llm");
    server = await startAppServer(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${dataDir}/voxboard.db`,
      SEED_DEMO: "1",
      JOB_RUNNER: "0",
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: "e2e-llm-key",
      LLM_MODEL: "e2e-model",
      VAPI_API_URL: vapi.baseUrl,
    });
  });
  test.afterAll(async () => {
    await server?.kill();
    await llm?.close();
    await vapi?.close();
  });

  const signInThere = async (page: Page) => {
    const response = await page.request.post(`${server.url}/login`, {
      form: { email: DEMO_USERS.owner.email, password: "Demo-pass-2026!", redirectTo: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  };

  test("connects Vapi: a wrong key is refused at its field, the right one is stored and shown by its last four characters", async ({ page }, testInfo) => {
    await signInThere(page);
    await page.goto(`${server.url}/ai-agent-manager`);
    await page.getByTestId("platform-link").click();
    await expect(page).toHaveURL(/\/ai-agent-manager\/platform$/);
    await expect(page.getByTestId("platform-active")).toHaveText("Calls are placed by: nobody yet (calls are only logged)");
    await waitForHydration(page, testInfo);
    await page.getByLabel("Platform").selectOption("vapi");
    await page.getByLabel("API key").fill("not-the-key");
    await page.getByRole("button", { name: "Test and connect" }).click();
    await expect(page.getByText("The platform did not accept this key. Check that you copied the private API key.")).toBeVisible();
    await expect(page.getByLabel("Platform")).toHaveValue("vapi");
    await expectNoSeriousViolations(page);

    await page.getByLabel("API key").fill("vapi-e2e-key-4321");
    await page.getByRole("button", { name: "Test and connect" }).click();
    await expect(toast(page, "Vapi is connected. Your published agents are being pushed to it.")).toBeVisible();
    await expect(page.getByTestId("platform-connected")).toContainText("key ending in 4321");
    await expect(page.getByTestId("platform-webhook-url")).toHaveText(new RegExp(`^${server.url}/webhooks/vapi/[\\w-]{20,}$`));
    // The demo agent is published: its push is queued (this server's job runner is off).
    await expect(page.getByTestId("platform-agent").first()).toHaveAttribute("data-status", "pending");
    expect(await page.content()).not.toContain("vapi-e2e-key-4321");

    await page.getByRole("button", { name: "Disconnect" }).click();
    await expect(toast(page, "Vapi is disconnected.")).toBeVisible();
    await expect(page.getByTestId("platform-active")).toHaveText("Calls are placed by: nobody yet (calls are only logged)");
  });

  test("the text test talks with the draft, one turn per post, with its instructions and variables filled", async ({ page }, testInfo) => {
    // Six tab saves, four turns and a delete on a server of its own: more than the default 30 s on a busy 2-core runner.
    test.slow();
    await signInThere(page);
    const id = await createFromTemplate(page, testInfo, uniqueName(testInfo, "Chatty"), server.url);
    await page.goto(`${server.url}/ai-agent?id=${id}&tab=test`);
    await waitForHydration(page, testInfo);
    const transcript = page.getByTestId("test-transcript");
    await expect(transcript.locator('[data-role="agent"]')).toHaveCount(1);
    llm.setReply({ content: "Sure, I can book you in on Tuesday at 10." });
    await page.getByLabel("Caller says").fill("I need a check-up next week.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(transcript).toContainText("Sure, I can book you in on Tuesday at 10.");
    llm.setReply({ content: "Done: Tuesday at 10 is yours." });
    await page.getByLabel("Caller says").fill("Tuesday works.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(transcript.locator("li")).toHaveCount(5);
    await expect(page.getByLabel("Caller says")).toHaveValue("");
    const last = llm.requests.at(-1)!.body.messages!;
    expect(last[0]!.role).toBe("system");
    expect(last[0]!.content).toContain("You book appointments");
    expect(last.map((message) => message.role)).toEqual(["system", "assistant", "user", "assistant", "user"]);
    await expectNoSeriousViolations(page);

    // The endpoint fails: the caller's line stays and the page says why.
    llm.setReply({ status: 500, content: "boom" });
    await page.getByLabel("Caller says").fill("Hello?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("The language model refused the request. Check its settings.")).toBeVisible();
    await expect(transcript).toContainText("Hello?");
    await deleteAgent(page, id, server.url);
  });
});
