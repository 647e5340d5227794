import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics (prom-client), one registry per process: each app
 * server is scraped on its own. Served by the server at /metrics behind a
 * bearer token (METRICS_TOKEN) or on an internal port (METRICS_PORT), never
 * openly (server.ts).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: "voxboard_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "voxboard_http_request_duration_seconds",
  help: "Time from request to the end of the response, by method and route pattern",
  labelNames: ["method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const queryDuration = new Histogram({
  name: "voxboard_db_query_duration_seconds",
  help: "Database query time, by kind of statement",
  labelNames: ["statement"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

export const queryErrors = new Counter({
  name: "voxboard_db_query_errors_total",
  help: "Database queries that failed",
  registers: [registry],
});

export const poolConnections = new Gauge({
  name: "voxboard_db_pool_connections",
  help: "Database connections of this process, by state (PostgreSQL pool; SQLite has one)",
  labelNames: ["state"] as const,
  registers: [registry],
});

export const jobRunnerLag = new Gauge({
  name: "voxboard_job_runner_lag_seconds",
  help: "How long the longest-waiting due campaign has been due, at the last tick",
  registers: [registry],
});

export const jobRunnerQueueDepth = new Gauge({
  name: "voxboard_job_runner_queue_depth",
  help: "Campaigns with a run due at the last tick",
  registers: [registry],
});

export const jobRunnerTicks = new Counter({
  name: "voxboard_job_runner_ticks_total",
  help: "Job runner passes over the due campaigns",
  registers: [registry],
});

export const campaignDispatches = new Counter({
  name: "voxboard_campaign_dispatches_total",
  help: "Campaign contacts dealt with, by outcome (placed, logged, failed, skipped)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const importRuns = new Counter({
  name: "voxboard_contact_import_runs_total",
  help: "Contact import runs that ended, by result (done, failed)",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const importedContacts = new Counter({
  name: "voxboard_contacts_imported_total",
  help: "Contacts added by imports",
  registers: [registry],
});

/** The first word of a statement (select, insert, update, delete...), a label with few values. */
export function statementKind(sqlText: string) {
  const word = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() ?? "other";
  return ["select", "insert", "update", "delete", "with", "begin", "commit", "rollback"].includes(word) ? word : "other";
}
