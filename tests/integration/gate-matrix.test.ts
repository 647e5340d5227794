import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { requireActionAccess, type PermissionArea } from "~/features/access/gate.server";
import { can, firstSegment, type PermissionAction, type PermissionMap } from "~/features/roles/permissions";
import { BUILT_IN_ROLES } from "~/features/roles/roles.server";
import { getActiveSubscription } from "~/features/tenants/plans.server";
import { isDashboardSegment, visibleNavGroups } from "~/lib/navigation/routes";
import { createDeal } from "~/features/deals/deals.server";
import { ensurePipelines, listPipelines, listStages } from "~/features/deals/pipelines.server";
import { popToast } from "~/lib/toast/toast.server";
import * as choosePlan from "~/routes/_auth+/choose-plan";
import * as login from "~/routes/_auth+/login";
import * as register from "~/routes/_auth+/register";
import * as registrationSuccessful from "~/routes/_auth+/registration-successful";
import * as resetPassword from "~/routes/_auth+/reset-password";
import * as verifyAccount from "~/routes/_auth+/verify-account";
import * as verifyEmail from "~/routes/_auth+/verify-email";
import * as dashboard from "~/routes/_dashboard+/_layout";
import * as splat from "~/routes/_dashboard+/$";
import * as overview from "~/routes/_dashboard+/overview";
import * as apiAccess from "~/routes/_dashboard+/api-access";
import * as settings from "~/routes/_dashboard+/settings";
import * as callManagement from "~/routes/_dashboard+/call-management";
import * as campaigns from "~/routes/_dashboard+/campaigns+/_index";
import * as contacts from "~/routes/_dashboard+/contacts+/_index";
import * as knowledgeBase from "~/routes/_dashboard+/knowledge-base+/_index";
import * as numbers from "~/routes/_dashboard+/numbers-managment+/_index";
import * as profile from "~/routes/_dashboard+/profile";
import * as recordings from "~/routes/_dashboard+/recordings+/_index";
import * as feedback from "~/routes/_dashboard+/feedback";
import * as roles from "~/routes/_dashboard+/roles+/_index";
import * as usersManagement from "~/routes/_dashboard+/usersManagement+/_index";
import * as rate from "~/routes/_auth+/rate.$token";
import * as index from "~/routes/_index";
import * as apiDocs from "~/routes/api-docs";
import * as apiDocsDocument from "~/routes/api-docs_.openapi[.]json";
import {
  callAction,
  callLoader,
  cookiesFrom,
  findUser,
  loadContext,
  makeRequest,
  prepareTestDatabase,
  redirectLocation,
  sessionCookieFor,
  settle,
  unwrap,
} from "../support/app";
import * as factories from "../support/factories";
import { attachAudio } from "../support/recording-fixtures";
import { readRouteManifest, type ManifestRoute } from "../../tools/route-manifest";
import { addEventType } from "../support/scheduling";

type Who = "owner" | "agent" | "admin" | "trial";
const USERS: Who[] = ["owner", "agent", "admin", "trial"];
/** The demo's support member (a built-in role of the service desk) joins the generated matrix and the action checks below. */
type Signed = Who | "support";
const cookies = {} as Record<Signed, string>;

beforeAll(async () => {
  await prepareTestDatabase();
  for (const who of [...USERS, "support"] as const) cookies[who] = await sessionCookieFor(`${who}@demo.test`);
});

/** What a browser would end up with: 200 for a rendered page, the redirect target, or another status. */
type Outcome = number | string;

function outcomeOf(result: unknown): Outcome {
  const location = redirectLocation(result);
  if (location) return location;
  return unwrap(result).status as Outcome;
}

const PAGE = 200;
const NOT_FOUND = 404;
const HOME = "/overview";
const PLANS = "/choose-plan";

/** Each demo user × path → expected outcome (docs/product/behaviour.md#route-gate and the seeded roles). */
const MATRIX: Array<[path: string, expected: Record<Who, Outcome>]> = [
  ["/overview", { owner: PAGE, agent: PAGE, admin: PAGE, trial: PLANS }],
  ["/profile", { owner: PAGE, agent: PAGE, admin: PAGE, trial: PLANS }],
  ["/contacts", { owner: PAGE, agent: PAGE, admin: PAGE, trial: PLANS }],
  ["/recordings", { owner: PAGE, agent: PAGE, admin: PAGE, trial: PLANS }],
  ["/call-management?tab=missedcalls", { owner: PAGE, agent: PAGE, admin: PAGE, trial: PLANS }],
  ["/settings", { owner: PAGE, agent: PAGE, admin: PAGE, trial: PLANS }],
  ["/campaigns", { owner: PAGE, agent: HOME, admin: PAGE, trial: PLANS }],
  ["/knowledge-base", { owner: PAGE, agent: HOME, admin: PAGE, trial: PLANS }],
  ["/numbers-managment", { owner: PAGE, agent: HOME, admin: PAGE, trial: PLANS }],
  ["/billing", { owner: PAGE, agent: HOME, admin: PAGE, trial: PLANS }],
  ["/usersManagement", { owner: HOME, agent: HOME, admin: PAGE, trial: PLANS }],
  // The tenant's own roles are the owner's (docs/product/roles.md); the demo's admin is the platform's super admin.
  ["/roles", { owner: PAGE, agent: HOME, admin: PAGE, trial: PLANS }],
  ["/choose-plan", { owner: PAGE, agent: PAGE, admin: PAGE, trial: PAGE }],
  ["/api-access", { owner: PAGE, agent: HOME, admin: PAGE, trial: PLANS }],
  ["/feedback", { owner: PAGE, agent: PAGE, admin: PAGE, trial: PLANS }],
  ["/no-such-page", { owner: NOT_FOUND, agent: NOT_FOUND, admin: NOT_FOUND, trial: NOT_FOUND }],
];

type Loader = Parameters<typeof callLoader>[0];

