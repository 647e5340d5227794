/**
 * Prepares the run's template database (database-template.ts) in a process
 * of its own, as the server would at its first start: `tsx` runs it with the
 * environment the template is made in. Kept out of vitest's main process,
 * whose module loader is not the one the app runs under (the AWS SDK loaded
 * there signed requests the S3 test server refused).
 */
import { closeDb } from "~/db/db.server";
import { prepareDatabase } from "~/seed/seed.server";
import { registerSubscriptions } from "~/subscriptions.server";

if (process.env.S3_BUCKET) {
  // The PostgreSQL pass keeps stored files in the S3 test server (postgres-global.ts): the template's bucket first.
  const { S3Client, CreateBucketCommand } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: process.env.S3_REGION,
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: process.env.S3_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY! },
  });
  await client.send(new CreateBucketCommand({ Bucket: process.env.S3_BUCKET }));
  client.destroy();
}

// The demo's top-ups issue invoices, which announce invoice.paid (app/lib/events): the subscribers first, as the server does.
registerSubscriptions();

try {
  const { seeded } = await prepareDatabase();
  if (!seeded) throw new Error("the template database was not seeded: it must be made empty, with the test environment");
} finally {
  await closeDb();
}
// The S3 store's keep-alive sockets would hold the process open, and the run waits for it (spawnSync).
process.exit(0);
