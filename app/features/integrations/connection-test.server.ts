import { getDb, now, type DB } from "~/db/db.server";
import type { ConnectionTestResult } from "./hub/views";
import { callEndpoint, type CallOptions } from "./delivery/crm-calls.server";
import { connectionTestEndpoint } from "./templates/integration-template";
import { endpointSettingsOf, templateOf, type Integration } from "./integrations.server";
import { reserveRequest } from "./delivery/rate-windows.server";

/**
 * "Test connection": the template's cheapest enabled read, sent once with
 * the stored key, and what came back (outcome, status, latency, a redacted
 * excerpt of the answer). The result is kept on the integration so the list
 * can say when it was last tested and how it went.
 */
export type { ConnectionTestResult };

export const EXCERPT_LENGTH = 600;

export async function testConnection(integration: Integration, actor: string, options: CallOptions = {}): Promise<ConnectionTestResult> {
  const db: DB = options.db ?? getDb();
  const template = templateOf(integration);
  const endpoint = connectionTestEndpoint(template, endpointSettingsOf(integration, template));
  let result: ConnectionTestResult;
  if (!endpoint) {
    result = { ok: false, endpointName: null, outcome: "no-endpoint", status: null, durationMs: 0, excerpt: "", error: null };
  } else {
    const reservation = await reserveRequest(integration, template, options.now?.() ?? new Date(), db);
    if (!reservation.allowed) {
      result = {
        ok: false,
        endpointName: endpoint.endpointName,
        outcome: "rate-limited",
        status: null,
        durationMs: 0,
        excerpt: "",
        error: reservation.until.toISOString(),
      };
    } else {
      const { exchange } = await callEndpoint(integration, { endpoint, payload: null }, { kind: "test", source: actor }, { ...options, db });
      const excerpt = (exchange.log.responseBody ?? "").slice(0, EXCERPT_LENGTH);
      result =
        exchange.outcome === "success" && exchange.status !== null
          ? { ok: true, endpointName: endpoint.endpointName, status: exchange.status, durationMs: exchange.durationMs, excerpt }
          : {
              ok: false,
              endpointName: endpoint.endpointName,
              outcome: exchange.outcome,
              status: exchange.status,
              durationMs: exchange.durationMs,
              excerpt,
              error: exchange.error,
            };
    }
  }
  await db
    .updateTable("integrations")
    .set({ last_test_at: options.now ? options.now().toISOString() : now(), last_test_ok: result.ok ? 1 : 0, last_test_summary: JSON.stringify(result) })
    .where("id", "=", integration.id)
    .execute();
  return result;
}