/** The route modules Remix would run for a URL: the dashboard layout (when inside it) and the leaf. */
function loadersFor(path: string): Array<{ name: string; loader: Loader; params: Record<string, string> }> {
  const pathname = new URL(path, "http://x").pathname;
  if (pathname === "/choose-plan") return [{ name: "_auth.choose-plan", loader: choosePlan.loader, params: {} }];
  const realScreens: Record<string, { name: string; loader: Loader }> = {
    "/overview": { name: "_dashboard.overview", loader: overview.loader },
    "/profile": { name: "_dashboard.profile", loader: profile.loader },
    "/recordings": { name: "_dashboard.recordings._index", loader: recordings.loader },
    "/call-management": { name: "_dashboard.call-management", loader: callManagement.loader },
    "/api-access": { name: "_dashboard.api-access", loader: apiAccess.loader },
    "/settings": { name: "_dashboard.settings", loader: settings.loader },
    "/contacts": { name: "_dashboard.contacts._index", loader: contacts.loader },
    "/campaigns": { name: "_dashboard.campaigns._index", loader: campaigns.loader },
    "/knowledge-base": { name: "_dashboard.knowledge-base._index", loader: knowledgeBase.loader },
    "/numbers-managment": { name: "_dashboard.numbers-managment._index", loader: numbers.loader },
    "/feedback": { name: "_dashboard.feedback", loader: feedback.loader },
    "/roles": { name: "_dashboard.roles._index", loader: roles.loader },
    "/usersManagement": { name: "_dashboard.usersManagement._index", loader: usersManagement.loader },
  };
  const real = realScreens[pathname];
  const leaf: { name: string; loader: Loader; params: Record<string, string> } = real
    ? { ...real, params: {} }
    : { name: "_dashboard.$", loader: splat.loader, params: { "*": pathname.slice(1) } };
  return [{ name: "_dashboard", loader: dashboard.loader, params: {} }, leaf];
}

const CASES = MATRIX.flatMap(([path, expected]) => USERS.map((who) => ({ who, path, expected: expected[who] })));

describe("route gate matrix (loaders)", () => {
  it.each(CASES)("$who on $path → $expected", async ({ who, path, expected }) => {
    for (const { name, loader, params } of loadersFor(path)) {
      // A fresh request per loader, so each one decides on its own.
      const result = await callLoader(loader, path, { cookie: cookies[who], params });
      expect({ loader: name, outcome: outcomeOf(result) }).toEqual({ loader: name, outcome: expected });
    }
  });

  it.each(MATRIX.map(([path]) => path))("no session on %s → /login keeping the path and search (unknown paths stay 404)", async (path) => {
    const expected = path === "/no-such-page" ? NOT_FOUND : `/login?redirectTo=${encodeURIComponent(path)}`;
    for (const { name, loader, params } of loadersFor(path)) {
      const result = await callLoader(loader, path, { params });
      expect({ loader: name, outcome: outcomeOf(result) }).toEqual({ loader: name, outcome: expected });
    }
  });

  it("the redirectTo it keeps is read back by sign-in as a same-site path", async () => {
    const location = redirectLocation(await callLoader(dashboard.loader, "/call-management?tab=recordings"));
    const redirectTo = new URL(location!, "http://localhost").searchParams.get("redirectTo");
    expect(redirectTo).toBe("/call-management?tab=recordings");
    const signedIn = await callAction(login.action, "/login", { form: { email: "agent@demo.test", password: "Demo-pass-2026!", redirectTo: redirectTo! } });
    expect(redirectLocation(signedIn)).toBe("/call-management?tab=recordings");
  });

  it("single-fetch data requests (/path.data) are judged as the page they belong to", async () => {
    expect(outcomeOf(await callLoader(dashboard.loader, "/campaigns.data", { cookie: cookies.agent }))).toBe(HOME);
    expect(outcomeOf(await callLoader(dashboard.loader, "/contacts.data", { cookie: cookies.agent }))).toBe(PAGE);
    expect(outcomeOf(await callLoader(dashboard.loader, "/contacts.data?view=all"))).toBe("/login?redirectTo=%2Fcontacts%3Fview%3Dall");
  });

  it("deeper paths under a placeholder screen are unknown", async () => {
    expect(outcomeOf(await callLoader(splat.loader, "/billing/x", { cookie: cookies.owner, params: { "*": "billing/x" } }))).toBe(NOT_FOUND);
  });
});

describe("what a rendered page carries", () => {
  it("the splat screen reports its segment and the requested tab", async () => {
    const result = unwrap(await callLoader(splat.loader, "/service-desk?tab=unassigned-tickets", { cookie: cookies.owner, params: { "*": "service-desk" } }));
    expect(result.value).toMatchObject({ segment: "service-desk", activeTab: "unassigned-tickets" });
    const fallback = unwrap(await callLoader(splat.loader, "/service-desk?tab=nonsense", { cookie: cookies.owner, params: { "*": "service-desk" } }));
    expect(fallback.value).toMatchObject({ segment: "service-desk", activeTab: "my-tickets" });
  });

  it("the sidebar of the agent lists only what the agent may read", async () => {
    // The layout sends the screens the user may read; both sides build the sidebar's groups from them (decision 0067).
    const readable = (value: unknown) => (value as { readableSegments: string[] }).readableSegments;
    const agent = readable(unwrap(await callLoader(dashboard.loader, "/overview", { cookie: cookies.agent })).value);
    // Recordings is a tab of call-management.
    for (const segment of ["overview", "contacts", "call-management", "settings"]) expect(agent).toContain(segment);
    for (const segment of ["campaigns", "billing", "usersManagement", "roles", "api-access"]) expect(agent).not.toContain(segment);
    expect(visibleNavGroups((segment) => agent.includes(segment)).flatMap((group) => group.items.map((item) => item.segment))).not.toContain("campaigns");
    expect(readable(unwrap(await callLoader(dashboard.loader, "/overview", { cookie: cookies.admin })).value)).toContain("usersManagement");
  });

  it("/choose-plan shows the plans, the current one, and whether this user may choose", async () => {
    const expectations: Record<Who, { currentPlanKey: string | undefined; canChoose: boolean }> = {
      owner: { currentPlanKey: "growth", canChoose: true },
      agent: { currentPlanKey: "growth", canChoose: false },
      admin: { currentPlanKey: "growth", canChoose: true },
      trial: { currentPlanKey: undefined, canChoose: true },
    };
    for (const who of USERS) {
      const { value } = unwrap(await callLoader(choosePlan.loader, "/choose-plan", { cookie: cookies[who] }));
      const page = value as { plans: Array<{ key: string }>; current: { key: string } | null; canChoose: boolean };
      expect({ who, currentPlanKey: page.current?.key, canChoose: page.canChoose }).toEqual({ who, ...expectations[who] });
      expect(page.plans.map((p) => p.key)).toEqual(["starter", "growth", "scale"]);
    }
  });
});

