/**
 * The probe of issue 9 against forms and redirects, as a suite that keeps
 * holding while later issues add forms and redirects: request body limits
 * (item 3), redirect targets (4 and the first part of 6), account enumeration
 * (5), bodies that are not forms (6), Retry-After on a 429 (8) and the Secure
 * flag of cookies (9). The same items over real HTTP are in
 * tests/e2e/security-forms.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { getDocumentHeaders } from "@remix-run/server-runtime/dist/headers.js";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formProblemCopy } from "~/components/form-problem-copy";
import { resetEnvCache } from "~/config/env.server";
import { getDb } from "~/db/db.server";
import { resetRateLimits } from "~/features/auth/rate-limit.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { settleAfterResponseWork } from "~/lib/background/after-response.server";
import type * as Mailer from "~/lib/email/mailer.server";
import { readFormData } from "~/lib/http/form-body.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { cookiesMustBeSecure, withSecureFlag } from "~/lib/security/secure-cookies.server";
import * as root from "~/root";
import { readRouteManifest } from "../../tools/route-manifest";
import * as authLayout from "~/routes/_auth+/_layout";
import * as login from "~/routes/_auth+/login";
import * as register from "~/routes/_auth+/register";
import * as resetPassword from "~/routes/_auth+/reset-password";
import * as contactsNew from "~/routes/_dashboard+/contacts+/new";
import * as feedback from "~/routes/_dashboard+/recordings+/$id.feedback";
import * as profile from "~/routes/_dashboard+/profile";
import * as knowledgeBaseNew from "~/routes/_dashboard+/knowledge-base+/new";
import * as billing from "~/routes/_dashboard+/billing";
import * as cardReturn from "~/routes/billing.cards.return";
import * as language from "~/routes/resources+/language";
import * as selection from "~/routes/resources+/selection";
import * as theme from "~/routes/resources+/theme";
import {
  BASE_URL,
  callAction,
  callLoader,
  latestEmailTo,
  loadContext,
  prepareTestDatabase,
  redirectLocation,
  sessionCookieFor,
  settle,
  unwrap,
} from "../support/app";

/** Holds every outgoing email until released, to tell work the answer waits for from work it does not. */
const mailGate = vi.hoisted(() => {
  let release: () => void = () => undefined;
  let closed: Promise<void> = Promise.resolve();
  return {
    close() {
      closed = new Promise<void>((resolve) => (release = resolve));
    },
    open: () => release(),
    wait: () => closed,
  };
});

vi.mock("~/lib/email/mailer.server", async (importOriginal) => {
  const original = await importOriginal<typeof Mailer>();
  return {
    ...original,
    sendEmail: async (email: Parameters<typeof original.sendEmail>[0]) => {
      await mailGate.wait();
      return original.sendEmail(email);
    },
  };
});

let owner: string;

beforeAll(async () => {
  await prepareTestDatabase();
  owner = await sessionCookieFor("owner@demo.test");
});
beforeEach(() => resetRateLimits());

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };
type RouteFunction = (args: RouteArgs) => unknown;

/**
 * A POST whose body arrives in chunks with no Content-Length, as curl's chunked
 * upload sends it, then stalls: a reader that waits for the whole body never answers.
 */
