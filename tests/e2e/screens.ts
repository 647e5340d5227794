import { expect, type Page } from "@playwright/test";
import { ensureDemoIntegration } from "./support";

/*
 * The screens of the layout audit (layout.spec.ts), shared with the HTML
 * validity check (html-validity.spec.ts), so both always cover the same pages.
 */

/** The screens an owner reaches; ids come from the demo data at run time. */
export const OWNER_SCREENS = [
  "/overview",
  "/overview?onboarding=phone",
  "/overview?onboarding=tour",
  "/help?type=campaigns&from=/campaigns",
  "/recordings",
  "/recordings/:recording",
  "/feedback",
  "/search?q=a",
  "/call-management?tab=live-calls",
  "/call-management?tab=callqueue",
  "/call-management?tab=missedcalls",
  "/call-management?tab=post-call-analysis",
  "/service-desk",
  "/service-desk?tab=all&status=any",
  "/service-desk/new",
  "/service-desk/new?call=:recording",
  "/service-desk/:ticket",
  "/service-desk/settings",
  "/contacts",
  "/contacts/new",
  "/contacts/import",
  "/numbers-managment",
  "/numbers-managment/validate",
  "/knowledge-base",
  "/knowledge-base/new",
  "/campaigns",
  "/campaigns/new",
  "/campaigns/:campaign",
  "/campaigns/:completedCampaign?outcome=answered",
  "/profile",
  "/profile/security",
  "/notifications",
  "/notifications?filter=all",
  "/settings",
  "/api-access",
  "/api-access?tab=dashboard&range=last-3-months",
  "/api-access?tab=documentation",
  "/api-access?tab=usage",
  "/api-access?tab=account",
  "/api-docs",
  "/billing",
  "/billing?tab=payment-methods",
  "/billing?tab=payment-methods&add=card",
  "/billing?tab=top-up",
  "/billing?tab=billing-history",
  "/billing?tab=billing-details",
  "/billing?tab=usage&range=last-3-months",
  "/add-topup-balance",
  "/invoices",
  "/subscriptions-history",
  "/organizations",
  "/organizations/new",
  "/organizations/:organization",
  "/organizations/:organization?tab=teams",
  "/organizations/:organization/teams/:team",
  "/organizations/:organization/teams/:team/event-types/new",
  "/organizations/:organization/teams/:team/event-types/:eventType",
  "/staff",
  "/staff/:staff",
  "/appointments",
  "/appointments?when=past",
  "/appointments/new",
  "/appointments/:appointment",
  "/appointments/:appointment/reschedule",
  "/calendar",
  "/calendar?view=month",
  "/calendar?view=day",
  "/appointment-insights?range=last-3-months",
  "/calcom",
  "/integrations-hub",
  "/integrations-hub?view=list",
  "/integrations-hub?category=marketing",
  "/integrations-hub?tab=active",
  "/integrations-hub?tab=analytics",
  "/integrations-hub/connect/crm-suite",
  "/integrations-hub/import",
  "/integrations-hub/:integration",
  "/integrations-hub/:integration?tab=mappings",
  "/integrations-hub/:integration?tab=mappings&kind=appointment",
  "/integrations-hub/:integration?tab=endpoints&run=createUser",
  "/integrations-hub/:integration?tab=webhooks",
  "/crm",
  "/crm-logs",
  "/crm-deals",
  "/crm-deals?view=list",
  "/crm-deals/new",
  "/crm-deals/:deal/edit",
  "/crm-deals/pipelines/:pipeline",
  "/crm-deals/pipelines/new",
  "/ai-agent-manager",
  "/ai-agent-manager/platform",
  "/create-agent",
  "/create-from-blank",
  "/ai-agent?id=:agent&tab=general",
  "/ai-agent?id=:agent&tab=context",
  "/ai-agent?id=:agent&tab=speech",
  "/ai-agent?id=:agent&tab=versions",
  "/ai-agent?id=:agent&tab=test",
  "/templates",
  "/templates/new",
  "/templates/:template",
  "/templates/:template?tab=assignments",
  "/templates/:template?tab=rerun",
  "/response",
  "/main-contact-center",
  "/main-contact-center?q=a",
  "/main-contact-center/:contact",
  "/settings/audit-log",
  // The tenant's roles (issue 26): the list, the members' roles and the permission editor.
  "/roles",
  "/roles?tab=members",
  "/roles/new",
  "/roles/:role",
  // The affiliate programme (issue 26): the demo owner is an approved affiliate with figures, lines and payouts.
  "/affiliates",
];

/**
 * The platform's super-admin screens (issue 26), audited signed in as the
 * demo's platform admin; ids come from resolveSuperAdminIds.
 */