describe("/ and public paths", () => {
  it("/ goes to /overview with a session and to /login without", async () => {
    expect(outcomeOf(await callLoader(index.loader, "/", { cookie: cookies.owner }))).toBe("/overview");
    expect(outcomeOf(await callLoader(index.loader, "/"))).toBe("/login");
    expect(outcomeOf(await callLoader(index.loader, "/", { cookie: "__session=garbage" }))).toBe("/login");
  });

  const PUBLIC: Array<[path: string, loader: Loader]> = [
    ["/login", login.loader],
    ["/register", register.loader],
    ["/reset-password", resetPassword.loader],
    ["/reset-password?token=abc", resetPassword.loader],
    ["/verify-email?token=abc", verifyEmail.loader],
    ["/verify-account?token=abc", verifyAccount.loader],
    ["/registration-successful", registrationSuccessful.loader],
  ];

  it("/rate/<token> answers without a session: an unknown link is a page saying so (404), never a sign-in", async () => {
    const result = unwrap(
      await callLoader(rate.loader, "/rate/no-such-rating-token-0000000000000000000000", { params: { token: "no-such-rating-token-0000000000000000000000" } }),
    );
    expect(result).toMatchObject({ status: 404, value: { state: "unknown" } });
    const signedIn = unwrap(await callLoader(rate.loader, "/rate/x", { cookie: cookies.trial, params: { token: "x" } }));
    expect(signedIn.status).toBe(404);
  });

  it.each(PUBLIC)("%s renders without a session", async (path, loader) => {
    const result = await callLoader(loader, path);
    expect(outcomeOf(result)).toBe(PAGE);
  });

  it("/api-docs and its OpenAPI document answer without a session, and the same with one", async () => {
    expect(outcomeOf(await callLoader(apiDocs.loader, "/api-docs"))).toBe(PAGE);
    expect(outcomeOf(await callLoader(apiDocs.loader, "/api-docs", { cookie: cookies.agent }))).toBe(PAGE);
    const document = await apiDocsDocument.loader({ request: new Request("http://localhost/api-docs/openapi.json"), params: {}, context: loadContext() });
    expect(document.status).toBe(200);
  });

  it("/login and /register send a signed-in user on instead", async () => {
    expect(outcomeOf(await callLoader(login.loader, "/login", { cookie: cookies.agent }))).toBe("/overview");
    expect(outcomeOf(await callLoader(register.loader, "/register", { cookie: cookies.agent }))).toBe("/overview");
  });
});

describe("route gate for actions", () => {
  const FORBIDDEN = { en: "You do not have permission to do that.", de: "Sie haben keine Berechtigung für diese Aktion." };

  it.each(["en", "de"] as const)("agent choosing a plan gets 403 with the translated text (%s)", async (language) => {
    const result = await callAction(choosePlan.action, "/choose-plan", { cookie: cookies.agent, form: { plan: "scale" }, language });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    expect(await response.text()).toBe(FORBIDDEN[language]);
    const agent = await findUser("agent@demo.test");
    expect((await getActiveSubscription(agent!.tenant_id))?.plan_key).toBe("growth");
  });

  it("agent changing the profile gets 403 (read-only), in both languages", async () => {
    for (const language of ["en", "de"] as const) {
      const result = await callAction(profile.action, "/profile", {
        cookie: cookies.agent,
        form: { intent: "update-details", name: "Changed Name" },
        language,
      });
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(403);
      expect(await (result as Response).text()).toBe(FORBIDDEN[language]);
    }
    expect((await findUser("agent@demo.test"))!.name).toBe("Arjun Agent");
  });

  it("actions without a session go to /login; the trial user is sent to /choose-plan", async () => {
    expect(outcomeOf(await callAction(choosePlan.action, "/choose-plan", { form: { plan: "starter" } }))).toBe("/login?redirectTo=%2Fchoose-plan");
    expect(outcomeOf(await callAction(profile.action, "/profile", { form: { intent: "update-details" } }))).toBe("/login?redirectTo=%2Fprofile");
    expect(outcomeOf(await callAction(profile.action, "/profile", { cookie: cookies.trial, form: { intent: "update-details" } }))).toBe(PLANS);
  });

  it("owner and admin pass the gate of choose-plan (an unknown plan is then refused as such)", async () => {
    for (const who of ["owner", "admin"] as const) {
      const result = unwrap(
        await callAction(choosePlan.action, "/choose-plan", {
          cookie: cookies[who],
          form: { intent: "choose", plan: "no-such-plan", submissionKey: crypto.randomUUID() },
        }),
      );
      expect({ who, status: result.status, value: result.value }).toEqual({
        who,
        status: 400,
        value: { formErrors: ["plans.unknownPlan"], plan: "no-such-plan" },
      });
    }
  });

  /** requireActionAccess on its own: user × segment × action → allowed, 403, or redirect. */
  const ACTION_MATRIX: Array<[Signed | "nobody", string, PermissionAction, "allowed" | 403 | string]> = [
    ["owner", "/contacts", "create", "allowed"],
    ["owner", "/contacts", "delete", "allowed"],
    ["owner", "/usersManagement", "update", 403],
    ["agent", "/contacts", "read", "allowed"],
    ["agent", "/contacts", "create", 403],
    ["agent", "/recordings", "delete", 403],
    ["agent", "/campaigns", "update", 403],
    ["admin", "/usersManagement", "delete", "allowed"],
    ["admin", "/roles", "update", "allowed"],
    ["owner", "/roles", "create", "allowed"],
    ["owner", "/roles", "delete", "allowed"],
    ["support", "/roles", "read", 403],
    ["agent", "/usersManagement", "read", 403],
    ["trial", "/contacts", "create", PLANS],
    // Support works tickets, and nothing of billing, settings or API access (docs/product/service-desk.md#roles).
    ["support", "/service-desk", "create", "allowed"],
    ["support", "/service-desk", "update", "allowed"],
    ["support", "/service-desk", "delete", 403],
    ["support", "/recordings", "update", 403],
    ["support", "/settings", "update", 403],
    ["support", "/billing", "read", 403],
    ["support", "/api-access", "read", 403],
    ["agent", "/service-desk", "read", "allowed"],
    ["agent", "/service-desk", "update", 403],
    ["nobody", "/contacts", "create", "/login?redirectTo=%2Fcontacts"],
  ];

  it.each(ACTION_MATRIX)("%s %s %s → %s", async (who, path, action, expected) => {
    const request = makeRequest(path, { cookie: who === "nobody" ? undefined : cookies[who], form: { any: "thing" } });
    const result = await settle(() => requireActionAccess(request, action, path.slice(1) as PermissionArea));
    const outcome = result instanceof Response ? (redirectLocation(result) ?? result.status) : "allowed";
    expect(outcome).toBe(expected);
  });
});

