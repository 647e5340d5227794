import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeGentlyAfterEarlyAnswers } from "./early-answer.server";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A server that answers 413 after the first chunk of the body, as the API does past its limit, with or without the middleware. */
async function refusingServer(withMiddleware: boolean) {
  const middleware = closeGentlyAfterEarlyAnswers({ maxMs: 5_000, idleMs: 1_000 });
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    req.once("data", () => {
      req.pause();
      res.writeHead(413, { "Content-Type": "application/json", Connection: "close" }).end('{"error":{"code":"event_too_large"}}');
    });
  };
  server = createServer((req, res) => (withMiddleware ? middleware(req, res, () => handle(req, res)) : handle(req, res)));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A client that sends its whole body, a little at a time, before it reads anything: it sees the answer only if the server lets it finish. */
async function sendThenRead(port: number, bytes: number) {
  const socket = net.connect(port, "127.0.0.1");
  socket.pause();
  let writeError: string | null = null;
  socket.on("error", (error: NodeJS.ErrnoException) => {
    writeError ??= error.code ?? error.message;
  });
  socket.write(`POST /api HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  for (let sent = 0; sent < bytes && !writeError; sent += chunk.byteLength) {
    socket.write(chunk.subarray(0, Math.min(chunk.byteLength, bytes - sent)));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  let received = "";
  socket.on("data", (data: Buffer) => (received += data.toString("latin1")));
  socket.resume();
  await new Promise((resolve) => {
    socket.once("close", resolve);
    setTimeout(resolve, 3_000);
  });
  return { writeError, statusLine: received.split("\r\n")[0] ?? "", received };
}

describe("answers sent before the body was read", () => {
  it("reach a client that reads only after sending everything, and the connection closes after", async () => {
    const port = await refusingServer(true);
    const { writeError, statusLine, received } = await sendThenRead(port, 8 * 1024 * 1024);
    expect(writeError).toBeNull();
    expect(statusLine).toBe("HTTP/1.1 413 Payload Too Large");
    expect(received).toContain("event_too_large");
    expect(received.toLowerCase()).toContain("connection: close");
  });

  it("were lost to a reset without it", async () => {
    const port = await refusingServer(false);
    const { writeError, statusLine } = await sendThenRead(port, 8 * 1024 * 1024);
    expect(writeError).not.toBeNull();
    expect(statusLine).toBe("");
  });

  it("close the connection also when the answer itself did not ask to", async () => {
    const middleware = closeGentlyAfterEarlyAnswers();
    server = createServer((req, res) => middleware(req, res, () => res.writeHead(401).end("no")));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { statusLine, received } = await sendThenRead((server.address() as AddressInfo).port, 2 * 1024 * 1024);
    expect(statusLine).toBe("HTTP/1.1 401 Unauthorized");
    expect(received.toLowerCase()).toContain("connection: close");
  });

  it("leave connections of requests that were read in full alone", async () => {
    const middleware = closeGentlyAfterEarlyAnswers();
    server = createServer((req, res) => middleware(req, res, () => req.resume().once("end", () => res.end("ok"))));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const first = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "x".repeat(100_000) });
    expect(first.headers.get("connection")).toBe("keep-alive");
    expect(await first.text()).toBe("ok");
  });
});
