import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * What a user does with one recording. Both projects run at the same time
 * against the same demo calls, and so do the list specs, so every test that
 * changes a call picks its own, by campaign and by position, different per
 * project: deletes take ended Customer Care calls (a campaign no other test
 * counts), feedback and analysis ended Spring Renewal calls (the list specs
 * read that campaign only by row id, which a rating does not change).
 */

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");

/** The row's recording id, from its date, which links to the recording's page. */
async function idOfRow(page: Page, index: number) {
  const href = await rows(page).nth(index).locator('a[href^="/recordings/"]').first().getAttribute("href");
  const id = href && /^\/recordings\/([^/?]+)/.exec(href)?.[1];
  if (!id) throw new Error(`No recording link in row ${index}: ${href}`);
  return id;
}

/** A row's action: a plain link without scripts; with them an entry of the row's "⋯" menu. */
async function chooseRowAction(page: Page, row: Locator, testInfo: TestInfo, name: string) {
  if (isScriptless(testInfo)) {
    await row.getByRole("link", { name, exact: true }).click();
    return;
  }
  await row.getByRole("button", { name: /^Actions for the call with / }).click();
  await page.getByRole("menuitem", { name, exact: true }).click();
}

/** The index of a row for this project: the two projects never pick the same call from the same view. */
const rowFor = (testInfo: TestInfo, js: number, noJs: number) => (isScriptless(testInfo) ? noJs : js);

test("a recording plays: the audio is served as a 206 partial response", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/recordings?campaign=Solar+Leads+Q4");
  await waitForHydration(page, testInfo);
  const id = await idOfRow(page, 0);
  const src = `/recordings/${id}/audio`;

  if (isScriptless(testInfo)) {
    // Without scripts the play button is a link to the call's page, whose native player needs no script.
    await rows(page)
      .first()
      .getByRole("link", { name: /^Play the recording of / })
      .click();
    await expect(page).toHaveURL(new RegExp(`/recordings/${id}$`));
    await expect(page.locator("audio").first()).toHaveAttribute("src", src);
    // What the player asks the server for is a byte range, which any client can ask too.
    const response = await page.request.get(src, { headers: { Range: "bytes=0-1023" } });
    expect(response.status()).toBe(206);
    expect(response.headers()["content-range"]).toMatch(/^bytes 0-1023\/\d+$/);
    expect(response.headers()["accept-ranges"]).toBe("bytes");
    const body = await response.body();
    expect(body).toHaveLength(1024);
    expect(body.subarray(0, 4).toString("ascii")).toBe("RIFF");
    return;
  }

  // Nothing is fetched until the user presses play; then the list's one shared player starts it.
  await expect(page.locator("audio")).toHaveCount(0);
  const partial = page.waitForResponse((response) => new URL(response.url()).pathname === src && response.status() === 206);
  await rows(page)
    .first()
    .getByRole("button", { name: /^Play the recording of / })
    .click();
  const player = page.getByTestId("shared-player");
  await expect(player).toBeVisible();
  await expect(player.locator("audio")).toHaveAttribute("src", src);
  const response = await partial;
  expect(response.headers()["content-range"]).toMatch(/^bytes \d+-\d+\/\d+$/);
  expect(response.request().headers()["range"]).toMatch(/^bytes=\d+-/);
  // Another row's play button replaces what plays: still one player, one audio element.
  await rows(page)
    .nth(1)
    .getByRole("button", { name: /^Play the recording of / })
    .click();
  await expect(page.locator("audio")).toHaveCount(1);
  await expect(player.locator("audio")).toHaveAttribute("src", `/recordings/${await idOfRow(page, 1)}/audio`);
});

test("deleting a recording asks first, then removes it from the list and its page", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  // Ended inbound calls of one campaign, which no other test counts: the newest with scripts, the oldest without.
  const view = new URLSearchParams({ campaign: "Customer Care Inbound", status: "ended" });
  if (isScriptless(testInfo)) {
    view.set("sort", "createdAt");
    view.set("order", "asc");
  }
  const list = `/recordings?${view}`;
  await page.goto(list);
  await waitForHydration(page, testInfo);
  const id = await idOfRow(page, 0);
  const row = rows(page).first();

  await chooseRowAction(page, row, testInfo, "Delete");
  if (isScriptless(testInfo)) {
    await expect(page).toHaveURL(new RegExp(`/recordings/${id}/delete\\?returnTo=`));
    await expect(page.getByRole("heading", { name: "Delete recording" })).toBeVisible();
    await expect(page.getByText("Do you really want to delete this recording?")).toBeVisible();
    await page.getByRole("button", { name: "Delete recording" }).click();
  } else {
    const dialog = page.getByRole("dialog", { name: "Delete recording" });
    await expect(dialog.getByText("Do you really want to delete this recording?")).toBeVisible();
    await dialog.getByRole("button", { name: "Delete recording" }).click();
    await expect(dialog).toBeHidden();
  }

  await expect(toast(page, "Recording deleted.")).toBeVisible();
  await expect(toast(page, "Recording deleted.")).toContainText("Success");
  // Back on the same list view, without the row.
  await expect(page).toHaveURL((url) => url.pathname + url.search === list);
  await expect(page.locator(`a[href^="/recordings/${id}"]`)).toHaveCount(0);
  await expect(rows(page).first()).toBeVisible();

  const detail = await page.goto(`/recordings/${id}`);
  expect(detail?.status()).toBe(404);
  expect((await page.request.get(`/recordings/${id}/audio`)).status()).toBe(404);
});