/* ---------- generated from the route manifest ---------- */

/**
 * Every route that has a loader, as Remix reads them from remix.config.js
 * (tests/support/route-manifest.ts), × every demo role and a visitor without
 * a session. What each role should get is worked out from the gate's own
 * permission map (BUILT_IN_ROLES in app/features/roles/roles.server.ts, read
 * through `can`) and the area and action each route needs: the area is the
 * URL's first segment (the key of the permission map, docs/decisions/0006),
 * the action is read, or create/update/delete for pages ending in new, edit
 * or delete. Routes that differ are in ROUTE_POLICIES below, each with its
 * reason. A route nobody listed whose loader does not run the gate fails here:
 * a visitor without a session must be sent to sign in, a tenant without a
 * plan to /choose-plan, and a role without the permission must be refused.
 */

type Role = Signed | "nobody";
const ROLES: Role[] = [...USERS, "support", "nobody"];

type Policy =
  /** The route gate with an area and an action; `allowed` is what passing it gives (a page, 200, unless said). */
  | {
      kind: "gate";
      area?: PermissionArea;
      action?: PermissionAction;
      allowed?: Outcome;
      /** The page checks read on its area first (an organization's page: the action is then judged by the role in that organization), so a role without read is sent home. */
      readFirst?: boolean;
      /** What a visitor without a session gets, when not the sign-in page (a JSON resource a script reads answers 401). */
      signedOut?: Outcome;
      reason?: string;
    }
  /** The dashboard layout: read on the area the URL names (requireScreenAccess). */
  | { kind: "screen" }
  /** A session and nothing more; `allowed` is what a signed-in user gets. */
  | { kind: "session"; allowed: Outcome; reason: string }
  /** Authenticated by an API key in the Authorization header, never by the session: 401 without a key. */
  | { kind: "api-key"; reason: string }
  /** Its loader gives everyone the same answer without reading anything (a redirect, 405): the work is in its action. */
  | { kind: "fixed"; outcome: (params: Record<string, string>) => Outcome; reason: string }
  | { kind: "public"; reason: string };

