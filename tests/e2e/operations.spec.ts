import { expect, test } from "@playwright/test";
import { S3_TEST_KEYS, startS3Server } from "../support/s3-server";
import { freePort } from "../support/throwaway-postgres";
import { runUntilExit, startAppServer, tempDir, type AppServer } from "./app-servers";
import { DEMO_PASSWORD } from "./support";

/**
 * What an operator of several app servers relies on, against the production
 * build: a request id on every response and log line, JSON request logs with
 * tenant and user, /metrics behind a token, /readyz, and a one-line refusal
 * to start on a bad database or bucket setting. Server processes only: the
 * no-JavaScript project has nothing to add here.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-level checks, run once");
test.describe.configure({ mode: "serial" });

const TOKEN = "metrics-token-for-the-e2e-run";
let server: AppServer;

test.beforeAll(async () => {
  const dataDir = tempDir("ops");
  server = await startAppServer(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/voxboard.db`,
    SEED_DEMO: "1",
    METRICS_TOKEN: TOKEN,
    JOB_RUNNER: "0",
  });
});
test.afterAll(async () => {
  await server?.kill();
});

test("every response carries a request id: the caller's when it sent a plausible one, else a new one", async ({ request }) => {
  const kept = await request.get(`${server.url}/login`, { headers: { "X-Request-Id": "edge-7f3a-42" } });
  expect(kept.headers()["x-request-id"]).toBe("edge-7f3a-42");
  const made = await request.get(`${server.url}/login`, { headers: { "X-Request-Id": "not a valid id" } });
  expect(made.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});

test("public files are served with their hour-long cache; a page's path never reaches the disk lookup and still renders", async ({ request }) => {
  for (const file of ["/favicon.svg", "/user.png", "/integrations/custom.svg"]) {
    const response = await request.get(`${server.url}${file}`);
    expect(response.status(), file).toBe(200);
    expect(response.headers()["cache-control"], file).toBe("public, max-age=3600");
  }
  expect((await request.get(`${server.url}/no-such-file.svg`)).status()).toBe(404);
  const login = await request.get(`${server.url}/login`);
  expect(login.status()).toBe(200);
  expect(login.headers()["content-type"]).toContain("text/html");
});

test("one JSON line per request, with id, method, path without secrets, status, duration, tenant and user", async ({ request }) => {
  await request.get(`${server.url}/reset-password?token=very-secret-token`, { headers: { "X-Request-Id": "reset-1" } });
  const login = await request.post(`${server.url}/login`, {
    form: { email: "owner@demo.test", password: DEMO_PASSWORD },
    headers: { Origin: server.url },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  await request.get(`${server.url}/recordings?q=renewal`, { headers: { "X-Request-Id": "signed-in-1" } });
  await expect.poll(() => server.logRecords().some((record) => record.requestId === "signed-in-1")).toBe(true);

  const reset = server.logRecords().find((record) => record.requestId === "reset-1" && record.msg === "request")!;
  expect(reset).toMatchObject({ method: "GET", path: "/reset-password?token=[redacted]", route: "/reset-password", status: 200 });
  expect(JSON.stringify(server.logRecords())).not.toContain("very-secret-token");
  const signedIn = server.logRecords().find((record) => record.requestId === "signed-in-1" && record.msg === "request")!;
  expect(signedIn).toMatchObject({ method: "GET", path: "/recordings?q=renewal", route: "/recordings", status: 200 });
  expect(signedIn.tenantId).toEqual(expect.any(String));
  expect(signedIn.userId).toEqual(expect.any(String));
  expect(signedIn.durationMs).toEqual(expect.any(Number));
});

test("/metrics answers only with the token, in Prometheus' format, per route pattern", async ({ request }) => {
  expect((await request.get(`${server.url}/metrics`)).status()).toBe(401);
  expect((await request.get(`${server.url}/metrics`, { headers: { Authorization: "Bearer wrong-token-wrong-token" } })).status()).toBe(401);
  const metrics = await request.get(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(metrics.status()).toBe(200);
  const text = await metrics.text();
  expect(text).toMatch(/voxboard_http_requests_total\{method="GET",route="\/login",status="200"\} \d+/);
  expect(text).toMatch(/voxboard_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/recordings"\} \d+/);
  expect(text).toMatch(/voxboard_db_query_duration_seconds_count\{statement="select"\} \d+/);
  expect(text).toContain("voxboard_db_pool_connections");
  expect(text).toContain("voxboard_job_runner_queue_depth");
  expect(text).toContain("voxboard_campaign_dispatches_total");
  expect(text).toContain("voxboard_contact_import_runs_total");
  expect(text).toMatch(/process_resident_memory_bytes \d+/);
});

test("/readyz checks the database and the store; /healthz stays a liveness check", async ({ request }) => {
  const ready = await request.get(`${server.url}/readyz`);
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", storage: "ok" } });
  expect((await request.get(`${server.url}/healthz`)).status()).toBe(200);
});

test("a wrong database or bucket setting stops the server with one line naming it", async () => {
  // Several server starts one after another: 19 s on a quiet 2-core runner, past 30 s on a busy one (CI, 2026-11-28).
  test.slow();
  const dataDir = tempDir("refuse");
  const s3 = await startS3Server(["present"]);
  try {
    const refusals: Array<[Record<string, string>, string]> = [
      [
        { DATABASE_URL: "postgres://voxboard@127.0.0.1:1/voxboard" },
        "Voxboard cannot start: DATABASE_URL: no PostgreSQL answers at 127.0.0.1:1/voxboard (ECONNREFUSED)",
      ],
      [{ DATABASE_URL: "mysql://nope" }, "DATABASE_URL: must be a SQLite location"],
      [
        {
          S3_BUCKET: "absent",
          S3_ENDPOINT: s3.endpoint,
          S3_FORCE_PATH_STYLE: "1",
          S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
        },
        `Voxboard cannot start: S3_BUCKET: the bucket "absent" does not exist at ${s3.endpoint}`,
      ],
      [
        { S3_BUCKET: "present", S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: "1", S3_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: "wrong" },
        `Voxboard cannot start: S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: the store at ${s3.endpoint} refuses these keys for bucket "present"`,
      ],
    ];
    for (const [env, line] of refusals) {
      const { code, output } = await runUntilExit({
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${dataDir}/voxboard.db`,
        JOB_RUNNER: "0",
        PORT: String(await freePort()),
        ...env,
      });
      expect(code, line).toBe(1);
      expect(output, line).toContain(line);
      // A clear line, not a stack trace.
      expect(output, line).not.toMatch(/\n\s+at /);
    }
  } finally {
    await s3.stop();
  }
});
