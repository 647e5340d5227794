import net from "node:net";
import type { APIRequestContext, Page } from "@playwright/test";
import { buildPdf, inflatingContent, textContent } from "../support/pdf-fixtures";
import { expect, signInQuickly, test } from "./fixtures";
import { DEMO_USERS, isScriptless } from "./support";

/*
 * Probes that need the real server (issue 9, items 1, 6 and 7): how a
 * connection ends after an oversized API body, and that /healthz keeps
 * answering while an upload's PDF is read. The same probes at function level
 * are in tests/security/outbound-and-uploads.test.ts.
 */

async function createApiKey(page: Page, label: string) {
  await signInQuickly(page, DEMO_USERS.owner.email);
  await page.goto("/api-access");
  await page.getByLabel("Name", { exact: true }).fill(`${label} ${Date.now()}`);
  // Keys need at least one scope (issue 26); these tests send call events and read calls.
  await page.getByRole("checkbox", { name: /calls:write/ }).check();
  await page.getByRole("checkbox", { name: /calls:read/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  return page.getByTestId("new-api-key").getByLabel("API key").inputValue();
}

const paddedEvent = (bytes: number) => Buffer.from(JSON.stringify({ eventId: "big", pad: "x".repeat(bytes) }));

/** Sends the request in full, slowly, before reading a byte of the answer, as simple clients do. */
async function sendEverythingThenRead(baseURL: string, key: string, body: Buffer) {
  const { hostname, port } = new URL(baseURL);
  const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
  socket.pause();
  let failure: string | null = null;
  socket.on("error", (error: NodeJS.ErrnoException) => {
    failure ??= error.code ?? error.message;
  });
  socket.write(
    `POST /api/v1/call-events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.byteLength}\r\n\r\n`,
  );
  for (let offset = 0; offset < body.byteLength && !failure; offset += 512 * 1024) {
    socket.write(body.subarray(offset, offset + 512 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
  socket.resume();
  await new Promise((resolve) => {
    socket.once("close", resolve);
    setTimeout(resolve, 10_000);
  });
  socket.destroy();
  return { failure, received };
}

test("an oversized JSON body gets the documented 413, then the connection is closed", async ({ page, request, baseURL }, testInfo) => {
  test.skip(isScriptless(testInfo), "Browser-independent: runs once, in the js project");
  test.slow();
  const key = await createApiKey(page, "Oversized");
  for (const megabytes of [6, 20]) {
    const response = await request.post("/api/v1/call-events", {
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      data: paddedEvent(megabytes * 1024 * 1024),
    });
    expect(response.status(), `${megabytes} MB`).toBe(413);
    expect(response.headers()["connection"]).toBe("close");
    expect(await response.json()).toMatchObject({ error: { code: "event_too_large" } });
  }

  // A client that reads only once it has sent everything still gets the answer: the server reads on and drops the rest.
  const { failure, received } = await sendEverythingThenRead(baseURL!, key, paddedEvent(12 * 1024 * 1024));
  expect(failure).toBeNull();
  expect(received.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
  expect(received).toContain('"code":"event_too_large"');

  expect((await request.get("/healthz")).status()).toBe(200);
});

test("a path that is not valid percent-encoding gets a JSON 400 from the API, never an HTML page (issue 22, item 5)", async ({ request }, testInfo) => {
  test.skip(isScriptless(testInfo), "Browser-independent: runs once, in the js project");
  for (const path of ["/api/v1/appointments/%E0%A4%A", "/api/v1/slots/%", "/api/v1/%FF"]) {
    const response = await request.get(path, { headers: { Authorization: "Bearer vbx_not_a_key" } });
    expect(response.status(), path).toBe(400);
    expect(response.headers()["content-type"], path).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_request" } });
  }
  const page = await request.get("/recordings/%E0%A4%A", { maxRedirects: 0 });
  expect(page.status()).toBe(400);
  expect(page.headers()["content-type"]).toMatch(/^text\/plain/);
});

test("a call event nested 100,000 levels deep is a 400 with a clear message", async ({ page, request }, testInfo) => {
  test.skip(isScriptless(testInfo), "Browser-independent: runs once, in the js project");
  const key = await createApiKey(page, "Nested");
  const levels = 100_000;
  const extractedData = '{"next":'.repeat(levels - 1) + "{}" + "}".repeat(levels - 1);
  const event = `{"eventId":"deep-${Date.now()}","type":"call.ended","occurredAt":"2026-03-02T09:30:00Z","call":{"id":"deep-${Date.now()}","direction":"inbound","from":"+14165550199","to":"+14165550100","extractedData":${extractedData}}}`;
  const response = await request.post("/api/v1/call-events", { headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, data: event });
  expect(response.status()).toBe(400);
  const { error } = (await response.json()) as { error: { code: string; details: Array<{ message: string }> } };
  expect(error.code).toBe("invalid_event");
  expect(error.details[0]!.message).toMatch(/more than \d+ levels deep/);
});

/** Asks /healthz every 100 ms until `done` settles; resolves with the slowest answer in ms. */
async function slowestHealthz(request: APIRequestContext, done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => (finished = true));
  let slowest = 0;
  while (!finished) {
    const started = Date.now();
    const response = await request.get("/healthz", { timeout: 5_000 });
    expect(response.status()).toBe(200);
    slowest = Math.max(slowest, Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return slowest;
}

for (const { label, pdf, message } of [
  {
    label: "a PDF of 30,000 pages",
    pdf: () => buildPdf({ pageCount: 30_000, content: textContent("One more page") }),
    message: "The PDF has more than 1,000 pages",
  },
  {
    label: "a PDF that inflates to 100 MB",
    pdf: () => buildPdf({ content: inflatingContent(100), compress: true }),
    message: "The PDF unpacks to more than 64 MB",
  },
]) {
  test(`${label} is refused at the file field while /healthz keeps answering`, async ({ page, request }, testInfo) => {
    test.skip(isScriptless(testInfo), "Server behaviour: runs once, in the js project");
    test.slow();
    await signInQuickly(page, DEMO_USERS.owner.email);
    await page.goto("/knowledge-base/new");
    await page.getByLabel("Name", { exact: true }).fill(`Probe ${Date.now()}`);
    await page.getByLabel("Phone number", { exact: true }).selectOption({ label: "+1 (416) 555-0100 · Main line" });
    await page
      .getByLabel("Content", { exact: true })
      .fill("You answer calls for the demo company. Greet the caller, find out what they need, and offer to book a call back with an advisor.");
    await page.getByLabel("Add text from a file (optional)").setInputFiles({ name: "probe.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf()) });

    const answered = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/knowledge-base/new"),
    );
    await page.getByRole("button", { name: "Create knowledge base" }).click();
    const slowest = await slowestHealthz(request, answered);
    await expect(page.getByText(message)).toBeVisible();
    expect(slowest).toBeLessThan(1_000);
  });
}
