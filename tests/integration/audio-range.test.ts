import { beforeAll, describe, expect, it } from "vitest";
import * as audioRoute from "~/routes/_files+/recordings.$id.audio";
import { loadContext, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, settle } from "../support/app";
import { getStorage } from "~/lib/storage/storage.server";
import { attachAudio, insertCall, makeWav, ownerOfOtherTenant, tenantIdOf } from "../support/recording-fixtures";
import { isStored } from "../support/stored-files";

beforeAll(prepareTestDatabase);

const WAV = makeWav(1000); // 2,044 bytes
const SIZE = WAV.byteLength;

let owner: string;
let agent: string;
let otherOwner: string;
let callId: string;
let objectKey: string;

beforeAll(async () => {
  owner = await sessionCookieFor("owner@demo.test");
  agent = await sessionCookieFor("agent@demo.test");
  otherOwner = (await ownerOfOtherTenant()).cookie;
  const tenantId = await tenantIdOf("owner@demo.test");
  callId = await insertCall(tenantId);
  ({ objectKey } = await attachAudio(tenantId, callId, WAV));
});

async function fetchAudio(
  id: string,
  { cookie, range, method, query = "", headers = {} }: { cookie?: string; range?: string; method?: string; query?: string; headers?: Record<string, string> },
) {
  const request = makeRequest(`/recordings/${id}/audio${query}`, { cookie, method, headers: { ...headers, ...(range ? { Range: range } : {}) } });
  const result = await settle(() => audioRoute.loader({ request, params: { id }, context: loadContext() }));
  if (!(result instanceof Response)) throw new Error("the audio route must answer with a Response");
  return result;
}

async function bodyOf(response: Response) {
  return new Uint8Array(await response.arrayBuffer());
}

