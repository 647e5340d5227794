import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalObjectStorage } from "~/lib/storage/local-storage.server";
import { readAll, type ObjectStorage } from "~/lib/storage/object-storage";
import { S3ObjectStorage, type S3Settings } from "~/lib/storage/s3-storage.server";
import { S3_TEST_KEYS, startS3Server, type TestS3Server } from "../support/s3-server";

/**
 * The two stores behind ~/lib/storage, held to one contract: the local disk,
 * and S3 through the AWS SDK against an S3-compatible server on loopback
 * (real HTTP and signatures, not a mock of the SDK).
 */
let s3: TestS3Server;
let folder: string;
const stores: Record<string, () => ObjectStorage> = {};
let settings: S3Settings;

beforeAll(async () => {
  s3 = await startS3Server(["contract"]);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-storage-"));
  settings = { bucket: "contract", endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, ...S3_TEST_KEYS };
  stores.local = () => new LocalObjectStorage(folder);
  stores.s3 = () => new S3ObjectStorage(settings);
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const text = (value: string) => new TextEncoder().encode(value);
const readText = async (stream: ReadableStream<Uint8Array> | null) => (stream ? (await readAll(stream)).toString("utf8") : null);

describe.each(["local", "s3"])("the %s store", (kind) => {
  const store = () => stores[kind]!();

  it("keeps bytes under a key and reads them whole or by an inclusive byte range", async () => {
    await store().putBytes("audio/tenant-a/call-1.wav", text("0123456789"));
    expect(await store().size("audio/tenant-a/call-1.wav")).toBe(10);
    expect(await readText(await store().read("audio/tenant-a/call-1.wav"))).toBe("0123456789");
    expect(await readText(await store().read("audio/tenant-a/call-1.wav", { start: 2, end: 5 }))).toBe("2345");
    expect(await readText(await store().read("audio/tenant-a/call-1.wav", { start: 9, end: 9 }))).toBe("9");
  });

  it("answers null for a key it does not have, and deleting one is not an error", async () => {
    expect(await store().size("audio/tenant-a/missing.wav")).toBeNull();
    expect(await store().read("audio/tenant-a/missing.wav")).toBeNull();
    await store().delete("audio/tenant-a/missing.wav");
    await store().putBytes("audio/tenant-a/gone.wav", text("x"));
    await store().delete("audio/tenant-a/gone.wav");
    expect(await store().size("audio/tenant-a/gone.wav")).toBeNull();
  });

  it("moves a local file in, streaming it, and the local file is gone", async () => {
    const local = path.join(folder, `upload-${kind}.tmp`);
    const big = "name,phone\n" + "Ann,+4930123456\n".repeat(50_000);
    fs.writeFileSync(local, big);
    await store().moveFileIn(`imports/${kind}-file.csv`, local, "text/csv");
    expect(fs.existsSync(local)).toBe(false);
    expect(await store().size(`imports/${kind}-file.csv`)).toBe(Buffer.byteLength(big));
    expect(await readText(await store().read(`imports/${kind}-file.csv`))).toBe(big);
  });

  it("lists what is under a folder, with size and time", async () => {
    await store().putBytes("lists/a/one.txt", text("1"));
    await store().putBytes("lists/a/two.txt", text("22"));
    await store().putBytes("lists/b/three.txt", text("333"));
    const listed = [];
    for await (const object of store().list("lists/a/")) listed.push(object);
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: "lists/a/one.txt", size: 1 },
      { key: "lists/a/two.txt", size: 2 },
    ]);
    for (const object of listed) expect(Date.now() - object.lastModified.getTime()).toBeLessThan(60_000);
  });

  it("refuses keys that could reach outside their place, before the store sees them", async () => {
    for (const key of ["../etc/passwd", "audio/../../x", "audio//x", "audio/.hidden", "single", "audio/a\\b", "/audio/x"]) {
      await expect(store().putBytes(key, text("x")), key).rejects.toThrow(/not an object key/);
      await expect(store().read(key), key).rejects.toThrow(/not an object key/);
    }
  });

  it("passes its readiness check", async () => {
    await expect(store().check()).resolves.toBeUndefined();
  });
});

describe("the S3 store's readiness check", () => {
  it("names the setting at fault in one line: a missing bucket, refused keys, an unreachable endpoint", async () => {
    const failure = async (overrides: Partial<S3Settings>) => {
      try {
        await new S3ObjectStorage({ ...settings, ...overrides }).check();
        return "passed";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(await failure({ bucket: "no-such-bucket" })).toBe(`S3_BUCKET: the bucket "no-such-bucket" does not exist at ${s3.endpoint}`);
    expect(await failure({ secretAccessKey: "wrong" })).toBe(
      `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: the store at ${s3.endpoint} refuses these keys for bucket "contract"`,
    );
    const unreachable = await failure({ endpoint: "http://127.0.0.1:9" });
    expect(unreachable).toMatch(/^S3_ENDPOINT: cannot reach the store at http:\/\/127\.0\.0\.1:9 for bucket "contract" \(.+\)$/);
    for (const message of [unreachable]) expect(message).not.toContain("\n");
  }, 60_000);
});