/** Routes whose area, action or gate is not the convention, by pattern ("(index)" marks an index route). */
const ROUTE_POLICIES: Record<string, Policy> = {
  root: { kind: "public", reason: "language, theme and toast for every page, the sign-in page included" },
  "layout of /login": { kind: "public", reason: "the frame of the sign-in and registration pages; it only says whether someone is signed in" },
  "layout of /overview": { kind: "screen" },
  "/search": {
    kind: "gate",
    area: "overview",
    reason: "every dashboard user's page; each area it searches is checked on its own (tests/integration/search.test.ts)",
  },
  "/ (index)": { kind: "public", reason: "sends a visitor to /overview or /login (asserted in '/ and public paths')" },
  "/login": { kind: "public", reason: "a public path (docs/product/behaviour.md#route-gate)" },
  "/login/two-factor": {
    kind: "public",
    reason: "the sign-in's second step: a public path; only a signed pending-sign-in cookie opens it (docs/product/two-factor.md#signing-in)",
  },
  "/register": { kind: "public", reason: "a public path (docs/product/behaviour.md#route-gate)" },
  "/registration-successful": { kind: "public", reason: "a public path (docs/product/behaviour.md#route-gate)" },
  "/reset-password": { kind: "public", reason: "a public path (docs/product/behaviour.md#route-gate)" },
  "/invitation": { kind: "public", reason: "the emailed invitation link is the credential (organization members, docs/decisions/0023)" },
  "/calendar-feed/:token.ics": { kind: "public", reason: "a host's private calendar subscription: the token in the URL is the credential" },
  "/rate/:token": {
    kind: "public",
    reason: "a contact's emailed one-time rating link: the token is the credential, no account (docs/product/feedback.md#rating-link)",
  },
  "/dev/ui-kit": { kind: "public", reason: "the UI kit's demo page (development or UI_KIT_PAGE=1 only), no tenant data" },
  "/api-docs": { kind: "public", reason: "the API reference (docs/product/api-docs.md): no tenant data" },
  "/api-docs/openapi.json": { kind: "public", reason: "the OpenAPI document the reference is rendered from (docs/product/api-docs.md): no tenant data" },
  "/api/v1/appointments": {
    kind: "fixed",
    outcome: () => 405,
    reason: "appointments are booked by a POST with an API key (docs/api/appointments.md); a GET is 405",
  },
  "/api/v1/appointments/:id": { kind: "api-key", reason: "the booking API (docs/api/appointments.md)" },
  "/api/v1/calls/:callId": { kind: "api-key", reason: "the call events API (docs/api/call-events.md)" },
  "/api/v1/event-types": { kind: "api-key", reason: "the booking API (docs/api/appointments.md)" },
  "/api/v1/slots": { kind: "api-key", reason: "the booking API (docs/api/appointments.md)" },
  "/resources/avatar/:userId": {
    kind: "session",
    allowed: NOT_FOUND,
    reason: "a profile picture of the signer's own tenant; none is stored, so 404 once signed in",
  },
  "/resources/organization-logo/:id": {
    kind: "session",
    allowed: NOT_FOUND,
    reason: "an organization's logo in the signer's own tenant; none is stored, so 404 once signed in",
  },
  "/verify-account": { kind: "public", reason: "a public path (docs/product/behaviour.md#route-gate)" },
  "/verify-email": { kind: "public", reason: "a public path (docs/product/behaviour.md#route-gate)" },
  "/api/v1/*": { kind: "api-key", reason: "an unknown API endpoint: the key is asked for first" },
  "/api/v1/call-events": { kind: "fixed", outcome: () => 405, reason: "events are POSTed (with an API key, docs/api/call-events.md); a GET is 405" },
  "/webhooks/stripe": { kind: "fixed", outcome: () => 405, reason: "Stripe POSTs signed events; a GET is 405" },
  "/webhooks/calcom/:connectionId": { kind: "fixed", outcome: () => 405, reason: "Cal.com POSTs signed events; a GET is 405" },
  "/webhooks/:provider/:key": { kind: "fixed", outcome: () => 405, reason: "Vapi and Retell POST signed call reports; a GET is 405" },
  "/logout": { kind: "fixed", outcome: () => "/", reason: "signing out is a POST; a GET goes home" },
  "/auth/oidc": {
    kind: "fixed",
    outcome: () => NOT_FOUND,
    reason: "single sign-on's start (a POST; docs/product/single-sign-on.md): 404 unless an OIDC provider is configured, as in this test",
  },
  "/auth/oidc/callback": {
    kind: "fixed",
    outcome: () => NOT_FOUND,
    reason: "the OIDC provider's redirect back: public by nature, its signed flow cookie is the credential; 404 unless configured",
  },
  "/r/:code": {
    kind: "fixed",
    outcome: () => "/register",
    reason: "an affiliate's referral link: a public path that sets the attribution cookie and opens registration (docs/product/affiliates.md)",
  },
  "/resources/search": {
    kind: "gate",
    area: "overview",
    signedOut: 401,
    reason: "the command palette's JSON: the same gate as /search, and 401 instead of the sign-in page for a script (tests/integration/search.test.ts)",
  },
  "/resources/theme": { kind: "fixed", outcome: () => "/", reason: "the theme cookie is set by a POST; a GET goes home" },
  "/resources/language": { kind: "fixed", outcome: () => "/", reason: "the language cookie is set by a POST; a GET goes home" },
  "/resources/sidebar": { kind: "fixed", outcome: () => "/", reason: "the sidebar cookie is set by a POST; a GET goes home" },
  "/resources/selection": {
    kind: "fixed",
    outcome: () => HOME,
    reason: "the selection is stored by a POST, whose action requires a session; a GET goes to the overview",
  },
  "/resources/recording-columns": {
    kind: "fixed",
    outcome: () => "/recordings",
    reason: "the column choice is stored by a POST, whose action gates recordings; a GET goes to the list",
  },
  "/recordings/:id/analysis": {
    kind: "fixed",
    outcome: (params) => `/recordings/${params.id}`,
    reason: "the analysis is run by a POST; a GET goes back to the recording, whose loader (run for this URL too, as its parent) runs the gate",
  },
  "/knowledge-base/new": { kind: "gate", action: "read", reason: "the form opens with read on knowledge-base; saving it (the action) needs create" },
  "/knowledge-base/:id/delete": {
    kind: "gate",
    action: "read",
    reason: "the confirmation opens with read on knowledge-base; deleting (the action) needs delete",
  },
  "/recordings/:id/feedback": { kind: "gate", action: "update", reason: "feedback changes the recording" },
  "/appointments/:id/reschedule": { kind: "gate", action: "update", readFirst: true, reason: "moving an appointment changes it" },
  "/organizations/:id/teams/:teamId/event-types/:eventTypeId": {
    kind: "gate",
    action: "update",
    readFirst: true,
    reason: "an event type's page is its edit form",
  },
  "/organizations/:id/teams/:teamId/event-types/new": {
    kind: "gate",
    action: "create",
    readFirst: true,
    reason: "the action is judged in the team's organization",
  },
  "/organizations/:id/edit": { kind: "gate", action: "update", readFirst: true, reason: "the action is judged by the role in that organization" },
  "/organizations/:id/delete": { kind: "gate", action: "delete", readFirst: true, reason: "the action is judged by the role in that organization" },
  "/billing/cards/return": {
    kind: "gate",
    action: "create",
    allowed: "/billing?tab=payment-methods",
    reason: "Stripe's return from adding a card: it saves the card, then goes back to the payment methods",
  },
  "/ai-agent": { kind: "gate", allowed: "/ai-agent-manager", reason: "the editor needs ?id=<agent>; without it, it sends to the agent list" },
  "/contacts/import/:importId": { kind: "gate", allowed: NOT_FOUND, reason: "no upload with this id: past the gate, the preview is 404" },
  "/crm-logs/:id": { kind: "gate", allowed: NOT_FOUND, reason: "no log with this id: past the gate, the log is 404" },
  "/service-desk/settings": {
    kind: "gate",
    area: "settings",
    action: "update",
    reason: "the desk's settings are the tenant's settings: owner and admin, not support (docs/product/service-desk.md#settings)",
  },
  "/templates/:id/reruns/:rerunId": { kind: "gate", allowed: NOT_FOUND, reason: "no re-run with this id: past the gate, the progress page is 404" },
  "/response/export.csv": { kind: "gate", allowed: NOT_FOUND, reason: "the export needs ?template=<id> of the tenant's; without it, past the gate, 404" },
  "/crm-deals/pipelines/:id (index)": { kind: "gate", action: "update", reason: "a pipeline's page is its editor (name and stages)" },
  "/settings/audit-log": {
    kind: "gate",
    area: "audit-log",
    reason: "the audit log is an area of its own: owners read it, admins do not (docs/product/audit-log.md)",
  },
  "/settings/audit-log.csv": { kind: "gate", area: "audit-log", reason: "the audit log's export: the same area as its page" },
  "/analytics.csv": { kind: "gate", area: "analytics", reason: "the platform analytics' export: the same area as its page (super admin)" },
  "/notifications": {
    kind: "gate",
    area: "notifications",
    reason: "each user's own notifications: every built-in role reads the area, custom roles always do (docs/decisions/0059-notifications.md)",
  },
};

