import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { DEMO_PASSWORD, isScriptless } from "./support";

export { expect };

/**
 * What React 18 says when the browser's first render differs from the
 * server's HTML: in production the messages are minified (#418 hydration
 * failed, #423 the root fell back to client rendering, #425 text differs);
 * in development they name the mismatch.
 */
const HYDRATION_PROBLEM = /Hydration|did not match|Minified React error #(418|423|425)\b/i;

/**
 * Every spec imports `test` from here. In the `js` project it watches the
 * browser for uncaught page errors and for hydration warnings on the console,
 * and fails the test at its end if there were any: a mismatch makes React
 * throw the server's HTML away and render again, which no assertion on the
 * page would notice (the page looks right a moment later). Found once for
 * real: Node's and Chromium's ICU format the same date range with different
 * spaces. Without JavaScript nothing hydrates, so the `no-js` project skips it.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    if (isScriptless(testInfo)) {
      await use(context);
      return;
    }
    const problems: string[] = [];
    context.on("weberror", (webError) => {
      const error = webError.error();
      problems.push(`Uncaught error on ${webError.page()?.url() ?? "a page"}: ${error.stack ?? error.message}`);
    });
    context.on("console", (message) => {
      if (message.type() === "error" && HYDRATION_PROBLEM.test(message.text())) {
        problems.push(`Console error on ${message.page()?.url() ?? "a page"}: ${message.text()}`);
      }
    });
    await use(context);
    if (problems.length > 0) {
      await testInfo.attach("hydration and page errors", { body: problems.join("\n\n"), contentType: "text/plain" });
    }
    // The first line of each, once: the attachment has the stacks.
    const summary = [...new Set(problems.map((problem) => problem.split("\n")[0]))];
    expect(summary, "the browser reported hydration mismatches or uncaught errors (see the attachment)").toEqual([]);
  },
});

/**
 * Signs in with a form post from the page's own request context, which shares
 * its cookies with the browser: the sign-in form itself is covered by
 * sign-in.spec.ts, and skipping its page load and hydration keeps a suite that
 * signs in for nearly every test fast.
 */
/**
 * A new business as a person makes it: registration, sign-in, a test card and the starter plan, through the pages' own
 * form posts (no JavaScript needed). `headers` are what the browser sends with the registration (its languages, say).
 */
export async function registerOwnerWithPlan(
  page: Page,
  account: { email: string; password: string; name: string; company: string; phone: string; headers?: Record<string, string>; plan?: "starter" | "growth" },
) {
  const { email, password, name, company, phone, headers, plan: planKey = "starter" } = account;
  const registered = await page.request.post("/register", {
    form: { name, company, email, phone, password, confirmPassword: password },
    ...(headers ? { headers } : {}),
    maxRedirects: 0,
  });
  expect(registered.status(), "registration").toBe(302);
  await signInQuickly(page, email, password);
  const card = await page.request.post("/choose-plan", {
    form: { intent: "add-card", number: "4242424242424242", expiry: "12/34", cvc: "123", returnTo: "/choose-plan" },
    maxRedirects: 0,
  });
  expect(card.status(), "adding the test card").toBe(302);
  const plan = await page.request.post("/choose-plan", { form: { intent: "choose", plan: planKey, submissionKey: crypto.randomUUID() }, maxRedirects: 0 });
  expect(plan.status(), `choosing the ${planKey} plan`).toBe(302);
}

