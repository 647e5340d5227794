import { describe, expect, it } from "vitest";
import { loggablePath } from "./http.server";
import { readableLine } from "./logger.server";
import { requestIdFrom } from "./request-context.server";

describe("request ids", () => {
  it("keeps a plausible incoming X-Request-Id and replaces anything else", () => {
    expect(requestIdFrom("lb-7f3a:42")).toBe("lb-7f3a:42");
    expect(requestIdFrom("0af7651916cd43dd8448eb211c80319c")).toBe("0af7651916cd43dd8448eb211c80319c");
    for (const bad of [null, "", "with space", "new\nline", "x".repeat(129), "<script>"]) expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the path a log line shows", () => {
  it("keeps the query for reading but never a secret in it", () => {
    expect(loggablePath("/reset-password?token=abc123&lang=de")).toBe("/reset-password?token=[redacted]&lang=de");
    expect(loggablePath("/api/v1/calls?api_key=vb_live_secret")).toBe("/api/v1/calls?api_key=[redacted]");
    expect(loggablePath("/recordings?q=M%C3%BCller&sort=from")).toBe("/recordings?q=Müller&sort=from");
    expect(loggablePath("/x?Password=1&signature=2&code=3")).toBe("/x?Password=[redacted]&signature=[redacted]&code=[redacted]");
  });
});

describe("development log lines", () => {
  it("read as time, level, message and fields", () => {
    const line = readableLine(JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 9, 30, 5, 120), pid: 1, msg: "request", requestId: "r1", status: 200 }));
    expect(line).toBe("09:30:05.120 INFO  request  requestId=r1 status=200\n");
  });
});