export const SUPER_ADMIN_SCREENS = [
  "/usersManagement",
  "/usersManagement?status=active&sort=created&order=asc",
  "/usersManagement/:user",
  "/usersManagement/audit-log",
  "/affiliate-management?tab=approve",
  "/affiliate-management?tab=manage",
  "/affiliate-management?tab=payout",
  "/api-access-admin",
  "/api-access-admin?status=revoked&range=last-12-months",
  // The plan catalogue and the platform's figures (issue 26).
  "/products",
  "/products/new",
  "/products/:product",
  // VAT rates per country (issue 27, decision 0066): the list, a filtered list and a country's form.
  "/products/tax-rates",
  "/products/tax-rates?show=scheduled",
  "/products/tax-rates/DE",
  "/analytics",
  "/analytics?range=last-12-months",
];

/** Sets the signed-in user's theme and language. */
export async function choose(page: Page, theme: string, language: string) {
  // Plain form posts of the preference resources, as the top bar's buttons send them.
  expect((await page.request.post("/resources/theme", { form: { theme, redirectTo: "/overview" }, maxRedirects: 0 })).status()).toBe(302);
  expect((await page.request.post("/resources/language", { form: { language, lng: language, redirectTo: "/overview" }, maxRedirects: 0 })).status()).toBe(302);
}

/** Fills :recording and :campaign with the first of each that the owner's lists link to. */
export async function resolveIds(page: Page) {
  const firstLink = (list: string, pattern: RegExp) => firstLinkOn(page, list, pattern);
  const organization = await firstLink("/organizations", /^\/organizations\/([0-9a-f-]{8,})$/);
  const team = await firstLink(`/organizations/${organization}?tab=teams`, /^\/organizations\/[0-9a-f-]+\/teams\/([0-9a-f-]{8,})$/);
  return {
    recording: await firstLink("/recordings", /^\/recordings\/([0-9a-f-]{8,})$/),
    campaign: await firstLink("/campaigns", /^\/campaigns\/([0-9a-f-]{8,})$/),
    // A campaign with results (the demo's "Webinar thank-you calls", app/seed/demo-campaigns.server.ts).
    completedCampaign: await firstLink("/campaigns?status=completed", /^\/campaigns\/([0-9a-f-]{8,})$/),
    organization,
    team,
    eventType: await firstLink(`/organizations/${organization}/teams/${team}`, /\/event-types\/([0-9a-f-]{8,})$/),
    staff: await firstLink("/staff", /^\/staff\/([0-9a-f-]{8,})$/),
    appointment: await firstLink("/appointments", /^\/appointments\/([0-9a-f-]{8,})$/),
    integration: await ensureDemoIntegration(page),
    agent: await firstLink("/ai-agent-manager", /^\/ai-agent\?id=([0-9a-f-]{8,})&tab=general$/),
    template: await firstLink("/templates", /^\/templates\/([0-9a-f-]{8,})$/),
    ticket: await firstLink("/service-desk?tab=all", /^\/service-desk\/([0-9a-f-]{36})(?:\?|$)/),
    deal: await firstLink("/crm-deals", /^\/crm-deals\/([0-9a-f-]{8,})\/edit$/),
    pipeline: await firstLink("/crm-deals", /^\/crm-deals\/pipelines\/([0-9a-f-]{8,})$/),
    // The demo contact with the fullest history (app/seed/demo-contact-center.server.ts).
    contact: await firstLink("/main-contact-center?q=Sarah%20Thompson", /^\/main-contact-center\/([0-9a-f-]{8,})(?:\?|$)/),
    role: await firstLink("/roles", /^\/roles\/([0-9a-f-]{36})$/),
  };
}

async function firstLinkOn(page: Page, list: string, pattern: RegExp) {
  await page.goto(list);
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const match = hrefs.map((href) => pattern.exec(href)?.[1]).find(Boolean);
  if (!match) throw new Error(`No link matching ${pattern} on ${list}`);
  return match;
}

/** Fills the super-admin screens' ids with the first record each list links to. */
export async function resolveSuperAdminIds(page: Page) {
  return {
    user: await firstLinkOn(page, "/usersManagement", /^\/usersManagement\/([0-9a-f-]{36})$/),
    product: await firstLinkOn(page, "/products", /^\/products\/([0-9a-f-]{36})$/),
  };
}

export type ScreenIds = Awaited<ReturnType<typeof resolveIds>> | Awaited<ReturnType<typeof resolveSuperAdminIds>>;

/** A screen's template with its ids filled in. */
export function screenPath(template: string, ids: ScreenIds) {
  return Object.entries(ids).reduce((filled, [name, id]) => filled.replace(`:${name}`, id), template);
}
