import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { requireActionAccess, type PermissionArea } from "~/features/access/gate.server";
import type { PermissionAction } from "~/features/access/permissions";
import { getActiveSubscription } from "~/features/tenants/plans.server";
import { popToast } from "~/lib/toast/toast.server";
import * as choosePlan from "~/routes/_auth.choose-plan";
import * as login from "~/routes/_auth.login";
import * as register from "~/routes/_auth.register";
import * as registrationSuccessful from "~/routes/_auth.registration-successful";
import * as resetPassword from "~/routes/_auth.reset-password";
import * as verifyAccount from "~/routes/_auth.verify-account";
import * as verifyEmail from "~/routes/_auth.verify-email";
import * as dashboard from "~/routes/_dashboard";
import * as splat from "~/routes/_dashboard.$";
import * as overview from "~/routes/_dashboard.overview";
import * as apiAccess from "~/routes/_dashboard.api-access";
import * as settings from "~/routes/_dashboard.settings";
import * as callManagement from "~/routes/_dashboard.call-management";
import * as campaigns from "~/routes/_dashboard.campaigns._index";
import * as contacts from "~/routes/_dashboard.contacts._index";
import * as knowledgeBase from "~/routes/_dashboard.knowledge-base._index";
import * as numbers from "~/routes/_dashboard.numbers-managment._index";
import * as profile from "~/routes/_dashboard.profile";
import * as recordings from "~/routes/_dashboard.recordings._index";
import * as index from "~/routes/_index";
import * as apiDocs from "~/routes/api-docs";
import {
  callAction,
  callLoader,
  cookiesFrom,
  findUser,
  makeRequest,
  prepareTestDatabase,
  redirectLocation,
  sessionCookieFor,
  settle,
  unwrap,
} from "../support/app";

type Who = "owner" | "agent" | "admin" | "trial";
const USERS: Who[] = ["owner", "agent", "admin", "trial"];
const cookies = {} as Record<Who, string>;

beforeAll(async () => {
  await prepareTestDatabase();
  for (const who of USERS) cookies[who] = await sessionCookieFor(`${who}@demo.test`);
});

/** What a browser would end up with: 200 for a rendered page, the redirect target, or another status. */
type Outcome = 200 | 404 | string;

function outcomeOf(result: unknown): Outcome {
  const location = redirectLocation(result);
  if (location) return location;
  return unwrap(result).status as Outcome;
}

const PAGE = 200;
const NOT_FOUND = 404;
const HOME = "/overview";
const PLANS = "/choose-plan";

/** Each demo user × path → expected outcome (spec section 4 and the seeded roles). */
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
  ["/roles", { owner: HOME, agent: HOME, admin: PAGE, trial: PLANS }],
  ["/choose-plan", { owner: PAGE, agent: PAGE, admin: PAGE, trial: PAGE }],
  ["/api-access", { owner: PAGE, agent: HOME, admin: PAGE, trial: PLANS }],
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
    const result = unwrap(await callLoader(dashboard.loader, "/overview", { cookie: cookies.agent }));
    const text = JSON.stringify(result.value);
    for (const segment of ["overview", "contacts", "recordings", "call-management", "settings"]) expect(text).toContain(`"${segment}"`);
    for (const segment of ["campaigns", "billing", "usersManagement", "roles", "api-access"]) expect(text).not.toContain(`"segment":"${segment}"`);
    const admin = JSON.stringify(unwrap(await callLoader(dashboard.loader, "/overview", { cookie: cookies.admin })).value);
    expect(admin).toContain('"usersManagement"');
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

  it.each(PUBLIC)("%s renders without a session", async (path, loader) => {
    const result = await callLoader(loader, path);
    expect(outcomeOf(result)).toBe(PAGE);
  });

  it("/api-docs has no loader, so nothing can gate it", () => {
    expect("loader" in apiDocs).toBe(false);
    expect(typeof apiDocs.default).toBe("function");
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
  const ACTION_MATRIX: Array<[Who | "nobody", string, PermissionAction, "allowed" | 403 | string]> = [
    ["owner", "/contacts", "create", "allowed"],
    ["owner", "/contacts", "delete", "allowed"],
    ["owner", "/usersManagement", "update", 403],
    ["agent", "/contacts", "read", "allowed"],
    ["agent", "/contacts", "create", 403],
    ["agent", "/recordings", "delete", 403],
    ["agent", "/campaigns", "update", 403],
    ["admin", "/usersManagement", "delete", "allowed"],
    ["admin", "/roles", "update", "allowed"],
    ["trial", "/contacts", "create", PLANS],
    ["nobody", "/contacts", "create", "/login?redirectTo=%2Fcontacts"],
  ];

  it.each(ACTION_MATRIX)("%s %s %s → %s", async (who, path, action, expected) => {
    const request = makeRequest(path, { cookie: who === "nobody" ? undefined : cookies[who], form: { any: "thing" } });
    const result = await settle(() => requireActionAccess(request, action, path.slice(1) as PermissionArea));
    const outcome = result instanceof Response ? (redirectLocation(result) ?? result.status) : "allowed";
    expect(outcome).toBe(expected);
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
