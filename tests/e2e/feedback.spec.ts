import type { Page } from "@playwright/test";
import { expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless, latestEmailTo } from "./support";

/*
 * Post-call feedback (docs/product/feedback.md): a contact of the demo's
 * "Webinar thank-you calls" campaign (which asks for feedback) rates an
 * answered call through the emailed link, on a page that needs no account
 * and no JavaScript; /feedback then lists it, filters in the URL and opens
 * the recording at the moment a rating is about. axe needs scripts, so the
 * no-js project runs with the app's bundles blocked (what a browser without
 * JavaScript gets).
 */
test.use({ javaScriptEnabled: true });

async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test("a campaign's contact rates the call once through the emailed link, without an account or JavaScript", async ({ page, browser }, testInfo) => {
  test.skip(!isScriptless(testInfo), "the rating page is a plain form, checked once, as a browser without JavaScript gets it");
  test.setTimeout(60_000);
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/api-access");
  await page.getByLabel("Name", { exact: true }).fill(`E2E feedback ${Date.now()}`);
  // Keys need at least one scope (issue 26); these tests send call events and read calls.
  await page.getByRole("checkbox", { name: /calls:write/ }).check();
  await page.getByRole("checkbox", { name: /calls:read/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByTestId("new-api-key").getByLabel("API key").inputValue();

  // The platform reports the end of the campaign's call with Samuel Okafor (a webinar attendee with an email address).
  const callId = `e2e-feedback-${Date.now().toString(36)}`;
  const sent = await page.request.post("/api/v1/call-events", {
    headers: { Authorization: `Bearer ${key}` },
    data: {
      eventId: `evt-${callId}`,
      type: "call.ended",
      occurredAt: new Date().toISOString(),
      call: {
        id: callId,
        direction: "outbound",
        from: "+14165550100",
        to: "+16475550224",
        campaign: { name: "Webinar thank-you calls" },
        transcript: [
          { speaker: "agent", text: "Hi Samuel, thanks for joining our webinar yesterday.", startSeconds: 0 },
          { speaker: "customer", text: "It was great, really helpful!", startSeconds: 5 },
        ],
        durationSeconds: 14,
      },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const email = await latestEmailTo("sam@okafor.example");
  expect(email.subject).toBe("How was your call with Demo Company?");
  const link = /\/rate\/[A-Za-z0-9_-]{43}/.exec(email.text)?.[0];
  expect(link, email.text).toBeTruthy();

  // A visitor with no account and no session.
  const visitorContext = await browser.newContext({ locale: "en-US" });
  const visitor = await visitorContext.newPage();
  await prepareAccessibilityAudit(visitor, testInfo);
  expect((await visitor.goto(link!))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { name: "How was your call?" })).toBeVisible();
  await expect(visitor.getByText(/^Demo Company would like to know how your call on .+ went\.$/)).toBeVisible();
  await expectNoSeriousViolations(visitor);

  // Without a rating the form says so at the field and keeps the text.
  const text = visitor.getByLabel("Anything you would like to tell us? (optional)");
  await text.fill("Samuel enjoyed the call.");
  await visitor.getByRole("button", { name: "Send rating" }).click();
  await expect(visitor.getByText("Choose a rating from 1 to 5.")).toBeVisible();
  await expect(text).toHaveValue("Samuel enjoyed the call.");
  await expectNoSeriousViolations(visitor);
  await visitor.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(visitor);

  await visitor.getByRole("radio", { name: "4 – Good" }).check();
  await visitor.getByRole("button", { name: "Send rating" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(visitor.getByTestId("rating-thanks")).toHaveText("Your rating has reached Demo Company.");

  // The link worked once.
  expect((await visitor.goto(link!))?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { name: "This link has been used" })).toBeVisible();
  await visitorContext.close();

  // The business sees it first on /feedback, as given.
  await page.goto("/feedback");
  const newest = page.getByTestId("feedback-list").locator("tbody tr").first();
  await expect(newest).toContainText("4 of 5");
  await expect(newest).toContainText("Webinar thank-you calls");
  await expect(page.getByTestId("feedback-list")).toContainText("Samuel enjoyed the call.");
});

test("/feedback filters in the URL and opens a recording at the moment the feedback is about", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await prepareAccessibilityAudit(page, testInfo);
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/feedback");
  await expect(page.getByRole("heading", { level: 1, name: "Customer feedback" })).toBeVisible();
  await expect(page.getByTestId("csat-chart")).toBeVisible();
  await expect(page.locator('[data-figure="csat"]')).toContainText("%");
  await expectNoSeriousViolations(page);
  await waitForHydration(page, testInfo);

  // One star: the select submits itself with scripts, Apply submits it without.
  await page.getByLabel("Rating", { exact: true }).selectOption("1");
  if (isScriptless(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  // Without scripts the form sends its empty fields too; they mean "any".
  await expect(page).toHaveURL((url) => url.pathname === "/feedback" && url.searchParams.get("rating") === "1");
  const rows = page.getByTestId("feedback-list").locator("tbody tr[data-rating]");
  await expect(rows.first()).toBeVisible();
  expect(new Set(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-rating"))))).toEqual(new Set(["1"]));

  const listen = page.getByRole("link", { name: /^Listen from \d+:\d\d$/ }).first();
  const time = (await listen.textContent())!.replace("Listen from ", "");
  await listen.click();
  await expect(page).toHaveURL(/\/recordings\/[0-9a-f-]+\?t=[\d.]+&returnTo=%2Ffeedback%3Frating%3D1#moment$/);
  const moment = page.locator('li#moment[aria-current="time"]');
  await expect(moment).toBeVisible();
  await expect(moment).toContainText(time);
  // Back where the user came from, in the view's canonical URL.
  await page.getByRole("link", { name: "Back to feedback" }).click();
  await expect(page).toHaveURL(/\/feedback\?rating=1$/);
});
