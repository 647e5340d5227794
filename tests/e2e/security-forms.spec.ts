/**
 * Issue 9's probe of forms and redirects over real HTTP, against the
 * production server: body limits (item 3), redirect targets (4, 6), the
 * registration answer (5), bodies that are not forms (6), Retry-After (8)
 * and the Secure flag (9). The last two need other settings than the shared
 * e2e server's (a rate limit of 1, https or a trusted proxy), so those tests
 * start servers of their own from the same build. The vitest side of the
 * probe is tests/security/forms-and-redirects.test.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, DEMO_USERS, latestEmailTo, uniqueEmail } from "./support";

const MiB = 1024 * 1024;
const LANGUAGE_DE = `lng=${encodeURIComponent(btoa(JSON.stringify("de")))}`;

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "Browser-independent: runs once, in the js project");

async function signedIn(request: APIRequestContext) {
  const response = await request.post("/login", { form: { email: DEMO_USERS.owner.email, password: DEMO_PASSWORD, redirectTo: "" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

test.describe("item 3: a size limit for every form post", () => {
  test("a 3 MiB sign-in post is answered 413 with the translated page, in English and German", async ({ request }) => {
    const body = `email=a%40b.test&password=${"a".repeat(3 * MiB)}`;
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const english = await request.post("/login", { data: body, headers });
    expect(english.status()).toBe(413);
    expect(english.headers()["content-type"]).toContain("text/html");
    expect(await english.text()).toContain("Form too large");
    const german = await request.post("/login", { data: body, headers: { ...headers, Cookie: LANGUAGE_DE } });
    expect(german.status()).toBe(413);
    expect(await german.text()).toContain("Formular zu groß");
  });

  test("a chunked post without Content-Length is refused while it is still being sent", async ({ baseURL }) => {
    const url = new URL("/login", baseURL);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } }, (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      request.on("error", reject);
      // Two MiB, then the request stays open: a server that reads the whole body before answering never answers.
      const chunk = Buffer.alloc(64 * 1024, "a");
      for (let sent = 0; sent < 2 * MiB; sent += chunk.length) request.write(chunk);
      setTimeout(() => reject(new Error("no answer while the body was still open")), 10_000).unref();
    });
    expect(status).toBe(413);
  });

  test("150 file parts of 64 KiB to the profile form are refused once the body passes the picture's limit", async ({ request }) => {
    await signedIn(request);
    const boundary = "----probe";
    const part = (i: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n${"a".repeat(64 * 1024)}\r\n`;
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload-picture\r\n${Array.from({ length: 150 }, (_, i) => part(i)).join("")}--${boundary}--\r\n`;
    const response = await request.post("/profile", { data: body, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("Form too large");
  });
});

test.describe("item 6: a post that is not a form", () => {
  test("text/plain and a missing content type are answered 400 with a page that says so", async ({ request, baseURL }) => {
    const plain = await request.post("/login", { data: "email=a@b.test", headers: { "Content-Type": "text/plain" } });
    expect(plain.status()).toBe(400);
    expect(await plain.text()).toContain("Form could not be read");
    // Playwright always names a type for a body; Node's client sends none.
    const status = await new Promise<number>((resolve, reject) => {
      const request_ = http.request(new URL("/login", baseURL), { method: "POST" }, (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
      });
      request_.on("error", reject);
      request_.end("email=a@b.test");
    });
    expect(status).toBe(400);
  });
});

test.describe("items 4 and 6: redirect targets", () => {
  test("a signed-in visit to /login sends tabs, backslashes and other hosts to the overview, and encodes what a header cannot carry", async ({ request }) => {
    await signedIn(request);
    for (const target of [
      "/%09/evil.test",
      "/%5C%5Cevil.test",
      "/%5Cevil.test/..",
      "//evil.test",
      "https://evil.test",
      "/%0A/evil.test",
      "javascript:alert(1)",
    ]) {
      const response = await request.get(`/login?redirectTo=${target}`, { maxRedirects: 0 });
      expect(response.status(), target).toBe(302);
      const location = response.headers()["location"]!;
      expect(new URL(location, "http://voxboard.test").origin, `${target} → ${location}`).toBe("http://voxboard.test");
    }
    expect((await request.get("/login?redirectTo=/%09/evil.test", { maxRedirects: 0 })).headers()["location"]).toBe("/overview");
    const euro = await request.get(`/login?redirectTo=${encodeURIComponent("/recordings?q=€")}`, { maxRedirects: 0 });
    expect(euro.status()).toBe(302);
    expect(euro.headers()["location"]).toBe("/recordings?q=%E2%82%AC");
  });
});

test.describe("item 5: registration", () => {
  test("a known address gets the same answer as a new one, and its owner an email", async ({ request }, testInfo) => {
    const form = (email: string) => ({
      name: "Probe Person",
      company: "Probe Co",
      email,
      phone: "+1 416 555 0199",
      password: "Strong-pass-1!",
      confirmPassword: "Strong-pass-1!",
    });
    const known = await request.post("/register", { form: form(DEMO_USERS.trial.email), maxRedirects: 0 });
    const fresh = await request.post("/register", { form: form(uniqueEmail("probe", testInfo)), maxRedirects: 0 });
    expect(known.status()).toBe(302);
    expect(known.headers()["location"]).toBe("/registration-successful");
    expect(fresh.headers()["location"]).toBe("/registration-successful");
    expect(await known.text()).not.toContain("already exists");
    expect((await latestEmailTo(DEMO_USERS.trial.email)).subject).toBe("Someone tried to register with your address");
  });
});

/* ---- Servers of their own: a rate limit of 1, a trusted proxy, an https APP_URL ---- */

