import type { RequestHandler } from "express";
import { getLogger } from "./logger.server";
import { httpDuration, httpRequests, registry } from "./metrics.server";
import { requestIdFrom, runWithContext, type WorkContext } from "./request-context.server";

/** Query parameters whose values never reach a log: tokens in links, keys, passwords. */
const SECRET_PARAM = /token|key|secret|password|signature|code|session|auth/i;

/** The path as logged: the query string kept for reading, its secrets replaced. */
export function loggablePath(url: string) {
  const parsed = new URL(url, "http://x");
  for (const name of [...new Set(parsed.searchParams.keys())]) if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, "[redacted]");
  const query = [...parsed.searchParams].map(([name, value]) => `${name}=${value}`).join("&");
  return `${parsed.pathname}${query ? `?${query}` : ""}`;
}

/**
 * First of the middleware: gives the request its id (X-Request-Id, kept when
 * the caller sent a plausible one, returned either way), runs everything
 * after it in that context, and when the response is done writes one log line
 * (method, path, status, duration, tenant, user) and counts it for /metrics
 * under its route pattern.
 */
export function observeRequests(routePatternOf: (pathname: string) => string): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const context: WorkContext = {
      requestId: requestIdFrom(req.get("x-request-id")),
      ip: req.ip ?? req.socket.remoteAddress,
      readOnly: req.method === "GET" || req.method === "HEAD",
    };
    res.setHeader("X-Request-Id", context.requestId);
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routePatternOf(req.path);
      httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      httpDuration.observe({ method: req.method, route }, seconds);
      runWithContext(context, () =>
        getLogger().info(
          { method: req.method, path: loggablePath(req.originalUrl), route, status: res.statusCode, durationMs: Math.round(seconds * 10_000) / 10 },
          "request",
        ),
      );
    });
    runWithContext(context, () => next());
  };
}

/** /metrics in Prometheus' text format; with a token, only for requests that carry it. */
export function metricsHandler({ token, beforeCollect }: { token?: string; beforeCollect?: () => void }): RequestHandler {
  return async (req, res) => {
    if (token && req.get("authorization") !== `Bearer ${token}`) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
      return;
    }
    beforeCollect?.();
    res
      .status(200)
      .set("Content-Type", registry.contentType)
      .set("Cache-Control", "no-store")
      .send(await registry.metrics());
  };
}

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

/**
 * /readyz: every dependency a request needs (the database, the object store)
 * answers within the time, or 503 naming what failed, so a load balancer stops
 * sending traffic to this replica until it is back.
 */
export function readinessHandler(checks: ReadinessCheck[], timeoutMs = 3_000): RequestHandler {
  return async (_req, res) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
          ]);
          return [name, "ok"] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message.split("\n")[0]! : String(error)] as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const ready = results.every(([, state]) => state === "ok");
    if (!ready) getLogger().warn({ checks: Object.fromEntries(results) }, "not ready");
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "not ready", checks: Object.fromEntries(results) });
  };
}
