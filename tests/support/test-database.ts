import fs from "node:fs";
import type { S3Client } from "@aws-sdk/client-s3";

/**
 * Whether a test file prepares its database the usual way, and so starts
 * from a copy of the run's prepared template (tests/setup/test-env.ts,
 * docs/decisions/0047-test-databases-from-a-template.md). Decided from the
 * file's text before any of its modules load, because a module may keep the
 * connection it opens at import (billing-charges.test.ts's provider does),
 * and a database replaced under it would be another one. A file that fakes
 * the clock before seeding, or wants an empty migrated database, does not
 * call prepareTestDatabase() and gets a fresh one.
 */
export function usesPreparedDatabase(testPath: string | undefined) {
  if (!testPath || !fs.existsSync(testPath)) return false;
  return /\bprepareTestDatabase\b(?!AtFakedClock)/.test(fs.readFileSync(testPath, "utf8"));
}

/** The template's stored files (the demo calls' audio) into this file's bucket, a few copies at a time. */
export async function copyTemplateBucket(client: S3Client, from: string, to: string) {
  const { ListObjectsV2Command, CopyObjectCommand } = await import("@aws-sdk/client-s3");
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: from, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.NextContinuationToken;
  } while (token);
  let next = 0;
  const copyNext = async () => {
    for (let index = next++; index < keys.length; index = next++) {
      const key = keys[index]!;
      await client.send(new CopyObjectCommand({ Bucket: to, Key: key, CopySource: `${from}/${key.split("/").map(encodeURIComponent).join("/")}` }));
    }
  };
  await Promise.all(Array.from({ length: 8 }, copyNext));
}