function stalledPost(pathname: string, { contentType, chunk, bytesBeforeStall }: { contentType: string; chunk: Uint8Array; bytesBeforeStall: number }) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= bytesBeforeStall) return new Promise<void>(() => undefined);
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const headers = new Headers({ "Content-Type": contentType, Origin: BASE_URL });
  return new Request(new URL(pathname, BASE_URL), { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

const withinSeconds = <T>(seconds: number, work: Promise<T>) =>
  Promise.race([work, new Promise<"no answer">((resolve) => setTimeout(() => resolve("no answer"), seconds * 1000))]);

function post(pathname: string, body: BodyInit | null, headers: Record<string, string> = {}, cookie?: string) {
  const all = new Headers({ Origin: BASE_URL, ...headers });
  if (cookie) all.set("Cookie", cookie);
  return new Request(new URL(pathname, BASE_URL), { method: "POST", headers: all, body });
}

async function problemOf(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  return { status: response.status, body: (await response.json()) as { formProblem: string; limitBytes?: number } };
}

const MiB = 1024 * 1024;
const CHUNK = new Uint8Array(64 * 1024).fill("a".charCodeAt(0));

describe("item 3: one size limit for every form post, refused while the body arrives", () => {
  it("refuses a sign-in post while its body is still arriving: 413 once past 1 MiB, with no Content-Length", async () => {
    const request = stalledPost("/login", { contentType: "application/x-www-form-urlencoded", chunk: CHUNK, bytesBeforeStall: 4 * MiB });
    const result = await withinSeconds(
      5,
      settle(() => login.action({ request, params: {}, context: loadContext() })),
    );
    expect(await problemOf(result)).toEqual({ status: 413, body: expect.objectContaining({ formProblem: "tooLarge", limitBytes: MiB }) as unknown });
  });

  it("refuses a multipart post the same way", async () => {
    const request = stalledPost("/profile", { contentType: "multipart/form-data; boundary=x", chunk: CHUNK, bytesBeforeStall: 4 * MiB });
    request.headers.set("Cookie", owner);
    const result = await withinSeconds(
      5,
      settle(() => profile.action({ request, params: {}, context: loadContext() })),
    );
    expect(await problemOf(result)).toMatchObject({ status: 413, body: { formProblem: "tooLarge" } });
  });

  it("refuses a multipart profile post of many parts, none of them too large alone", async () => {
    const form = new FormData();
    form.set("intent", "upload-picture");
    for (let i = 0; i < 300; i++) form.append(`part${i}`, "x");
    const result = await settle(() => profile.action({ request: post("/profile", form, {}, owner), params: {}, context: loadContext() }));
    expect(await problemOf(result)).toMatchObject({ status: 413, body: { formProblem: "tooLarge" } });
  });

  it("refuses 150 file parts of 64 KiB to the profile picture form once the body passes the picture's limit", async () => {
    const form = new FormData();
    form.set("intent", "upload-picture");
    for (let i = 0; i < 150; i++) form.append("picture", new File([CHUNK], `p${i}.png`, { type: "image/png" }));
    const result = await settle(() => profile.action({ request: post("/profile", form, {}, owner), params: {}, context: loadContext() }));
    expect(await problemOf(result)).toMatchObject({ status: 413, body: { formProblem: "tooLarge" } });
  });

  it("refuses an urlencoded post of 10,000 fields", async () => {
    const body = Array.from({ length: 10_000 }, (_, i) => `f${i}=1`).join("&");
    const result = await settle(() =>
      login.action({ request: post("/login", body, { "Content-Type": "application/x-www-form-urlencoded" }), params: {}, context: loadContext() }),
    );
    expect(await problemOf(result)).toMatchObject({ status: 413, body: { formProblem: "tooLarge" } });
  });

  it("still reads ordinary forms, urlencoded and multipart", async () => {
    const urlencoded = await readFormData(post("/x", "a=1&b=%C3%A4&a=2", { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" }));
    expect([...urlencoded.entries()]).toEqual([
      ["a", "1"],
      ["b", "ä"],
      ["a", "2"],
    ]);
    const form = new FormData();
    form.set("name", "Zoë");
    form.set("file", new File(["hello"], "a.txt"));
    const multipart = await readFormData(post("/x", form), { maxFileBytes: 100 });
    expect(multipart.get("name")).toBe("Zoë");
    expect(await (multipart.get("file") as File).text()).toBe("hello");
    // Without maxFileBytes or an upload handler a form takes no files: they are read past and dropped.
    expect((await readFormData(post("/x", form))).get("file")).toBeNull();
  });

  it("shows the refusal as a translated page, in English and German", async () => {
    const error = { status: 413, statusText: "", internal: false, data: { formProblem: "tooLarge", limitBytes: MiB } };
    // isRouteErrorResponse recognises the shape Remix hands an error boundary.
    const en = formProblemCopy(Object.assign(error, { __isRouteErrorResponse: true }), await getTranslatorFor("en"));
    const de = formProblemCopy(error, await getTranslatorFor("de"));
    expect(en).toEqual({ title: "Form too large", message: expect.stringContaining("more than this server accepts") as unknown });
    expect(de).toEqual({ title: "Formular zu groß", message: expect.stringContaining("größer, als dieser Server") as unknown });
  });

  it("is the only way an action reads a form: no module calls request.formData() or Remix's multipart parser itself", () => {
    // The JSON API (calls ingestion) reads its multipart bodies with per-part caps through capped-multipart and answers in JSON.
    const allowed = new Set(["app/lib/http/form-body.server.ts", "app/lib/http/capped-multipart.server.ts"]);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const relative = path.relative(process.cwd(), full).split(path.sep).join("/");
          const text = fs.readFileSync(full, "utf8");
          if (/\.formData\(\s*\)/.test(text.replace(/navigation\.formData|fetcher\.formData/g, "")) && !allowed.has(relative))
            offenders.push(`${relative}: .formData()`);
          if (/unstable_parseMultipartFormData\s*\(/.test(text) && !allowed.has(relative)) offenders.push(`${relative}: unstable_parseMultipartFormData`);
        }
      }
    };
    walk(path.join(process.cwd(), "app"));
    expect(offenders, "read form bodies with readFormData from ~/lib/http/form-body.server").toEqual([]);
  });
});

describe("item 6: a post that is not a form is a 400, not a 500", () => {
  it.each([
    ["text/plain", { "Content-Type": "text/plain" }, "email=a@b.test"],
    ["no content type", {}, null],
    ["application/json", { "Content-Type": "application/json" }, "{}"],
  ])("answers %s to the sign-in form with a 400", async (_label, headers, body) => {
    const result = await settle(() => login.action({ request: post("/login", body, headers), params: {}, context: loadContext() }));
    expect(await problemOf(result)).toMatchObject({ status: 400, body: { formProblem: "unsupportedType" } });
  });

  it("answers a multipart post without a boundary with a 400", async () => {
    const result = await settle(() =>
      login.action({ request: post("/login", "x", { "Content-Type": "multipart/form-data" }), params: {}, context: loadContext() }),
    );
    expect(await problemOf(result)).toMatchObject({ status: 400, body: { formProblem: "malformed" } });
  });

  it("never throws anything but a response from any action given a text/plain body", async () => {
    // Every route module Remix serves (read from its own route config, through every folder), not a directory listing of one level.
    const routeFiles = (await readRouteManifest()).filter((route) => route.id !== "root").map((route) => path.join(process.cwd(), "app", route.file));
    const params = { id: "x", contactId: "x", listId: "x", importId: "x", userId: "x", callId: "x", "*": "x" };
    const crashed: string[] = [];
    let actions = 0;
    for (const file of routeFiles) {
      const { action } = (await import(/* @vite-ignore */ file)) as { action?: RouteFunction };
      if (!action) continue;
      actions++;
      const cookie = await sessionCookieFor("owner@demo.test");
      try {
        const result = await settle(() =>
          action({ request: post("/x", "intent=x", { "Content-Type": "text/plain" }, cookie), params, context: loadContext() }),
        );
        expect(unwrap(result).status, file).toBeLessThan(500);
      } catch (error) {
        crashed.push(`${file}: ${String(error)}`);
      }
    }
    await settleAfterResponseWork();
    // It saw every action route: as many as the route files that export an action.
    const exportingAnAction = routeFiles.filter((file) => /export (async function |function |const |\{[^}]*\b)action\b/.test(fs.readFileSync(file, "utf8")));
    expect(actions).toBe(exportingAnAction.length);
    expect(actions).toBeGreaterThan(20);
    expect(crashed).toEqual([]);
  });
});

describe("items 4 and 6: redirect targets stay on this site and fit in a header", () => {
  const OFF_SITE = [
    "//evil.test",
    "/\\evil.test",
    "/\t/evil.test",
    "/\n/evil.test",
    "/\r\n/evil.test",
    "/\u0000/evil.test",
    "\t//evil.test",
    " //evil.test",
    "https://evil.test",
    "http:evil.test",
    "javascript:alert(1)",
    "//evil.test/%2e%2e",
    "/\\/evil.test",
    "\\\\evil.test",
    "evil.test",
    "",
    // Issue 22 item 1: dot-segment removal can leave a path that starts with "//".
    "/./\\evil.example/phish",
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/./\\/evil.example",
    "/a/b/../..//evil.example",
  ];

  it.each(OFF_SITE)("refuses %j", (target) => {
    expect(safeRedirectPath(target, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/contacts?page=2", "/contacts?page=2"],
    ["/recordings?q=Gespr%C3%A4ch#top", "/recordings?q=Gespr%C3%A4ch#top"],
    ["/recordings?q=Gespräch €", "/recordings?q=Gespr%C3%A4ch%20%E2%82%AC"],
    ["/€", "/%E2%82%AC"],
    ["/%5Cevil.test", "/%5Cevil.test"],
    ["/a/../b", "/b"],
  ])("keeps %j as the same-site path %j, in ASCII", (target, expected) => {
    expect(safeRedirectPath(target, "/fallback")).toBe(expected);
  });

  it("never answers with a Location a browser reads as another host", () => {
    for (const target of OFF_SITE) {
      const location = safeRedirectPath(target);
      expect(new URL(location, "https://voxboard.example").origin).toBe("https://voxboard.example");
      expect(location).not.toMatch(/^\/[/\\]/);
    }
  });

  it("never returns a path that starts with // or /\\, whatever dot segments, slashes and backslashes come before it", () => {
    const pieces = ["/", "\\", ".", "..", "%2e", "%2E", "%2e%2e", "a", "evil.example", "%5C", "?", "#"];
    const seen: string[] = [];
    const walk = (prefix: string, depth: number) => {
      if (depth === 0) return;
      for (const piece of pieces) {
        const target = prefix + piece;
        const location = safeRedirectPath(target, "/fallback");
        if (/^\/[/\\]/.test(location) || new URL(location, "https://voxboard.example").origin !== "https://voxboard.example")
          seen.push(`${target} -> ${location}`);
        walk(target, depth - 1);
      }
    };
    walk("/", 4);
    expect(seen).toEqual([]);
  });

  it("sends a signed-in visitor of /login?redirectTo=/%09/evil.test to the overview", async () => {
    const result = await callLoader(login.loader, "/login?redirectTo=/%09/evil.test", { cookie: owner });
    expect(redirectLocation(result)).toBe("/overview");
  });

  it("takes a redirectTo with characters above U+00FF as an encoded path instead of failing", async () => {
    const result = await callLoader(login.loader, `/login?${new URLSearchParams({ redirectTo: "/recordings?q=Gespräch €" })}`, { cookie: owner });
    expect(redirectLocation(result)).toBe("/recordings?q=Gespr%C3%A4ch%20%E2%82%AC");
  });

  it("refuses an off-site target after sign-in, after a theme change and for Cancel links", async () => {
    const signIn = await callAction(login.action, "/login", { form: { email: "owner@demo.test", password: "Demo-pass-2026!", redirectTo: "/\\evil.test" } });
    expect(redirectLocation(signIn)).toBe("/overview");
    expect(redirectLocation(await callAction(theme.action, "/resources/theme", { form: { theme: "dark", redirectTo: "/\t/evil.test" } }))).toBe("/");
    const call = await getDb().selectFrom("calls").select("id").limit(1).executeTakeFirstOrThrow();
    const feedbackPage = unwrap(
      await callLoader(feedback.loader, `/recordings/${call.id}/feedback?${new URLSearchParams({ returnTo: "/\t/evil.test" })}`, {
        cookie: owner,
        params: { id: call.id },
      }),
    );
    expect(feedbackPage.value).toMatchObject({ returnTo: `/recordings/${call.id}` });
    const newContact = unwrap(await callLoader(contactsNew.loader, `/contacts/new?${new URLSearchParams({ returnTo: "//evil.test" })}`, { cookie: owner }));
    expect(newContact.value).toMatchObject({ returnTo: "/contacts" });
  });
});

describe("issue 22 item 1: a dot segment cannot turn a redirect or a Back link into another host", () => {
  const PHISH = "/./\\evil.example/phish";
  const offSite = (location: string | null) =>
    location === null || location.startsWith("//") || location.startsWith("/\\") || new URL(location, BASE_URL).origin !== new URL(BASE_URL).origin;

  it("answers /login?redirectTo=%2F.%2F%5Cevil.example%2Fphish, signed in, with the overview", async () => {
    const result = await callLoader(login.loader, `/login?redirectTo=${encodeURIComponent(PHISH)}`, { cookie: owner });
    expect(redirectLocation(result)).toBe("/overview");
  });

  it("keeps the selector, language, theme, billing and the card return on this site", async () => {
    const locations = [
      redirectLocation(await callAction(selection.action, "/resources/selection", { cookie: owner, form: { redirectTo: PHISH } })),
      redirectLocation(await callAction(language.action, "/resources/language", { form: { lng: "de", redirectTo: "/.//evil.example" } })),
      redirectLocation(await callAction(theme.action, "/resources/theme", { form: { theme: "dark", redirectTo: "/a/..//evil.example" } })),
      redirectLocation(
        await callAction(billing.action, "/billing", {
          cookie: owner,
          form: {
            intent: "add-card",
            number: "4242424242424242",
            expiry: `12/${(new Date().getFullYear() + 3) % 100}`,
            cvc: "987",
            returnTo: "/%2e//evil.example",
          },
        }),
      ),
      redirectLocation(
        await callLoader(cardReturn.loader, `/billing/cards/return?session_id=cs_test&returnTo=${encodeURIComponent("/..//evil.example")}`, { cookie: owner }),
      ),
    ];
    expect(locations.every((location) => location !== null)).toBe(true);
    expect(locations.filter(offSite)).toEqual([]);
  });

  it("renders /knowledge-base/new?returnTo=%2F.%2F%5Cevil.example with a Cancel link to this site", async () => {
    const page = unwrap(
      await callLoader(knowledgeBaseNew.loader, `/knowledge-base/new?returnTo=${encodeURIComponent("/./\\evil.example")}`, { cookie: owner }),
    );
    const cancelHref = (page.value as { cancelHref: string }).cancelHref;
    expect(cancelHref.startsWith("/")).toBe(true);
    expect(offSite(cancelHref)).toBe(false);
  });
});

describe("item 5: registration and password reset say nothing about which addresses have accounts", () => {
  const registration = (email: string) => ({
    name: "Rita Register",
    company: "Register Co",
    email,
    phone: "+1 416 555 0199",
    password: "Strong-pass-1",
    confirmPassword: "Strong-pass-1",
  });
  const outboxFor = (address: string) => latestEmailTo(address);

  async function answersBeforeMail<T>(work: () => Promise<T>) {
    mailGate.close();
    try {
      const timeout = new Promise<"waited for the mail">((resolve) => setTimeout(() => resolve("waited for the mail"), 2_000));
      return await Promise.race([work(), timeout]);
    } finally {
      mailGate.open();
      await settleAfterResponseWork();
    }
  }

  it("answers a known address at registration exactly like a new one", async () => {
    const known = await settle(() =>
      register.action({ request: post("/register", new URLSearchParams(registration("owner@demo.test"))), params: {}, context: loadContext() }),
    );
    const fresh = await settle(() =>
      register.action({ request: post("/register", new URLSearchParams(registration("brand-new@example.test"))), params: {}, context: loadContext() }),
    );
    await settleAfterResponseWork();
    expect(redirectLocation(known)).toBe("/registration-successful");
    expect(redirectLocation(fresh)).toBe("/registration-successful");
    expect([...(known as Response).headers.keys()]).toEqual([...(fresh as Response).headers.keys()]);
    expect(outboxFor("owner@demo.test")?.subject).toBe("Someone tried to register with your address");
    expect(outboxFor("brand-new@example.test")?.subject).toBe("Verify your Voxboard email address");
  });

  it("answers registration before any mail is written", async () => {
    const outcome = await answersBeforeMail(() =>
      settle(() => register.action({ request: post("/register", new URLSearchParams(registration("owner@demo.test"))), params: {}, context: loadContext() })),
    );
    expect(redirectLocation(outcome)).toBe("/registration-successful");
  });

  it("answers a reset request before looking the address up, issuing a token or writing mail", async () => {
    const request = (email: string) => post("/reset-password", new URLSearchParams({ intent: "request", email }));
    const known = await answersBeforeMail(() =>
      settle(() => resetPassword.action({ request: request("agent@demo.test"), params: {}, context: loadContext() })),
    );
    const unknown = await answersBeforeMail(() =>
      settle(() => resetPassword.action({ request: request("nobody@demo.test"), params: {}, context: loadContext() })),
    );
    expect(known).not.toBe("waited for the mail");
    expect(unwrap(known)).toEqual(unwrap(unknown));
    // The work still happens, after the answer.
    expect(outboxFor("agent@demo.test")?.subject).toBe("Reset your Voxboard password");
    expect(outboxFor("nobody@demo.test")).toBeNull();
  });
});

describe("item 8: a 429 keeps its Retry-After on a document (no-JavaScript) post", () => {
  const ROUTES = [
    ["sign-in", "routes/_auth+/login", login],
    ["registration", "routes/_auth+/register", register],
    ["password reset", "routes/_auth+/reset-password", resetPassword],
  ] as const;

  it.each(ROUTES)("carries Retry-After from the %s action into the page's headers, as Remix merges them", (_label, id, module) => {
    const build = { routes: { root: { module: root }, "routes/_auth+/_layout": { module: authLayout }, [id]: { module } } };
    const context = {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/_auth+/_layout" } }, { route: { id } }],
      loaderHeaders: {},
      actionHeaders: { [id]: new Headers({ "Retry-After": "840" }) },
      actionData: { [id]: {} },
      loaderData: {},
      errors: null,
    };
    const headers = getDocumentHeaders(build as never, context as never);
    expect(headers.get("Retry-After")).toBe("840");
  });
});

describe("item 9: the Secure flag follows APP_URL and, behind a trusted proxy, X-Forwarded-Proto", () => {
  it.each([
    [{ appUrl: "https://voxboard.example", trustProxy: false, forwardedProto: null }, true],
    [{ appUrl: "https://voxboard.example", trustProxy: true, forwardedProto: "http" }, true],
    [{ appUrl: "http://localhost:3000", trustProxy: false, forwardedProto: "https" }, false],
    [{ appUrl: "http://localhost:3000", trustProxy: true, forwardedProto: "https" }, true],
    [{ appUrl: "http://localhost:3000", trustProxy: true, forwardedProto: "https, http" }, true],
    [{ appUrl: "http://localhost:3000", trustProxy: true, forwardedProto: "http" }, false],
    [{ appUrl: "http://localhost:3000", trustProxy: true, forwardedProto: null }, false],
  ])("%j → %s", (input, secure) => {
    expect(cookiesMustBeSecure(input)).toBe(secure);
  });

  it("adds the flag once", () => {
    expect(withSecureFlag("a=1; Path=/")).toBe("a=1; Path=/; Secure");
    expect(withSecureFlag("a=1; Path=/; Secure")).toBe("a=1; Path=/; Secure");
  });

  describe("with APP_URL=https and NODE_ENV other than production", () => {
    const previous = process.env.APP_URL;
    beforeAll(() => {
      process.env.APP_URL = "https://voxboard.example";
      resetEnvCache();
      vi.resetModules();
    });
    afterAll(() => {
      process.env.APP_URL = previous;
      resetEnvCache();
      vi.resetModules();
    });

    it("marks the session and toast cookies Secure", async () => {
      expect(process.env.NODE_ENV).toBe("test");
      const sessions = await import("~/features/auth/session.server");
      const toasts = await import("~/lib/toast/toast.server");
      expect(await sessions.getSessionCookie().serialize("id")).toMatch(/; Secure/);
      expect(await toasts.toastCookie({ type: "info", key: "x" })).toMatch(/; Secure/);
    });
  });
});