const MANIFEST = await readRouteManifest();
const MANIFEST_BY_ID = new Map(MANIFEST.map((route) => [route.id, route]));
const ROUTE_MODULES = new Map<string, { loader?: Loader }>(
  await Promise.all(
    MANIFEST.map(async (route) => [route.id, (await import(/* @vite-ignore */ path.resolve("app", route.file))) as { loader?: Loader }] as const),
  ),
);

/** A route's name in ROUTE_POLICIES: its pattern, "(index)" for an index route; the pathless layouts by a page they hold. */
function labelOf(route: ManifestRoute): string {
  if (route.parentPattern === null) return "root";
  if (route.index) return `${route.pattern} (index)`;
  const children = MANIFEST.filter((child) => child.parentId === route.id).map((child) => child.pattern);
  if (children.length && route.pattern === route.parentPattern) {
    const known = ["/overview", "/login"].find((pattern) => children.includes(pattern));
    return `layout of ${known ?? children.sort()[0]}`;
  }
  return route.pattern;
}

function policyOf(route: ManifestRoute): Policy {
  const listed = ROUTE_POLICIES[labelOf(route)];
  if (listed && listed.kind !== "gate") return listed;
  const last = route.pattern.split("/").pop();
  const action: PermissionAction = last === "new" ? "create" : last === "edit" ? "update" : last === "delete" ? "delete" : "read";
  return { kind: "gate", action, ...listed };
}

/** The area a gated route needs: as listed, else the URL's first segment, which must be one the permission map knows. */
function areaOf(policy: Policy, url: string): PermissionArea | null {
  if (policy.kind === "gate" && policy.area) return policy.area;
  const segment = firstSegment(new URL(url, "http://x").pathname);
  // The layout lets /search in on read of the overview (requireScreenAccess in app/features/access/gate.server.ts).
  if (segment === "search") return "overview";
  return isDashboardSegment(segment) || segment === "choose-plan" ? segment : null;
}

const PERMISSIONS: Record<Signed, PermissionMap> = {
  owner: BUILT_IN_ROLES.find((role) => role.key === "owner")!.permissions,
  support: BUILT_IN_ROLES.find((role) => role.key === "support")!.permissions,
  agent: BUILT_IN_ROLES.find((role) => role.key === "agent")!.permissions,
  admin: BUILT_IN_ROLES.find((role) => role.key === "platform-admin")!.permissions,
  trial: BUILT_IN_ROLES.find((role) => role.key === "owner")!.permissions,
};

/** What the gate should answer: the order of docs/product/behaviour.md#route-gate (session, then plan, then permission). */
function expectedOutcome(policy: Policy, who: Role, url: string): Outcome | "any" {
  if (policy.kind === "public") return "any";
  if (policy.kind === "api-key") return 401;

  if (who === "nobody") return (policy.kind === "gate" && policy.signedOut) || `/login?redirectTo=${encodeURIComponent(url)}`;
  if (policy.kind === "session") return policy.allowed;
  const area = areaOf(policy, url);
  if (!area) return NOT_FOUND;
  const action = policy.kind === "gate" ? (policy.action ?? "read") : "read";
  if (area !== "choose-plan" && who === "trial") return PLANS;
  if (area === "choose-plan" && action === "read") return PAGE;
  if (can(PERMISSIONS[who], area, action)) return (policy.kind === "gate" && policy.allowed) || PAGE;
  // A role with no read on an organization's area at all (support) is sent home before its action is judged.
  if (action !== "read" && policy.kind === "gate" && policy.readFirst && !can(PERMISSIONS[who], area, "read")) return HOME;
  if (action !== "read") return 403;
  return area === "overview" ? 403 : HOME;
}

/** Ids of rows made for the routes that take params, in the demo tenant (the demo users' own). */
const made: Record<string, string> = {};

