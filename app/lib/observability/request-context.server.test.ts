import { describe, expect, it } from "vitest";
import { requestMemo, runWithContext } from "./request-context.server";

describe("requestMemo", () => {
  it("shares one read among the loaders of a GET request, by key", async () => {
    let reads = 0;
    const read = () => requestMemo("gate\0cookie-a", async () => ++reads);
    const results = await runWithContext({ requestId: "r1", readOnly: true }, () => Promise.all([read(), read(), read()]));
    expect(results).toEqual([1, 1, 1]);
    expect(await runWithContext({ requestId: "r1", readOnly: true }, () => requestMemo("gate\0cookie-b", async () => ++reads))).toBe(2);
  });

  it("reads again in the next request", async () => {
    let reads = 0;
    await runWithContext({ requestId: "r1", readOnly: true }, () => requestMemo("k", async () => ++reads));
    expect(await runWithContext({ requestId: "r2", readOnly: true }, () => requestMemo("k", async () => ++reads))).toBe(2);
  });

  it("reads every time in a request that runs an action, and outside any request", async () => {
    let reads = 0;
    const read = () => requestMemo("k", async () => ++reads);
    expect(await runWithContext({ requestId: "post" }, () => Promise.all([read(), read()]))).toEqual([1, 2]);
    expect(await read()).toBe(3);
  });
});
