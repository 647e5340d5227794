import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { freePort } from "./throwaway-postgres";

/**
 * An S3-compatible server on loopback for the tests (@20minutes/s3rver: real
 * HTTP, real signatures checked, objects in a temporary folder), so the app's
 * S3 store is exercised through the AWS SDK as it is against any other store.
 */
export const S3_TEST_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

export interface TestS3Server {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3Server(buckets: string[] = []): Promise<TestS3Server> {
  const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as new (options: Record<string, unknown>) => S3rverInstance;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-s3-"));
  const port = await freePort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    directory,
    silent: process.env.S3RVER_VERBOSE !== "1",
    configureBuckets: buckets.map((name) => ({ name })),
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
