import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgeAddress } from "./address-policy";
import { guardedFetch, OutboundRefusal } from "./guard.server";

/**
 * Without a network, "public" is played by 127.0.0.1: the tests' judge calls
 * it public and judges every other address as production does. 127.0.0.2
 * plays the private service an attacker wants to reach.
 */
const pretendPublic = (address: string) => (address === "127.0.0.1" ? ({ allowed: true } as const) : judgeAddress(address));

interface Stub {
  server: Server;
  port: number;
  hits: string[];
  requests: IncomingMessage[];
}

async function startStub(
  host: string,
  handle: (url: string, port: number) => { status: number; headers?: Record<string, string>; body?: string },
): Promise<Stub> {
  const stub: Stub = { server: createServer(), port: 0, hits: [], requests: [] };
  stub.server.on("request", (req: IncomingMessage, res) => {
    stub.hits.push(req.url ?? "/");
    stub.requests.push(req);
    const answer = handle(req.url ?? "/", stub.port);
    res.writeHead(answer.status, answer.headers).end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => stub.server.listen(0, host, resolve));
  stub.port = (stub.server.address() as AddressInfo).port;
  return stub;
}

let outside: Stub;
let inside: Stub;

beforeAll(async () => {
  inside = await startStub("127.0.0.2", () => ({ status: 200, body: "secret" }));
  outside = await startStub("127.0.0.1", (url) => {
    if (url === "/to-mapped") return { status: 302, headers: { Location: `http://[::ffff:127.0.0.2]:${inside.port}/secret` } };
    if (url === "/to-nat64") return { status: 307, headers: { Location: `http://[64:ff9b::7f00:2]:${inside.port}/secret` } };
    if (url === "/to-name") return { status: 301, headers: { Location: `http://inside.test:${inside.port}/secret` } };
    if (url === "/to-self") return { status: 302, headers: { Location: "/hello" } };
    if (url === "/post-303") return { status: 303, headers: { Location: "/hello" } };
    if (url === "/cross-origin") return { status: 302, headers: { Location: `http://other.test:${outside.port}/hello` } };
    return { status: 200, body: "hello" };
  });
});

afterAll(async () => {
  for (const stub of [outside, inside]) {
    stub.server.closeAllConnections();
    await new Promise((resolve) => stub.server.close(resolve));
  }
});

const names: Record<string, string> = { "outside.test": "127.0.0.1", "other.test": "127.0.0.1", "inside.test": "127.0.0.2" };
const resolveTestNames = async (hostname: string) => [{ address: names[hostname] ?? "127.0.0.2", family: 4 }];
const guard = { allowPrivate: false, judge: pretendPublic, resolve: resolveTestNames };

describe("guardedFetch", () => {
  it("fetches from an allowed address", async () => {
    const response = await guardedFetch(`http://outside.test:${outside.port}/hello`, {}, guard);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("hello");
  });

  it.each(["127.0.0.2", "[::ffff:127.0.0.2]", "[0:0:0:0:0:ffff:7f00:2]", "[::ffff:7f00:2]", "[64:ff9b::7f00:2]", "[::1]", "inside.test", "localhost"])(
    "refuses %s without connecting",
    async (host) => {
      const before = inside.hits.length;
      const resolve = async (hostname: string) =>
        hostname === "localhost"
          ? [
              { address: "127.0.0.1", family: 4 },
              { address: "::1", family: 6 },
            ]
          : resolveTestNames(hostname);
      await expect(guardedFetch(`http://${host}:${inside.port}/secret`, {}, { ...guard, resolve })).rejects.toThrow(/not a public address/);
      expect(inside.hits.length).toBe(before);
    },
  );

  it.each(["/to-mapped", "/to-nat64", "/to-name"])("judges every redirect hop again (%s)", async (path) => {
    const before = inside.hits.length;
    const outcome = await guardedFetch(`http://outside.test:${outside.port}${path}`, {}, guard).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(OutboundRefusal);
    expect((outcome as Error).message).toMatch(/not a public address/);
    expect(inside.hits.length).toBe(before);
  });

  it("connects to the address it judged, not to a second answer of the name server (DNS rebinding)", async () => {
    // The first answer is "public", every later one the private service, as a rebinding name server would answer.
    let lookups = 0;
    const rebinding = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
    };
    const insideBefore = inside.hits.length;
    const outsideBefore = outside.hits.length;
    // The port is the private service's: only the pinned address decides where the connection goes.
    const response = await guardedFetch(`http://rebind.test:${outside.port}/hello`, {}, { ...guard, resolve: rebinding }).catch((error: unknown) => error);
    expect(response).not.toBeInstanceOf(Error);
    expect(lookups).toBe(1);
    expect(outside.hits.length).toBe(outsideBefore + 1);
    expect(inside.hits.length).toBe(insideBefore);
  });

  it("refuses an answer list with any private address in it", async () => {
    const mixed = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "127.0.0.2", family: 4 },
    ];
    await expect(guardedFetch(`http://mixed.test:${outside.port}/hello`, {}, { ...guard, resolve: mixed })).rejects.toThrow(/mixed.test resolves to 127.0.0.2/);
  });

  it("lets private addresses through when allowed", async () => {
    const response = await guardedFetch(`http://127.0.0.2:${inside.port}/secret`, {}, { allowPrivate: true });
    expect(await response.text()).toBe("secret");
  });

  it("refuses other schemes and endless redirects", async () => {
    await expect(guardedFetch("file:///etc/passwd", {}, guard)).rejects.toThrow(/only http/);
    await expect(guardedFetch(`http://outside.test:${outside.port}/to-self`, {}, { ...guard, maxRedirects: 0 })).rejects.toThrow(/more than 0 redirects/);
  });

  it("turns a POST into a GET on 303 and keeps credentials from another origin", async () => {
    const start = outside.requests.length;
    const after303 = await guardedFetch(
      `http://outside.test:${outside.port}/post-303`,
      { method: "POST", body: "x=1", headers: { Authorization: "Bearer t" } },
      guard,
    );
    expect(await after303.text()).toBe("hello");
    expect(outside.requests.slice(start).map((req) => req.method)).toEqual(["POST", "GET"]);
    expect(outside.requests.at(-1)!.headers.authorization).toBe("Bearer t");

    const crossStart = outside.requests.length;
    await (await guardedFetch(`http://outside.test:${outside.port}/cross-origin`, { headers: { Authorization: "Bearer t", "X-Kept": "1" } }, guard)).text();
    const [first, second] = outside.requests.slice(crossStart);
    expect(first!.headers.authorization).toBe("Bearer t");
    expect(second!.headers.authorization).toBeUndefined();
    expect(second!.headers["x-kept"]).toBe("1");
  });
});