const BUILD = path.resolve(process.env.VOXBOARD_BUILD_ROOT ?? ".", "build/index.js");

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

interface OwnServer {
  url: string;
  dataDir: string;
  stop: () => void;
}

async function startServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-e2e-own-"));
  const child: ChildProcess = spawn(process.execPath, [BUILD], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "voxboard.db")}`,
      SESSION_SECRET: "e2e-own-server-secret-that-is-at-least-32-characters",
      SECRETS_KEY: "5ec0".repeat(16),
      SMTP_URL: "",
      SEED_DEMO: "0",
      JOB_RUNNER: "0",
      APP_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, dataDir, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error(`the server on ${url} did not start`);
}

/** The token of the verification link the server wrote to its outbox (the mail goes out just after the answer). */
async function verificationToken(server: OwnServer, address: string) {
  const outbox = path.join(server.dataDir, "outbox");
  let token: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(".json")) : [];
      const messages = files.map((name) => JSON.parse(fs.readFileSync(path.join(outbox, name), "utf8")) as { to: string; text: string });
      token = /verify-email\?token=([\w-]+)/.exec(messages.find((message) => message.to === address)?.text ?? "")?.[1];
      return Boolean(token);
    })
    .toBe(true);
  return token!;
}

/** A document post, as a browser without JavaScript sends it. */
function postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, { method: "POST", body: new URLSearchParams(form), headers, redirect: "manual" });
}

test.describe("item 8: Retry-After on a 429 (a server with a rate limit of 1)", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_PER_IP: "1", RATE_LIMIT_PER_ACCOUNT: "1" });
  });
  test.afterAll(() => server?.stop());

  for (const [label, pathname, form] of [
    ["sign-in", "/login", { email: "nobody@example.test", password: "Wrong-pass-1!" }],
    [
      "registration",
      "/register",
      {
        name: "Rate Limited",
        company: "Limit Co",
        email: "limited@example.test",
        phone: "+1 416 555 0199",
        password: "Strong-pass-1!",
        confirmPassword: "Strong-pass-1!",
      },
    ],
    ["password reset", "/reset-password", { intent: "request", email: "nobody@example.test" }],
  ] as const) {
    test(`the ${label} page answers the second post with 429 and Retry-After`, async () => {
      await postForm(`${server.url}${pathname}`, form);
      const limited = await postForm(`${server.url}${pathname}`, form);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("content-type")).toContain("text/html");
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
    });
  }
});

test.describe("item 9: the Secure flag of every cookie", () => {
  test.describe.configure({ mode: "serial" });
  let behindProxy: OwnServer;
  let https: OwnServer;
  test.beforeAll(async () => {
    [behindProxy, https] = await Promise.all([startServer({ TRUST_PROXY: "1" }), startServer({ APP_URL: "https://voxboard.example" })]);
  });
  test.afterAll(() => {
    behindProxy?.stop();
    https?.stop();
  });

  const setCookies = (response: Response) => response.headers.getSetCookie();

  test("behind a trusted proxy, cookies are Secure exactly when the proxy says https", async () => {
    for (const [pathname, form] of [
      ["/resources/theme", { theme: "dark", redirectTo: "/" }],
      ["/resources/language", { lng: "de", redirectTo: "/" }],
    ] as const) {
      const overHttps = setCookies(await postForm(`${behindProxy.url}${pathname}`, form, { "X-Forwarded-Proto": "https" }));
      const overHttp = setCookies(await postForm(`${behindProxy.url}${pathname}`, form, { "X-Forwarded-Proto": "http" }));
      expect(overHttps.length, pathname).toBeGreaterThan(0);
      for (const cookie of overHttps) expect(cookie).toMatch(/;\s*Secure/i);
      for (const cookie of overHttp) expect(cookie).not.toMatch(/;\s*Secure/i);
    }
  });

  test("with an https APP_URL, the session, toast, theme and language cookies are Secure, whatever NODE_ENV", async () => {
    const account = {
      name: "Secure Person",
      company: "Secure Co",
      email: "secure@example.test",
      phone: "+1 416 555 0199",
      password: "Strong-pass-1!",
      confirmPassword: "Strong-pass-1!",
    };
    expect((await postForm(`${https.url}/register`, account)).status).toBe(302);
    const signIn = await postForm(`${https.url}/login`, { email: account.email, password: account.password, redirectTo: "" });
    expect(signIn.status).toBe(302);
    const cookies = [
      ...setCookies(signIn),
      ...setCookies(await postForm(`${https.url}/resources/theme`, { theme: "dark", redirectTo: "/" })),
      ...setCookies(await postForm(`${https.url}/resources/language`, { lng: "de", redirectTo: "/" })),
      // Verifying the address answers with a toast (a flash cookie).
      ...setCookies(await postForm(`${https.url}/verify-email`, { token: await verificationToken(https, account.email) })),
    ];
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(expect.arrayContaining(["__session", "__toast", "theme", "lng"]));
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });
});