export async function signInQuickly(page: Page, email: string, password = DEMO_PASSWORD) {
  // A request context sends neither Origin nor Sec-Fetch-Site, which the same-origin check lets through (as it does curl).
  const response = await page.request.post("/login", { form: { email, password, redirectTo: "" }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  expect((await page.context().cookies()).some((cookie) => cookie.name === "__session")).toBe(true);
}

/**
 * axe needs script execution. The no-js project audits what a browser without
 * JavaScript gets: scripts on (javaScriptEnabled is set per file or describe),
 * the app's bundles blocked, so React never hydrates. Call it before the first page load.
 */
export async function prepareAccessibilityAudit(page: Page, testInfo: TestInfo) {
  if (isScriptless(testInfo)) await page.route(/\/build\/.+\.js(\?.*)?$/, (route) => route.abort());
}

/**
 * axe's experimental rules, off by default, that the audit runs too: WCAG
 * 2.5.3 label in name (a control's visible text is part of its accessible
 * name, so "click Olivia Owner" works for a voice-control user), and the
 * structure checks that judge this app's pages without false alarms.
 */
export const EXPERIMENTAL_AXE_RULES = ["label-content-name-mismatch", "p-as-heading", "table-fake-caption", "td-has-header", "css-orientation-lock"];

/**
 * Why most audits run in the js project only (docs/decisions/0039-audits-without-scripts.md):
 * both projects get the same server HTML, and the js project audits it after
 * hydration, so a page's own markup is audited once. What only a browser
 * without JavaScript shows (the primitives' fallbacks: a confirmation link
 * instead of a dialog, a list of links instead of a menu, <details> instead of
 * the profile menu, <noscript> parts) is audited in the no-js project where it
 * appears: the UI kit page, the shell and list pages of accessibility.spec.ts,
 * and the flows whose pages have fallbacks of their own (the import's outcome,
 * the onboarding wizard), which pass `withoutScripts`.
 */
export const AUDITED_WITH_SCRIPTS =
  "this page's markup is the server's in both projects; the js project audits it (docs/decisions/0039-audits-without-scripts.md)";

/** For a test that only audits: skipped in the no-js project, whose run would audit the same markup again. */
export function auditsWithScriptsOnly(testInfo: TestInfo) {
  test.skip(isScriptless(testInfo), AUDITED_WITH_SCRIPTS);
}

/**
 * WCAG 2 A and AA in the light theme, with the experimental rules above; serious and critical findings fail the test, listed by rule and element.
 * In the no-js project it audits only where `withoutScripts` says the page shows markup of its own without JavaScript.
 */
export async function expectNoSeriousViolations(page: Page, { withoutScripts = false }: { withoutScripts?: boolean } = {}) {
  if (isScriptless(test.info()) && !withoutScripts) return;
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  // Colours are judged as they settle: a button fading in from its disabled opacity, or into its hover colour, measured halfway
  // fails contrast it does not have (the Vapi form of agents.spec.ts, CI of 2d98b22). Endless animations (spinners) are not waited for.
  // A form that was just submitted re-enables its button when Remix's navigation settles, which can be a frame after the
  // answer shows; its fade-in starts only then (the Vapi form again, CI of 356539c). So first the router goes idle, then a frame passes.
  await page.waitForFunction(
    () => {
      const router = (window as unknown as { __remixRouter?: { state: { navigation: { state: string }; fetchers: Map<string, { state: string }> } } })
        .__remixRouter;
      return !router || (router.state.navigation.state === "idle" && [...router.state.fetchers.values()].every((fetcher) => fetcher.state === "idle"));
    },
    undefined,
    { timeout: 5_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  // Legacy mode runs axe in the page itself; the default runs it per frame and then opens a blank page to merge the
  // results, about a second per audit. Our pages have no cross-origin frames, the one case legacy mode cannot see into.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] },
      rules: Object.fromEntries(EXPERIMENTAL_AXE_RULES.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  // Each experimental rule ran (passed, failed, needed review or found nothing to judge), so an axe upgrade that renames one cannot silently drop it.
  const ran = new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((rule) => rule.id));
  expect(
    EXPERIMENTAL_AXE_RULES.filter((rule) => !ran.has(rule)),
    "experimental axe rules that did not run",
  ).toEqual([]);
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(" ")}: ${node.failureSummary ?? ""}`).join("\n")}`,
    );
  expect(serious, `${page.url()}\n${serious.join("\n")}`).toEqual([]);
}

/**
 * With scripts on, waits until React has hydrated the page: the profile menu
 * is a <details> disclosure in the server's HTML and a button once hydrated
 * (one root, so the whole page is hydrated then). An action taken before that
 * (a select's change, a click on a dialog opener) would go to the plain HTML.
 */
export async function waitForHydration(page: Page, testInfo: TestInfo) {
  if (!isScriptless(testInfo)) await expect(page.getByRole("button", { name: "Profile menu" })).toBeVisible();
}

/** The toast that a redirect with a message shows (role status for success, alert for errors). */
export function toast(page: Page, message: string) {
  return page.getByRole("status").filter({ hasText: message });
}