/** The params a pattern needs; a pattern missing here fails its case (give it a factory, or list it in ROUTE_POLICIES with a reason). */
const PARAMS: Record<string, () => Record<string, string>> = {
  "/*": () => ({ "*": "service-desk" }),
  "/api/v1/*": () => ({ "*": "no-such-endpoint" }),
  "/r/:code": () => ({ code: "no-such-code" }),
  "/api/v1/appointments/:id": () => ({ id: "no-such-appointment" }),
  "/api/v1/calls/:callId": () => ({ callId: "no-such-call" }),
  "/webhooks/calcom/:connectionId": () => ({ connectionId: "no-such-connection" }),
  "/webhooks/:provider/:key": () => ({ provider: "vapi", key: "no-such-webhook-key-000000" }),
  "/ai-agent-manager/:id/delete": () => ({ id: made.aiAgent! }),
  "/ai-agent-management/:id": () => ({ id: made.aiAgent! }),
  "/ai-agent-templates/:id": () => ({ id: "builtin-appointment-booking-en" }),
  "/appointments/:id": () => ({ id: made.appointment! }),
  "/appointments/:id/reschedule": () => ({ id: made.appointment! }),
  "/campaigns/:id": () => ({ id: made.campaign! }),
  "/campaigns/:id/delete": () => ({ id: made.campaign! }),
  "/campaigns/:id/edit": () => ({ id: made.campaign! }),
  "/contacts/:contactId/delete": () => ({ contactId: made.contact! }),
  "/contacts/:contactId/edit": () => ({ contactId: made.contact! }),
  "/contacts/import/:importId": () => ({ importId: "no-such-import" }),
  "/contacts/lists/:listId/delete": () => ({ listId: made.list! }),
  "/contacts/lists/:listId/edit": () => ({ listId: made.list! }),
  "/crm-logs/:id": () => ({ id: "no-such-log" }),
  "/crm-deals/:id/delete": () => ({ id: made.deal! }),
  "/crm-deals/:id/edit": () => ({ id: made.deal! }),
  "/crm-deals/pipelines/:id": () => ({ id: made.pipeline! }),
  "/crm-deals/pipelines/:id/delete": () => ({ id: made.pipeline! }),
  "/crm-deals/pipelines/:id/stages/:stageId/delete": () => ({ id: made.pipeline!, stageId: made.stage! }),
  "/integrations-hub/:id": () => ({ id: made.integration! }),
  "/integrations-hub/:id/export": () => ({ id: made.integration! }),
  "/integrations-hub/connect/:templateId": () => ({ templateId: "crm-suite" }),
  "/invoices/:invoiceId.pdf": () => ({ invoiceId: made.invoice! }),
  "/knowledge-base/:id": () => ({ id: made.knowledgeBase! }),
  "/main-contact-center/:contactId": () => ({ contactId: made.contact! }),
  "/knowledge-base/:id/delete": () => ({ id: made.knowledgeBase! }),
  "/numbers-managment/:id/delete": () => ({ id: made.number! }),
  "/organizations/:id": () => ({ id: made.organization! }),
  "/organizations/:id/delete": () => ({ id: made.organization! }),
  "/organizations/:id/edit": () => ({ id: made.organization! }),
  "/organizations/:id/teams/:teamId": () => ({ id: made.organization!, teamId: made.team! }),
  "/organizations/:id/teams/:teamId/event-types/:eventTypeId": () => ({ id: made.organization!, teamId: made.team!, eventTypeId: made.eventType! }),
  "/organizations/:id/teams/:teamId/event-types/new": () => ({ id: made.organization!, teamId: made.team! }),
  "/recordings/:id": () => ({ id: made.call! }),
  "/recordings/:id/analysis": () => ({ id: made.call! }),
  "/recordings/:id/audio": () => ({ id: made.call! }),
  "/recordings/:id/delete": () => ({ id: made.call! }),
  "/recordings/:id/feedback": () => ({ id: made.call! }),
  "/rate/:token": () => ({ token: "no-such-rating-token-0000000000000000000000" }),
  "/resources/avatar/:userId": () => ({ userId: made.owner! }),
  "/resources/organization-logo/:id": () => ({ id: made.organization! }),
  "/service-desk/:id": () => ({ id: made.ticket! }),
  "/templates/:id": () => ({ id: made.template! }),
  "/templates/:id/delete": () => ({ id: made.template! }),
  "/templates/:id/reruns/:rerunId": () => ({ id: made.template!, rerunId: "no-such-rerun" }),
  "/staff/:userId": () => ({ userId: made.agent! }),
  "/roles/:id": () => ({ id: made.role! }),
  "/roles/:id/delete": () => ({ id: made.role! }),
  "/usersManagement/:id": () => ({ id: made.agent! }),
  "/products/:id": () => ({ id: made.plan! }),
  "/products/tax-rates/:country": () => ({ country: "DE" }),
};

