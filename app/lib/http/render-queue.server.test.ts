import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { renderQueue } from "./render-queue.server";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app whose pages take `ms` and report how many ran at once at their peak. */
async function start(maxActive: number, ms: number) {
  let running = 0;
  let peak = 0;
  const app = express();
  app.use(renderQueue(maxActive));
  app.get("*", (_req, res) => {
    running += 1;
    peak = Math.max(peak, running);
    setTimeout(() => {
      running -= 1;
      res.type("html").send("<p>page</p>");
    }, ms);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, peak: () => peak };
}

describe("the render queue", () => {
  it("renders at most the given number of pages at once and answers every one", async () => {
    const { base, peak } = await start(2, 30);
    const responses = await Promise.all(Array.from({ length: 8 }, () => fetch(`${base}/recordings`, { headers: { accept: "text/html" } })));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(peak()).toBe(2);
  });

  it("lets everything that is not a page through at once", async () => {
    const { base, peak } = await start(1, 30);
    await Promise.all(Array.from({ length: 4 }, () => fetch(`${base}/recordings/1/audio`, { headers: { accept: "audio/*" } })));
    expect(peak()).toBe(4);
  });

  it("drops a queued request whose client has gone, and keeps serving", async () => {
    const { base } = await start(1, 50);
    const first = fetch(`${base}/a`, { headers: { accept: "text/html" } });
    const abandoned = new AbortController();
    const gone = fetch(`${base}/b`, { headers: { accept: "text/html" }, signal: abandoned.signal }).catch(() => "aborted");
    setTimeout(() => abandoned.abort(), 10);
    expect(await gone).toBe("aborted");
    expect((await first).status).toBe(200);
    expect((await fetch(`${base}/c`, { headers: { accept: "text/html" } })).status).toBe(200);
  });
});
