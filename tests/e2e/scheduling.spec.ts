import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expect, registerOwnerWithPlan, test, toast, waitForHydration } from "./fixtures";
import { isScriptless, latestEmailTo, uniqueEmail } from "./support";

/**
 * Appointments as a new business sets them up, with JavaScript and without:
 * an organization with a logo and a team, a member invited, an event type
 * and working hours, a booking for a contact with the server-rendered slot
 * picker, the appointment on the calendar, then moved and cancelled, the
 * contact told by email each time with a calendar invitation.
 */
test.describe.configure({ timeout: 120_000 });

const PASSWORD = "Scheduling-e2e-2026!";

async function newOwner(page: Page, testInfo: TestInfo) {
  const email = uniqueEmail("scheduling", testInfo);
  await registerOwnerWithPlan(page, { email, password: PASSWORD, name: "Sam Scheduler", company: "Sam's Garage", phone: "4165550188" });
  return email;
}

/** A contact with an email address, added through the contact form's own endpoint. */
async function newContact(page: Page, testInfo: TestInfo) {
  const list = await page.request.post("/contacts/lists/new", { form: { name: `Customers ${Date.now()}` }, maxRedirects: 0 });
  const listId = new URL(list.headers().location!, "http://x").searchParams.get("list")!;
  const email = uniqueEmail("contact", testInfo);
  const digits = `416555${String(Math.floor(1000 + Math.random() * 8999))}`;
  const created = await page.request.post("/contacts/new", {
    form: { intent: "save", firstName: "Greta", lastName: "Garbo", phone: digits, email, listId, returnTo: "/contacts" },
    maxRedirects: 0,
  });
  expect(created.status(), "the contact").toBe(302);
  return email;
}

/** Confirms a ConfirmAction: a dialog with scripts, its own page without. */
async function confirmVia(
  page: Page,
  testInfo: TestInfo,
  trigger: string,
  dialogTitle: string,
  fill?: (scope: ReturnType<Page["locator"]>) => Promise<void>,
  confirm = trigger,
) {
  await waitForHydration(page, testInfo);
  if (isScriptless(testInfo)) {
    await page.getByRole("link", { name: trigger }).first().click();
    const panel = page.getByRole("main");
    if (fill) await fill(panel);
    await panel.getByRole("button", { name: confirm, exact: true }).last().click();
  } else {
    await page.getByRole("button", { name: trigger }).first().click();
    const dialog = page.getByRole("dialog", { name: dialogTitle });
    await expect(dialog).toBeVisible();
    if (fill) await fill(dialog);
    await dialog.getByRole("button", { name: confirm, exact: true }).click();
  }
}