test("customer feedback: a rating and a text, shown on the recording's page", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/recordings?campaign=Spring+Renewal+2026&status=ended");
  const id = await idOfRow(page, rowFor(testInfo, 0, 1));
  await page.goto(`/recordings/${id}`);
  await waitForHydration(page, testInfo);

  const rating = isScriptless(testInfo) ? 2 : 4;
  const text = `E2E feedback (${testInfo.project.name}, ${Date.now()}): the agent understood the request.`;
  const opener = page.getByRole(isScriptless(testInfo) ? "link" : "button", { name: /^(Add|Edit) feedback$/ });
  await opener.click();
  // Without scripts the form is a page of its own; with them the same form opens in a dialog.
  const form = isScriptless(testInfo) ? page.locator("main") : page.getByRole("dialog", { name: "Customer feedback" });
  if (isScriptless(testInfo)) await expect(page).toHaveURL(new RegExp(`/recordings/${id}/feedback\\?returnTo=`));
  await form.getByRole("radio", { name: `${rating} stars`, exact: true }).check();
  await form.getByLabel("Feedback (optional)").fill(text);
  await form.getByRole("button", { name: "Save feedback" }).click();

  await expect(toast(page, "Feedback saved.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/recordings/${id}$`));
  const feedback = page.getByTestId("feedback");
  await expect(feedback).toContainText(`${rating} of 5`);
  await expect(feedback).toContainText(text);

  // Stored, not just shown: a fresh load says the same.
  await page.reload();
  await expect(page.getByTestId("feedback")).toContainText(`${rating} of 5`);
});

test("requesting an analysis shows its sentiment and outcome", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/recordings?campaign=Spring+Renewal+2026&status=ended");
  const id = await idOfRow(page, rowFor(testInfo, 2, 3));
  await page.goto(`/recordings/${id}`);
  await waitForHydration(page, testInfo);

  const panel = page.getByTestId("analysis-panel");
  const requestedAt = Date.now();
  await page.getByRole("button", { name: /^(Request analysis|Analyse again)$/ }).click();

  await expect(toast(page, "The call transcript was analysed.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/recordings/${id}$`));
  await expect(panel.locator("[data-sentiment]")).toHaveText(/^(Positive|Neutral|Negative)$/);
  await expect(panel.getByTestId("analysis-outcome")).not.toBeEmpty();
  const provider = panel.getByTestId("analysis-provider");
  await expect(provider).toContainText("Analysed by the built-in analyzer: no language model configured.");
  // A demo call may have been analysed at seeding; the time shows that this request made a new analysis.
  const analysedAt = Date.parse((await provider.locator("time").getAttribute("datetime"))!);
  expect(analysedAt).toBeGreaterThanOrEqual(requestedAt - 1_000);
  await expect(page.getByRole("button", { name: "Analyse again" })).toBeVisible();
});

test("a recording's page is titled with who was called and shows its data in words, in English and German", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  // The dentist's voicemails: German callers, an appointment to confirm and `confirmed: false`.
  await page.goto("/recordings?campaign=Zahnarzt+Terminerinnerung&status=voicemail");
  const id = await idOfRow(page, 0);
  await page.goto(`/recordings/${id}`);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Call with \S.* · Zahnarzt Terminerinnerung$/);
  const caller = page.getByTestId("caller-details");
  await expect(caller.locator('[data-field="language"] dd')).toHaveText("German");
  await expect(caller.locator('[data-field="name"] dt')).toHaveText("Name");
  await expect(caller.locator('[data-field="phone"] dd')).toHaveText(/^\+49 \d/);
  const extracted = page.getByTestId("extracted-data");
  await expect(extracted.locator('[data-field="appointmentDate"] dt')).toHaveText("Appointment");
  // "Nov 24, 2026, 2:45 PM", not "2026-11-24T14:45".
  await expect(extracted.locator('[data-field="appointmentDate"] dd')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
  await expect(extracted.locator('[data-field="confirmed"]')).toHaveText(["Confirmed", "No"].join(""));
  await expect(page.getByTestId("recording-detail")).not.toContainText("appointmentDate");

  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Anruf mit \S.* · Zahnarzt Terminerinnerung$/);
  await expect(caller.locator('[data-field="language"]')).toHaveText("SpracheDeutsch");
  await expect(extracted.locator('[data-field="appointmentDate"] dd')).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await expect(extracted.locator('[data-field="confirmed"]')).toHaveText("BestätigtNein");
});