describe("GET /recordings/<id>/audio", () => {
  it("sends the whole file with 200 when no range is asked for", async () => {
    const response = await fetchAudio(callId, { cookie: owner });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("audio/wav");
    expect(response.headers.get("Content-Length")).toBe(String(SIZE));
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toContain("no-cache");
    expect(response.headers.get("Cache-Control")).toContain("private");
    expect(response.headers.get("Content-Range")).toBeNull();
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(await bodyOf(response)).toEqual(WAV);
  });

  it("sends bytes=0-99 with 206 and Content-Range", async () => {
    const response = await fetchAudio(callId, { cookie: owner, range: "bytes=0-99" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes 0-99/${SIZE}`);
    expect(response.headers.get("Content-Length")).toBe("100");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await bodyOf(response)).toEqual(WAV.slice(0, 100));
  });

  it("sends an open-ended range bytes=100- to the end", async () => {
    const response = await fetchAudio(callId, { cookie: owner, range: "bytes=100-" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes 100-${SIZE - 1}/${SIZE}`);
    expect(response.headers.get("Content-Length")).toBe(String(SIZE - 100));
    expect(await bodyOf(response)).toEqual(WAV.slice(100));
  });

  it("sends a suffix range bytes=-50 as the last 50 bytes", async () => {
    const response = await fetchAudio(callId, { cookie: owner, range: "bytes=-50" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes ${SIZE - 50}-${SIZE - 1}/${SIZE}`);
    expect(response.headers.get("Content-Length")).toBe("50");
    expect(await bodyOf(response)).toEqual(WAV.slice(SIZE - 50));
  });

  it("clamps a range that runs past the end", async () => {
    const response = await fetchAudio(callId, { cookie: owner, range: `bytes=${SIZE - 10}-${SIZE + 500}` });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes ${SIZE - 10}-${SIZE - 1}/${SIZE}`);
    expect(await bodyOf(response)).toEqual(WAV.slice(SIZE - 10));
  });

  it("answers 416 with bytes */size for a range beyond the file", async () => {
    const response = await fetchAudio(callId, { cookie: owner, range: `bytes=${SIZE}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe(`bytes */${SIZE}`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const far = await fetchAudio(callId, { cookie: owner, range: "bytes=999999-1000000" });
    expect(far.status).toBe(416);
  });

  it("ignores a malformed Range header and sends the whole file", async () => {
    for (const range of ["bytes=abc", "bytes=50-10", "items=0-10", "bytes="]) {
      const response = await fetchAudio(callId, { cookie: owner, range });
      expect(response.status, range).toBe(200);
      expect(await bodyOf(response)).toEqual(WAV);
    }
  });

  it("serves several ranges as the whole file with 200", async () => {
    const response = await fetchAudio(callId, { cookie: owner, range: "bytes=0-9,20-29" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe(String(SIZE));
    expect(await bodyOf(response)).toEqual(WAV);
  });

  it("answers HEAD with the headers of GET and no body, for whole files and ranges", async () => {
    const whole = await fetchAudio(callId, { cookie: owner, method: "HEAD" });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe(String(SIZE));
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(whole.body).toBeNull();
    const part = await fetchAudio(callId, { cookie: owner, method: "HEAD", range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 0-99/${SIZE}`);
    expect(part.body).toBeNull();
  });

  it("offers the file as a download with ?download=1", async () => {
    const response = await fetchAudio(callId, { cookie: owner, query: "?download=1" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="recording-[\w-]+\.wav"$/);
    await response.body?.cancel();
  });

  it("revalidates with the ETag and honours If-Range", async () => {
    const first = await fetchAudio(callId, { cookie: owner });
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.body?.cancel();
    const unchanged = await fetchAudio(callId, { cookie: owner, headers: { "If-None-Match": etag } });
    expect(unchanged.status).toBe(304);
    const sameFile = await fetchAudio(callId, { cookie: owner, range: "bytes=0-9", headers: { "If-Range": etag } });
    expect(sameFile.status).toBe(206);
    await sameFile.body?.cancel();
    const otherFile = await fetchAudio(callId, { cookie: owner, range: "bytes=0-9", headers: { "If-Range": '"something-else"' } });
    expect(otherFile.status).toBe(200);
    expect(await bodyOf(otherFile)).toEqual(WAV);
  });

  it("lets a read-only agent of the tenant listen", async () => {
    const response = await fetchAudio(callId, { cookie: agent, range: "bytes=0-99" });
    expect(response.status).toBe(206);
    expect(await bodyOf(response)).toEqual(WAV.slice(0, 100));
  });

  it("is a 404 for another tenant, on every request including ranges and HEAD", async () => {
    for (const options of [{}, { range: "bytes=0-99" }, { method: "HEAD" }, { query: "?download=1" }]) {
      const response = await fetchAudio(callId, { cookie: otherOwner, ...options });
      expect(response.status, JSON.stringify(options)).toBe(404);
      expect(response.headers.get("Content-Range")).toBeNull();
    }
  });

  it("is a 404 for an unknown call and for a call without stored audio", async () => {
    expect((await fetchAudio("no-such-call", { cookie: owner })).status).toBe(404);
    const silent = await insertCall(await tenantIdOf("owner@demo.test"));
    expect((await fetchAudio(silent, { cookie: owner })).status).toBe(404);
    expect((await fetchAudio(silent, { cookie: owner, range: "bytes=0-1" })).status).toBe(404);
  });

  it("is a 404 when the stored file has gone from the store", async () => {
    const tenantId = await tenantIdOf("owner@demo.test");
    const id = await insertCall(tenantId);
    const stored = await attachAudio(tenantId, id);
    await getStorage().delete(stored.objectKey);
    expect((await fetchAudio(id, { cookie: owner })).status).toBe(404);
  });

  it("sends a signed-out request to the login page", async () => {
    const response = await fetchAudio(callId, {});
    expect(response.status).toBe(302);
    expect(redirectLocation(response)).toMatch(/^\/login\?redirectTo=/);
  });

  it("keeps the file it streams in the store", async () => {
    expect(await isStored(objectKey)).toBe(true);
  });
});
