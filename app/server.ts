/**
 * The production server. remix.config.js (`server`) bundles this file with the
 * app into build/index.js, so the routes and this server share one database
 * handle. See docs/decisions/0001-remix-classic-compiler.md.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import * as build from "@remix-run/dev/server-build";
import compression from "compression";
import express from "express";
import { resolveEnv } from "./config/env.server";
import { checkDatabase, closeDb, databaseConnections, isDatabaseHealthy } from "./db/db.server";
import { prepareDatabase, DEMO_PASSWORD, DEMO_USERS } from "./seed/seed.server";
import { purgeExpiredSessions } from "./features/auth/session.server";
import { startAudioFetchSweep } from "./features/calls/audio-fetch.server";
import { ensureImportHousekeeping } from "./features/contact-import/import-runner.server";
import { isUsingOutbox } from "./lib/email/mailer.server";
import { startJobRunner, stopJobRunner } from "./features/jobs/job-runner.server";
import { reconcilePendingCharges } from "./features/billing/charges.server";
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from "./lib/security/headers";
import { cookiesMustBeSecure, secureEveryCookie } from "./lib/security/secure-cookies.server";
import { isForeignOriginRequest } from "./lib/security/same-origin";
import { isPublicPath } from "./features/access/public-paths";
import { closeGentlyAfterEarlyAnswers } from "./lib/http/early-answer.server";
import { namespaceFileReply } from "./i18n/namespace-files.server";
import { servePrecompressed } from "./lib/http/precompressed-static.server";
import { refuseUndecodablePaths } from "./lib/http/undecodable-path.server";
import { ensureSecretsKey } from "./lib/security/secrets.server";
import { renderQueue } from "./lib/http/render-queue.server";
import { metricsHandler, observeRequests, readinessHandler } from "./lib/observability/http.server";
import { getLogger, routeConsoleToLogger } from "./lib/observability/logger.server";
import { poolConnections } from "./lib/observability/metrics.server";
import { routePatternMatcher } from "./lib/observability/route-pattern.server";
import { getStorage } from "./lib/storage/storage.server";
import { registerSubscriptions } from "./subscriptions.server";

/** A reason not to start, as one line on stderr (whatever the log format), then exit. */
function refuseToStart(reason: string): never {
  process.stderr.write(`Voxboard cannot start: ${reason}\n`);
  process.exit(1);
}