test("set up a business, book an appointment for a contact, see it on the calendar, move and cancel it", async ({ page }, testInfo) => {
  const ownerEmail = await newOwner(page, testInfo);
  const contactEmail = await newContact(page, testInfo);

  // An organization with a logo.
  await page.goto("/organizations/new");
  await waitForHydration(page, testInfo);
  await page.getByLabel("Business name").fill("Sam's Garage Downtown");
  await page.getByLabel("Website").fill("garage.example");
  await page.getByLabel("Logo").setInputFiles(path.resolve("public/user.png"));
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(toast(page, "Sam's Garage Downtown was created.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sam's Garage Downtown", level: 1 })).toBeVisible();
  await expect(page.getByTestId("members-table")).toContainText(ownerEmail);

  // A member invited by email.
  const invitee = uniqueEmail("invitee", testInfo);
  await page.getByLabel("Email").fill(invitee);
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(toast(page, `An invitation was sent to ${invitee}.`)).toBeVisible();
  await expect(page.getByTestId("pending-invitations")).toContainText(invitee);
  expect((await latestEmailTo(invitee)).subject).toContain("Sam's Garage Downtown");

  // A team with the owner in it.
  await page.getByRole("link", { name: /^Teams/ }).click();
  await page.getByLabel("Team name").fill("Workshop");
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(toast(page, "The team Workshop was created.")).toBeVisible();
  await page.getByLabel("Add to the team").selectOption({ label: `Sam Scheduler (${ownerEmail})` });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByTestId("team-members-table")).toContainText(ownerEmail);

  // An event type hosted by the owner.
  await page.getByRole("link", { name: "New event type" }).click();
  await waitForHydration(page, testInfo);
  await page.getByLabel("Name", { exact: true }).fill("Brake check");
  await page.getByLabel("Duration (minutes)").fill("30");
  await page.getByLabel("Appointment type").selectOption("service");
  await page.getByRole("radio", { name: "In person" }).check();
  await page.getByLabel("Address").fill("Main Street 1, Toronto");
  await page.getByLabel("Minimum notice (hours)").fill("1");
  await page.getByRole("checkbox", { name: "Sam Scheduler" }).check();
  await page.getByRole("button", { name: "Create event type" }).click();
  await expect(toast(page, "The event type Brake check was created.")).toBeVisible();
  await expect(page.getByTestId("event-types-table")).toContainText("Brake check");

  // Working hours every day, so there are free times whatever day the test runs.
  await page.goto("/staff");
  await page.getByRole("link", { name: "Sam Scheduler" }).click();
  await waitForHydration(page, testInfo);
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    await page.getByRole("group", { name: day }).getByRole("checkbox", { name: "Works this day" }).check();
    await page.getByLabel(`${day} from`, { exact: true }).fill("08:00");
    await page.getByLabel(`${day} to`, { exact: true }).fill("20:00");
  }
  // A second range on Monday: the spare pair without JavaScript, "Add range" with it. Overlapping, it is refused at its start, and nothing typed is lost.
  if (!isScriptless(testInfo)) await page.getByRole("button", { name: "Add range on Monday" }).click();
  await page.getByLabel("Monday from, range 2", { exact: true }).fill("12:00");
  await page.getByLabel("Monday to, range 2", { exact: true }).fill("13:00");
  await page.getByRole("button", { name: "Save working hours" }).click();
  await expect(page.getByTestId("hours-day-1")).toContainText("The ranges of a day must not overlap.");
  await expect(page.getByLabel("Monday from, range 2", { exact: true })).toHaveValue("12:00");
  await expect(page.getByLabel("Monday from, range 2", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Sunday to", { exact: true })).toHaveValue("20:00");
  // Fixed by taking the range away: a remove button with JavaScript, clearing its times without.
  if (isScriptless(testInfo)) {
    await page.getByLabel("Monday from, range 2", { exact: true }).fill("");
    await page.getByLabel("Monday to, range 2", { exact: true }).fill("");
  } else {
    await page.getByRole("button", { name: "Remove range 2 on Monday" }).click();
  }
  await page.getByRole("button", { name: "Save working hours" }).click();
  await expect(toast(page, "The working hours of Sam Scheduler were saved.")).toBeVisible();
  await expect(page.getByLabel("Saturday to", { exact: true })).toHaveValue("20:00");

  // Book with the slot picker: contact search, a day, a time.
  await page.goto("/appointments/new");
  await waitForHydration(page, testInfo);
  await page.getByLabel("Find a contact").fill("Greta");
  await page.getByRole("button", { name: "Search" }).click();
  await page
    .getByTestId("contact-matches")
    .getByRole("link", { name: /Greta Garbo/ })
    .click();
  await expect(page.getByTestId("chosen-contact")).toContainText("Greta Garbo");
  const tomorrow = page.getByTestId("slot-picker").locator("li a").nth(1);
  const day = new URL((await tomorrow.getAttribute("href"))!, "http://x").searchParams.get("date")!;
  await tomorrow.click();
  await expect(tomorrow).toHaveAttribute("aria-current", "date");
  const firstTime = page.getByTestId("slot-picker").locator("label").first();
  const chosenTime = (await firstTime.innerText()).trim();
  await firstTime.click();
  await page.getByLabel("Notes").fill("Squeaky brakes on the front left.");
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(toast(page, "The appointment with Greta Garbo is booked.")).toBeVisible();
  await expect(page.getByTestId("appointment-status")).toHaveText("Booked");
  const appointmentUrl = page.url();
  const booked = await latestEmailTo(contactEmail);
  expect(booked.subject).toMatch(/^Confirmed: Brake check with Sam's Garage Downtown/);
  expect(JSON.stringify(booked)).toContain("METHOD:REQUEST");

  // On the calendar, that day.
  await page.goto(`/calendar?view=day&date=${day}`);
  const entry = page.getByTestId("calendar-day").getByRole("link", { name: /Greta Garbo/ });
  await expect(entry).toContainText(chosenTime);
  await entry.click();
  await expect(page).toHaveURL(appointmentUrl);

  // Moved to another time.
  await page.getByRole("link", { name: "Reschedule" }).click();
  // The booked day (tomorrow), as when booking: late in the evening today has fewer than three free times left.
  const bookedDay = page.getByTestId("slot-picker").locator("li a").nth(1);
  await bookedDay.click();
  await expect(bookedDay).toHaveAttribute("aria-current", "date");
  const other = page.getByTestId("slot-picker").locator("label").nth(2);
  await other.click();
  await page.getByRole("button", { name: "Move appointment" }).click();
  await expect(toast(page, "The appointment with Greta Garbo was moved.")).toBeVisible();
  await expect(page.getByTestId("appointment-log")).toContainText("Rescheduled");
  await expect.poll(async () => (await latestEmailTo(contactEmail)).subject).toMatch(/^New time: Brake check/);

  // Cancelled with a reason.
  await confirmVia(page, testInfo, "Cancel appointment", "Cancel appointment", async (scope) => {
    await scope.getByLabel("Reason").fill("The car was sold.");
  });
  await expect(toast(page, "The appointment with Greta Garbo was cancelled.")).toBeVisible();
  await expect(page.getByTestId("appointment-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("appointment-log")).toContainText("The car was sold.");
  await expect.poll(async () => (await latestEmailTo(contactEmail)).subject).toMatch(/^Cancelled: Brake check/);
  expect(JSON.stringify(await latestEmailTo(contactEmail))).toContain("METHOD:CANCEL");
});

test("the organization and team selector in the top bar is remembered across pages", async ({ page }, testInfo) => {
  await newOwner(page, testInfo);
  for (const name of ["Alpha Clinic", "Beta Gym"]) {
    const created = await page.request.post("/organizations/new", { multipart: { name, website: "" }, maxRedirects: 0 });
    expect(created.status()).toBe(302);
  }
  await page.goto("/appointments");
  await waitForHydration(page, testInfo);
  const chosen = page.getByTestId("organization-switcher").locator("summary");
  await expect(chosen).toContainText("Alpha Clinic");
  await chosen.click();
  await page.getByTestId("organization-switcher").getByRole("button", { name: "Beta Gym" }).click();
  await expect(chosen).toContainText("Beta Gym");
  await expect(page).toHaveURL(/\/appointments$/);
  await page.goto("/staff");
  await expect(chosen).toContainText("Beta Gym");
  await expect(page.getByRole("main")).toContainText("Beta Gym");
});