function urlOf(pattern: string, params: Record<string, string>) {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`)).replace(/\*$/, params["*"] ?? "");
}

/** The loaders Remix runs for a route's URL, layouts first, without the public ones (root, the sign-in frame). */
function loaderChain(route: ManifestRoute) {
  const chain: ManifestRoute[] = [];
  for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? MANIFEST_BY_ID.get(current.parentId) : undefined)
    chain.unshift(current);
  return chain.filter((each) => ROUTE_MODULES.get(each.id)?.loader && policyOf(each).kind !== "public");
}

const LOADER_ROUTES = MANIFEST.filter((route) => ROUTE_MODULES.get(route.id)?.loader);
const CHECKED_ROUTES = LOADER_ROUTES.filter((route) => !["public", "screen"].includes(policyOf(route).kind));

describe("route gate matrix generated from the route manifest", () => {
  beforeAll(async () => {
    const owner = (await findUser("owner@demo.test"))!;
    const agent = (await findUser("agent@demo.test"))!;
    const tenantId = owner.tenant_id;
    made.owner = owner.id;
    made.agent = agent.id;
    made.plan = (await getDb().selectFrom("plans").select("id").where("key", "=", "starter").executeTakeFirstOrThrow()).id;
    // The demo's own role (app/seed/demo-roles.server.ts), held by nobody, so its delete page opens.
    made.role = (
      await getDb().selectFrom("roles").select("id").where("tenant_id", "=", tenantId).where("name", "=", "Dispatcher").executeTakeFirstOrThrow()
    ).id;
    made.campaign = (await factories.campaign(tenantId)).id;
    made.list = (await factories.contactList(tenantId)).id;
    made.contact = (await factories.contact(tenantId, { listId: made.list })).id;
    made.knowledgeBase = (await factories.knowledgeBase(tenantId)).id;
    made.aiAgent = await factories.agent(tenantId);
    made.number = (await factories.phoneNumber(tenantId)).id;
    made.call = await factories.call(tenantId);
    await attachAudio(tenantId, made.call);
    // Named to sort last, so the demo users' default selection (the first organization) stays Demo Company Solar.
    made.organization = (await factories.organization({ tenantId, ownerId: owner.id }, { name: "Zz Gate Matrix" })).id;
    made.team = (await factories.team(tenantId, made.organization, { memberIds: [owner.id] })).id;
    made.eventType = (await addEventType(tenantId, made.team, { hostIds: [owner.id] })).id;
    const solar = await getDb()
      .selectFrom("organizations")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("name", "=", "Demo Company Solar")
      .executeTakeFirstOrThrow();
    const solarTeam = (await factories.team(tenantId, solar.id, { memberIds: [owner.id] })).id;
    const solarType = (await addEventType(tenantId, solarTeam, { hostIds: [owner.id] })).id;
    made.appointment = (
      await factories.appointment(tenantId, solar.id, {
        team_id: solarTeam,
        event_type_id: solarType,
        host_user_id: owner.id,
        start_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      })
    ).id;
    made.integration = (await factories.integration(tenantId, solar.id)).id;
    await ensurePipelines(tenantId);
    made.pipeline = (await listPipelines(tenantId))[0]!.id;
    made.stage = (await listStages(tenantId, made.pipeline))[0]!.id;
    const deal = await createDeal(
      tenantId,
      made.pipeline,
      { title: "Gate matrix deal", valueMinor: 100, stageId: made.stage, lostReason: null, contactId: null, ownerId: null, expectedCloseOn: null },
      { createdBy: owner.id },
    );
    if (!deal.ok) throw new Error("the gate matrix's deal was refused");
    made.deal = deal.id;
    made.invoice = (await getDb().selectFrom("invoices").select("id").where("tenant_id", "=", tenantId).executeTakeFirstOrThrow()).id;
    made.template = (
      await getDb().selectFrom("post_call_templates").select("id").where("tenant_id", "=", tenantId).orderBy("name").executeTakeFirstOrThrow()
    ).id;
    made.ticket = (await getDb().selectFrom("tickets").select("id").where("tenant_id", "=", tenantId).orderBy("number").executeTakeFirstOrThrow()).id;
  });

  it("reads 98 or more routes, and every listed policy names a route that exists", () => {
    expect(MANIFEST.length).toBeGreaterThanOrEqual(98);
    const labels = new Set(MANIFEST.map(labelOf));
    expect(Object.keys(ROUTE_POLICIES).filter((label) => !labels.has(label))).toEqual([]);
    expect(Object.keys(PARAMS).filter((pattern) => !MANIFEST.some((route) => route.pattern === pattern))).toEqual([]);
  });

  it("knows the area of every gated route: its URL's first segment is a key of the permission map", () => {
    const unknown = CHECKED_ROUTES.filter(
      (route) => policyOf(route).kind === "gate" && !areaOf(policyOf(route), urlOf(route.pattern, { "*": "service-desk" })),
    );
    expect(unknown.map(labelOf)).toEqual([]);
  });

  const CASES = CHECKED_ROUTES.flatMap((route) => ROLES.map((who) => ({ label: labelOf(route), who, route })));

  it.each(CASES)("$who on $label", async ({ who, route }) => {
    const paramsOf = PARAMS[route.pattern];
    const hasParams = /[:*]/.test(route.pattern);
    expect(hasParams && !paramsOf ? `no params for ${route.pattern}` : "ok").toBe("ok");
    const params = paramsOf ? paramsOf() : {};
    const url = urlOf(route.pattern, params);
    const cookie = who === "nobody" ? undefined : cookies[who];
    for (const each of loaderChain(route)) {
      const policy = policyOf(each);
      const result = await callLoader(ROUTE_MODULES.get(each.id)!.loader!, url, { cookie, params });
      const outcome = outcomeOf(result);
      const expected = policy.kind === "fixed" ? policy.outcome(params) : expectedOutcome(policy, who, url);
      if (expected === "any") continue;
      expect({ who, loader: labelOf(each), url, outcome }).toEqual({ who, loader: labelOf(each), url, outcome: expected });
    }
  });
});

// Runs last: it gives the trial tenant a subscription, which changes the matrix above.
describe("choosing a plan", () => {
  it("the trial user's choice creates an active subscription and /overview then renders", async () => {
    const trial = await findUser("trial@demo.test");
    expect(await getActiveSubscription(trial!.tenant_id)).toBeNull();

    // Choosing charges the plan: a card first (the page's own card form), then the plan.
    const cardAdded = await callAction(choosePlan.action, "/choose-plan", {
      cookie: cookies.trial,
      form: { intent: "add-card", number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", returnTo: "/choose-plan" },
    });
    expect(redirectLocation(cardAdded)).toBe("/choose-plan");
    const result = await callAction(choosePlan.action, "/choose-plan", {
      cookie: cookies.trial,
      form: { intent: "choose", plan: "starter", submissionKey: crypto.randomUUID() },
    });
    expect(redirectLocation(result)).toBe("/overview");
    const { toast } = await popToast(makeRequest("/overview", { cookie: cookiesFrom(result as Response) }));
    expect(toast).toEqual({ type: "success", key: "plans.chargedNew", values: { plan: "Starter", number: 1 } });

    const subscription = await getActiveSubscription(trial!.tenant_id);
    expect(subscription).toMatchObject({ plan_key: "starter", status: "active" });
    const rows = await getDb().selectFrom("subscriptions").select("status").where("tenant_id", "=", trial!.tenant_id).execute();
    expect(rows).toEqual([{ status: "active" }]);

    for (const path of ["/overview", "/contacts"]) {
      for (const { name, loader, params } of loadersFor(path)) {
        expect({ name, outcome: outcomeOf(await callLoader(loader, path, { cookie: cookies.trial, params })) }).toEqual({ name, outcome: PAGE });
      }
    }
    const page = unwrap(await callLoader(overview.loader, "/overview", { cookie: cookies.trial })).value as {
      subscription: { planName: string } | null;
      tenant: { name: string };
    };
    expect(page.subscription?.planName).toBe("Starter");
    expect(page.tenant.name).toBe("Trial GmbH");
    // Other tenants are untouched.
    const owner = await findUser("owner@demo.test");
    expect((await getActiveSubscription(owner!.tenant_id))?.plan_key).toBe("growth");
  });
});