async function main() {
  let env: ReturnType<typeof resolveEnv>;
  try {
    env = resolveEnv();
  } catch (error) {
    refuseToStart(error instanceof Error ? error.message : String(error));
  }
  routeConsoleToLogger();
  // Domain-event subscribers before anything can change a call, contact or appointment (docs/decisions/0028-domain-events.md).
  registerSubscriptions();

  // Both stores answer, or the server says which setting is wrong and does not start.
  await checkDatabase().catch((error: Error) => refuseToStart(error.message));
  await getStorage()
    .check()
    .catch((error: Error) => refuseToStart(error.message));

  const { applied, seeded } = await prepareDatabase();
  // Without SECRETS_KEY (development, the Quick start): a random key of the data folder's own, made now (issue 22, item 6).
  const secretsKeyPath = ensureSecretsKey();
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  const app = express();
  app.disable("x-powered-by");
  // Before everything else: the request id, the log line and the metrics cover every response, static files included.
  app.use(observeRequests(routePatternMatcher(build.routes)));
  app.use(refuseUndecodablePaths());
  if (env.TRUST_PROXY) app.set("trust proxy", true);
  // A 413 (or any answer) sent before the body was read must reach the client, not a connection reset.
  app.use(closeGentlyAfterEarlyAnswers());
  // Build assets and translation files are compressed once, ahead of time; only rendered pages and data are compressed per response.
  app.use(
    compression({
      filter: (req, res) => !req.path.startsWith("/build/") && !req.path.startsWith("/locales/") && compression.filter(req, res),
      // A page is at most a few hundred KiB: a 256 KiB brotli window compresses it as well as the default 4 MiB one,
      // and fifty responses under way at once then hold a few MiB of compressor state instead of hundreds.
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
      windowBits: 15,
      memLevel: 8,
    }),
  );

  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
    // The support chat's origin only where its button is: the public pages (docs/product/behaviour.md#support-chat).
    const supportChatOrigin = env.supportChat && isPublicPath(req.path) ? env.supportChat.origin : null;
    // The single sign-on provider only where its button is (docs/product/single-sign-on.md): the issuer's origin, which serves its authorization endpoint.
    const ssoOrigin = env.oidc && req.path === "/login" ? new URL(env.oidc.issuerUrl).origin : null;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.cspNonce as string, { supportChatOrigin, ssoOrigin }));
    if (env.appUrl.startsWith("https://")) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (cookiesMustBeSecure({ appUrl: env.appUrl, trustProxy: env.TRUST_PROXY, forwardedProto: req.get("x-forwarded-proto") })) secureEveryCookie(res);
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const healthy = await isDatabaseHealthy();
    res
      .status(healthy ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: healthy ? "ok" : "database unavailable" });
  });
  app.get(
    "/readyz",
    readinessHandler([
      { name: "database", check: () => checkDatabase() },
      { name: "storage", check: () => getStorage().check() },
    ]),
  );
  const samplePool = () => {
    const connections = databaseConnections();
    poolConnections.set({ state: "total" }, connections.total);
    poolConnections.set({ state: "idle" }, connections.idle);
    poolConnections.set({ state: "waiting" }, connections.waiting);
  };
  if (env.METRICS_TOKEN) app.get("/metrics", metricsHandler({ token: env.METRICS_TOKEN, beforeCollect: samplePool }));

  // Fingerprinted build assets never change under the same name.
  // Assets sit beside the server bundle (<root>/build/index.js → <root>/public/build), wherever it was built.
  const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "build");
  app.use("/build", servePrecompressed(assetsDir), express.static(assetsDir, { immutable: true, maxAge: "1y", index: false }));
  app.get("/locales/:language/:file", (req, res) => {
    const reply = namespaceFileReply(req.params.language, req.params.file, req.get("accept-encoding"));
    res.status(reply.status).set(reply.headers).end(reply.body);
  });
  // public/ holds files with an extension only (favicon.svg, user.png, integrations/*.svg): a page's path skips the disk lookup
  // that express.static would make for it on every request (0.1–0.3 ms of a page's CPU in the issue 27 profile).
  const publicFiles = express.static(path.resolve("public"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  app.use((req, res, next) => {
    // The JSON API authenticates with bearer API keys and webhooks with their signatures, never cookies, so another site's page gains nothing by posting to them.
    if (req.path.startsWith("/api/v1/") || req.path.startsWith("/webhooks/")) return next();
    const expectedOrigin = `${req.protocol}://${req.get("host")}`;
    if (isForeignOriginRequest({ method: req.method, origin: req.get("origin") ?? null, secFetchSite: req.get("sec-fetch-site") ?? null, expectedOrigin })) {
      res.status(403).type("text/plain").send("Cross-site request refused / Seitenübergreifende Anfrage abgelehnt");
      return;
    }
    next();
  });

  app.use(renderQueue(env.MAX_CONCURRENT_RENDERS));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: build.mode,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
    }),
  );

  // Metrics on a port of their own, for a scraper on an internal network: nothing else is served there.
  const metricsServer = env.METRICS_PORT
    ? express()
        .get("/metrics", metricsHandler({ beforeCollect: samplePool }))
        .listen(env.METRICS_PORT, env.HOST, () => getLogger().info(`Metrics on port ${env.METRICS_PORT}`))
    : null;

  const server = app.listen(env.PORT, env.HOST, () => {
    getLogger().info({ database: env.postgresUrl ? "postgresql" : "sqlite", storage: getStorage().kind }, `Voxboard is listening on ${env.appUrl}`);
    if (seeded) {
      console.log(`Demo data created. Sign in with any of these (password ${DEMO_PASSWORD}):`);
      for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(18)} ${user.role}`);
    }
    if (isUsingOutbox()) console.log(`No SMTP_URL set: emails are written to ${env.outboxDir}`);
    if (secretsKeyPath)
      console.log(`No SECRETS_KEY set: stored CRM and Cal.com secrets are sealed with the key in ${secretsKeyPath}; keep it with the database`);
    if (env.usesDevelopmentSecret)
      console.warn("No SESSION_SECRET set: using a development secret. Set one (openssl rand -hex 32) before anyone else can reach this server.");
  });

  const housekeeping = setInterval(() => void purgeExpiredSessions().catch(() => undefined), 10 * 60_000);
  housekeeping.unref();
  // Call audio given as a URL: fetched now for calls left pending by a previous run, then every minute.
  startAudioFetchSweep();
  // Scheduled and recurring campaigns; runs a previous process left behind are picked up on the first tick.
  if (env.JOB_RUNNER) startJobRunner();
  // Charges a previous process left between "provider asked" and "booked": settled from the provider's records (and again by every job-runner pass).
  void reconcilePendingCharges().catch((error: unknown) => getLogger().error({ err: error }, "Reconciling pending charges failed"));
  // Contact imports a stopped server left "importing" are marked failed (and can be retried); day-old uploads are removed.
  ensureImportHousekeeping();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests, then closing the database`);
    clearInterval(housekeeping);
    metricsServer?.close();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // The batch under way finishes and the runner's leases are released while open requests finish.
    const runnerStopped = stopJobRunner().catch((error: unknown) => console.error("Job runner did not stop cleanly:", error));
    server.close(() => {
      void runnerStopped.finally(() => closeDb()).finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** The app without the HTTP server: `npm run bench:pages` renders pages in-process with it to measure CPU per render. */
export const serverBuild = build;

// Importing the bundle for its build (the benchmark) must not start a server.
if (process.env.VOXBOARD_IMPORT_ONLY !== "1") {
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
