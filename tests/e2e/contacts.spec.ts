import type { Page, TestInfo } from "@playwright/test";
import { auditsWithScriptsOnly, expect, expectNoSeriousViolations, prepareAccessibilityAudit, signInQuickly, test, toast, waitForHydration } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * /contacts with and without JavaScript. Tests share the demo tenant (whose
 * seeded lists and contacts other specs and the campaigns change), so every
 * test makes its own uniquely named list and contact, finds them by name and
 * never counts anything it did not make.
 */

function uniqueSuffix(testInfo: TestInfo) {
  return `${testInfo.project.name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** A North American number in an area code the demo data does not use, random enough for parallel runs. */
function uniquePhoneDigits() {
  return `289${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
}

const listsPanel = (page: Page) => page.getByRole("navigation", { name: "Contact lists" });
const rowOf = (page: Page, text: string) => page.getByRole("table").locator("tbody tr").filter({ hasText: text });

/**
 * An action of a contact or a list: without scripts a link (or a small form
 * button) in its plain list of actions; with them an entry of its "⋯" menu.
 * `menu` is the accessible name of both.
 */
async function chooseAction(page: Page, testInfo: TestInfo, menu: string, name: string, kind: "link" | "button" = "link") {
  if (isScriptless(testInfo)) {
    await page.getByRole("list", { name: menu }).getByRole(kind, { name, exact: true }).click();
    return;
  }
  await page.getByRole("button", { name: menu, exact: true }).click();
  await page.getByRole("menuitem", { name, exact: true }).click();
}

/** Whether the actions of `menu` offer `name` (the menu is opened and closed again with scripts). */
async function expectAction(page: Page, testInfo: TestInfo, menu: string, name: string, kind: "link" | "button" = "link") {
  if (isScriptless(testInfo)) {
    await expect(page.getByRole("list", { name: menu }).getByRole(kind, { name, exact: true })).toBeVisible();
    return;
  }
  await page.getByRole("button", { name: menu, exact: true }).click();
  await expect(page.getByRole("menuitem", { name, exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
}

/** Without scripts a confirmation is a page of its own; with them the same form opens in a dialog. */
async function confirmIn(page: Page, testInfo: TestInfo, title: string, menu: string) {
  await chooseAction(page, testInfo, menu, "Delete");
  if (isScriptless(testInfo)) {
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    return page.locator("main");
  }
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
  return dialog;
}

/** "New list": its own page without scripts, a dialog with them; both show the same field. */
async function createList(page: Page, testInfo: TestInfo, name: string) {
  if (isScriptless(testInfo)) {
    await page.getByRole("main").getByRole("link", { name: "New list", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Create a list", level: 1 })).toBeVisible();
  } else if (!(await page.getByRole("dialog", { name: "Create a list" }).isVisible())) {
    await page.getByRole("main").getByRole("button", { name: "New list", exact: true }).click();
  }
  await page.getByLabel("New list").fill(name);
  await page.getByRole("button", { name: "Create list" }).click();
}

async function search(page: Page, testInfo: TestInfo, term: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(term);
  // With scripts the search submits itself after a pause in typing; without, the Apply button sends the form.
  if (isScriptless(testInfo)) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === term);
}

test("a number another contact has is refused with one message, which links to that contact", async ({ page }, testInfo) => {
  const suffix = uniqueSuffix(testInfo);
  const digits = uniquePhoneDigits();
  await signInQuickly(page, DEMO_USERS.owner.email);
  for (const firstName of [`First-${suffix}`, `Second-${suffix}`]) {
    await page.goto("/contacts/new");
    await waitForHydration(page, testInfo);
    await page.getByLabel("First name").fill(firstName);
    await page.getByLabel("Phone number").fill(digits);
    await page.getByLabel("List", { exact: true }).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Add contact" }).click();
  }
  const phone = page.getByLabel("Phone number");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/A contact with this phone number already exists/);
  await expect(page.getByTestId("phone-format-status")).toHaveText("");
  await page.getByRole("link", { name: "Open the existing contact" }).click();
  await expect(page.getByRole("heading", { name: "Edit contact" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue(`First-${suffix}`);
});

test("a list and a contact from start to finish", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const suffix = uniqueSuffix(testInfo);
  const listName = `E2E list ${suffix}`;
  const firstName = `Erika-${suffix}`;
  const digits = uniquePhoneDigits();
  const shownPhone = `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/contacts");
  await waitForHydration(page, testInfo);

  // A new list, opened at once.
  await createList(page, testInfo, listName);
  await expect(toast(page, `List “${listName}” created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\?list=/);
  await expect(page.getByRole("heading", { name: `“${listName}” has no contacts yet` })).toBeVisible();
  await expect(listsPanel(page).getByRole("link", { name: new RegExp(`^${listName}`) })).toHaveAttribute("aria-current", "page");

  // A contact with a phone number that is not one: the message is at the field, and nothing typed is lost.
  await page.getByTestId("contacts-empty").getByRole("link", { name: "Add contact" }).click();
  await expect(page.getByRole("heading", { name: "Add contact", level: 1 })).toBeVisible();
  await waitForHydration(page, testInfo);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name (optional)").fill("Mustermann");
  await page.getByLabel("Company (optional)").fill("Beispiel GmbH");
  await page.getByLabel("Phone number").fill("12345");
  await page.getByLabel("Email (optional)").fill("erika@example.test");
  await expect(page.getByLabel("List", { exact: true })).toHaveValue(/.+/);
  await page.getByRole("button", { name: "Add contact" }).click();
  const phone = page.getByLabel("Phone number");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Invalid phone number format/);
  // One message for one problem: the live "Invalid format" gives way to the error.
  await expect(page.getByTestId("phone-format-status")).toHaveText("");
  await expect(page.getByLabel("First name")).toHaveValue(firstName);
  await expect(page.getByLabel("Company (optional)")).toHaveValue("Beispiel GmbH");

  await phone.fill(digits);
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(toast(page, "Contact added.")).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\?list=/);
  await expect(rowOf(page, firstName)).toContainText(shownPhone);

  // Found by search from all contacts, by name and by the digits of the number.
  await listsPanel(page)
    .getByRole("link", { name: /^All contacts/ })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/contacts" && !url.searchParams.has("list"));
  await waitForHydration(page, testInfo);
  await search(page, testInfo, firstName);
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(1);
  await expect(rowOf(page, firstName)).toContainText("Beispiel GmbH");
  await expect(rowOf(page, firstName)).toContainText(listName);
  await search(page, testInfo, `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
  await expect(rowOf(page, firstName)).toBeVisible();
  await search(page, testInfo, firstName);

  // Edited, and back on the same view.
  const contactMenu = `Actions for ${firstName} Mustermann`;
  await waitForHydration(page, testInfo);
  await chooseAction(page, testInfo, contactMenu, "Edit");
  await expect(page.getByRole("heading", { name: "Edit contact" })).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveValue(shownPhone);
  await page.getByLabel("Company (optional)").fill("Muster AG");
  await page.getByLabel("Title (optional)").fill("Einkauf");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Contact saved.")).toBeVisible();
  // Back on the same view (as the list writes it: without the empty fields a plain form sends).
  await expect(page).toHaveURL((url) => url.pathname === "/contacts" && url.search === `?${new URLSearchParams({ q: firstName })}`);
  await expect(rowOf(page, firstName)).toContainText("Muster AG");
  await expect(rowOf(page, firstName)).toContainText("Einkauf");

  // Opted out from the row, which says so; the opted-out filter finds it.
  await waitForHydration(page, testInfo);
  await chooseAction(page, testInfo, contactMenu, "Opt out", "button");
  await expect(toast(page, `${firstName} Mustermann is opted out; campaigns will skip them.`)).toBeVisible();
  await expect(rowOf(page, firstName)).toContainText("Opted out");
  await waitForHydration(page, testInfo);
  await expectAction(page, testInfo, contactMenu, "Opt back in", "button");
  await page.goto(`/contacts?q=${encodeURIComponent(firstName)}&optedOut=no`);
  await expect(page.getByRole("heading", { name: "No contacts match" })).toBeVisible();
  await page.goto(`/contacts?q=${encodeURIComponent(firstName)}&optedOut=yes`);
  await expect(rowOf(page, firstName)).toBeVisible();
  await waitForHydration(page, testInfo);

  // Deleted after a confirmation.
  const confirmation = await confirmIn(page, testInfo, "Delete contact", contactMenu);
  await expect(confirmation.getByTestId("delete-summary")).toContainText(`${firstName} Mustermann`);
  await confirmation.getByRole("button", { name: "Delete contact" }).click();
  await expect(toast(page, `${firstName} Mustermann was deleted.`)).toBeVisible();
  await expect(page.getByTestId("contacts-empty")).toBeVisible();

  // The list: renamed, then deleted (it is empty now, and says so).
  const renamed = `${listName} (renamed)`;
  await waitForHydration(page, testInfo);
  await chooseAction(page, testInfo, `Actions for the list ${listName}`, "Rename");
  await expect(page.getByRole("heading", { name: "Rename list" })).toBeVisible();
  await page.getByLabel("List name").fill(renamed);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(toast(page, `List renamed to “${renamed}”.`)).toBeVisible();
  await expect(listsPanel(page).getByRole("link", { name: new RegExp(`^${renamed.replace(/[()]/g, "\\$&")}`) })).toBeVisible();

  await waitForHydration(page, testInfo);
  const listConfirmation = await confirmIn(page, testInfo, "Delete list", `Actions for the list ${renamed}`);
  await expect(listConfirmation).toContainText("The list has no contacts.");
  await listConfirmation.getByRole("button", { name: "Delete list and 0 contacts" }).click();
  await expect(toast(page, `List “${renamed}” and its 0 contacts were deleted.`)).toBeVisible();
  await expect(listsPanel(page).getByText(renamed)).toHaveCount(0);
});

test("list names must be given and unique; the message shows at the field", async ({ page }, testInfo) => {
  const listName = `E2E unique ${uniqueSuffix(testInfo)}`;
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/contacts");
  await waitForHydration(page, testInfo);
  await createList(page, testInfo, listName);
  await expect(toast(page, `List “${listName}” created.`)).toBeVisible();
  await waitForHydration(page, testInfo);

  await createList(page, testInfo, listName.toUpperCase());
  await expect(page.getByText("A list with this name already exists")).toBeVisible();
  // Typed input survives the refusal (without scripts on the list's own page, with them in the dialog).
  await expect(page.getByLabel("New list")).toHaveValue(listName.toUpperCase());
  if (!isScriptless(testInfo)) await expect(page.getByRole("dialog", { name: "Create a list" }).getByRole("heading", { name: "Create a list" })).toBeVisible();
  await page.getByLabel("New list").fill("   ");
  await page.getByRole("button", { name: "Create list" }).click();
  await expect(page.getByText("List name cannot be empty")).toBeVisible();

  // Tidy up: the list is empty, so deleting it is a plain confirmation.
  await page.goto("/contacts");
  await waitForHydration(page, testInfo);
  const confirmation = await confirmIn(page, testInfo, "Delete list", `Actions for the list ${listName}`);
  await confirmation.getByRole("button", { name: "Delete list and 0 contacts" }).click();
  await expect(toast(page, `List “${listName}” and its 0 contacts were deleted.`)).toBeVisible();
});

test("a read-only user sees and exports contacts but has no controls to change them", async ({ page }) => {
  await signInQuickly(page, DEMO_USERS.agent.email);
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
  await expect(page.getByRole("table").locator("tbody tr").first()).toBeVisible();
  const main = page.locator("main");
  for (const name of ["Add contact", "Import CSV", "New list"]) {
    await expect(main.getByRole("link", { name })).toHaveCount(0);
    await expect(main.getByRole("button", { name })).toHaveCount(0);
  }
  await expect(main.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
  // Neither a menu nor (without scripts) a list of actions, for contacts or for lists.
  await expect(main.getByLabel(/^Actions for/)).toHaveCount(0);
  await expect(main.getByRole("link", { name: /^(Edit|Delete|Rename)/ })).toHaveCount(0);
  await expect(main.getByRole("button", { name: /^(Opt out|Opt back in|Delete)/ })).toHaveCount(0);

  const exportLink = main.getByRole("link", { name: "Export CSV" });
  const response = await page.request.get((await exportLink.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await response.text()).split("\r\n")[0]).toBe('"First name","Last name","Title","Company","Phone","Email","List","Opted out","Opted out on","Added"');
  expect((await page.goto("/contacts/new"))?.status()).toBe(403);
});

test.describe(() => {
  // axe runs inside the page; without JavaScript the app's bundles are blocked instead (prepareAccessibilityAudit).
  test.use({ javaScriptEnabled: true });

  test("the list and its empty state pass an accessibility audit", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await prepareAccessibilityAudit(page, testInfo);
    await signInQuickly(page, DEMO_USERS.owner.email);
    await page.goto("/contacts");
    await expect(page.getByRole("table")).toBeVisible();
    await expectNoSeriousViolations(page, { withoutScripts: true });

    await page.goto("/contacts?q=no-such-contact-anywhere");
    await expect(page.getByTestId("contacts-empty")).toBeVisible();
    await expectNoSeriousViolations(page, { withoutScripts: true });
  });

  test("the contact and list forms pass an accessibility audit", async ({ page }, testInfo) => {
    auditsWithScriptsOnly(testInfo);
    test.setTimeout(60_000);
    await prepareAccessibilityAudit(page, testInfo);
    await signInQuickly(page, DEMO_USERS.owner.email);

    // The form after a refused submission: errors and the phone help card included.
    await page.goto("/contacts/new");
    await page.getByRole("button", { name: "Add contact" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await page.getByText("Which phone formats work?").click();
    await expectNoSeriousViolations(page);

    // The oldest contact and its list come from the demo seed, which no test deletes.
    await page.goto("/contacts?sort=created&order=asc");
    const oldest = page.getByRole("table").locator("tbody tr").first();
    // The name opens the contact's profile in the contact center; the list's name, its contacts.
    const profile = await oldest.getByRole("rowheader").getByRole("link").getAttribute("href");
    expect(profile).toMatch(/^\/main-contact-center\/[^/?]+$/);
    const edit = `/contacts/${profile!.split("/").pop()}/edit`;
    const listId = new URL((await oldest.locator('a[href*="list="]').getAttribute("href"))!, page.url()).searchParams.get("list");
    const renameList = `/contacts/lists/${listId}/edit`;
    await page.goto(edit);
    await expect(page.getByRole("heading", { name: "Edit contact" })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto(edit.replace(/\/edit(\?.*)?$/, "/delete"));
    await expect(page.getByRole("heading", { name: "Delete contact" })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto(renameList);
    await expect(page.getByRole("heading", { name: "Rename list" })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto(renameList.replace(/\/edit(\?.*)?$/, "/delete"));
    await expect(page.getByRole("heading", { name: "Delete list" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test("the list fits a laptop and a phone: one line per contact, cards on a phone, nothing scrolls sideways", async ({ page }, testInfo) => {
  await signInQuickly(page, DEMO_USERS.owner.email);
  // A contact whose every value is long (German names and companies are), added the quick way: the form's own endpoint.
  const suffix = uniqueSuffix(testInfo);
  await page.goto("/contacts");
  const listHref = await listsPanel(page).locator('a[href*="list="]').first().getAttribute("href");
  const listId = new URL(listHref!, page.url()).searchParams.get("list")!;
  const created = await page.request.post("/contacts/new", {
    form: {
      intent: "save",
      firstName: `Maximiliane-Theresa-${suffix}`,
      lastName: "Schwarzenberg-Hohenlohe",
      title: "Leiterin Einkauf und Beschaffung",
      company: "Gebrüder Hinterhuber Landmaschinenhandel GmbH & Co. KG",
      phone: uniquePhoneDigits(),
      email: `maximiliane.schwarzenberg-hohenlohe-${suffix}@landmaschinen-hinterhuber.example`,
      listId,
      returnTo: "/contacts",
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    // Contacts with an address (the seeded ones have long ones); other specs import thousands without.
    await page.goto(`/contacts?${new URLSearchParams({ q: "@" })}`);
    await waitForHydration(page, testInfo);
    await expect(page.getByTestId("contacts-table").locator("tbody tr").first()).toBeVisible();
    const layout = await page.evaluate(() => {
      const table = document.querySelector<HTMLElement>('[data-testid="contacts-table"]')!;
      const rows = [...table.querySelectorAll<HTMLElement>("tbody tr")];
      const emails = [...table.querySelectorAll<HTMLElement>('td[data-label="Email"] span[title]')];
      return {
        pageOverflow: document.scrollingElement!.scrollWidth - window.innerWidth,
        tableOverflow: table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
        rowDisplay: getComputedStyle(rows[0]!).display,
        tallestRow: Math.max(...rows.map((row) => row.getBoundingClientRect().height)),
        // An address is cut with an ellipsis (the whole of it in its title), never wrapped onto a second line.
        tallestEmail: Math.max(0, ...emails.map((email) => email.getBoundingClientRect().height)),
        emailCount: emails.length,
      };
    });
    expect(layout.pageOverflow, `page overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
    expect(layout.tableOverflow, `table overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
    expect(layout.emailCount).toBeGreaterThan(0);
    expect(layout.tallestEmail).toBeLessThan(30);
    if (viewport.width >= 640) {
      expect(layout.rowDisplay).toBe("table-row");
      // Without scripts a row's actions are a plain list of links, stacked in their column.
      if (!isScriptless(testInfo)) expect(layout.tallestRow).toBeLessThan(48);
    } else {
      // Below 640 px every contact is a card of label/value lines.
      expect(layout.rowDisplay).toBe("flex");
    }
  }

  await page.goto(`/contacts?${new URLSearchParams({ q: `Maximiliane-Theresa-${suffix}` })}`);
  const id = await page.locator("tbody tr[data-contact-id]").getAttribute("data-contact-id");
  expect((await page.request.post(`/contacts/${id}/delete`, { form: { returnTo: "/contacts" }, maxRedirects: 0 })).status()).toBe(302);
});
