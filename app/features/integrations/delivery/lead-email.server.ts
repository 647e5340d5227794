import { getDb, type DB } from "~/db/db.server";
import { tenantLanguage } from "~/features/tenants/tenant-language";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { sendParagraphEmail } from "~/lib/email/paragraph-email.server";
import { writeLog, type LogContext } from "./crm-calls.server";
import { eventKey } from "../events";
import type { Integration } from "../integrations.server";
import type { SourceValues } from "../mapping/mapping";
import type { Delivery } from "./delivery-types";

/**
 * send_lead_on_email: the lead also goes to the integration's address, as a
 * plain list of what we know (the template's email, or one the organization
 * set). It is logged like a CRM request, with "email" as its method.
 */
const LEAD_LINES = [
  "contact.fullName",
  "contact.phone",
  "contact.email",
  "contact.company",
  "contact.title",
  "call.direction",
  "call.startedAt",
  "call.outcome",
  "call.sentiment",
  "call.summary",
  "call.extractedDataText",
] as const;

export async function sendLeadEmail(
  integration: Integration,
  delivery: Pick<Delivery, "event" | "record_label">,
  values: SourceValues,
  context: LogContext,
  options: { db?: DB; now?: () => Date } = {},
): Promise<{ ok: true } | { ok: false; error: string; logId: string }> {
  const db = options.db ?? getDb();
  const tenant = await db.selectFrom("tenants").select(["country", "time_zone"]).where("id", "=", integration.tenant_id).executeTakeFirstOrThrow();
  const t = await getTranslatorFor(tenantLanguage({ country: tenant.country, timeZone: tenant.time_zone }), "integrations");
  const subject = t("leadEmail.subject", { name: delivery.record_label, crm: integration.crm_name });
  const lines = LEAD_LINES.filter((name) => values[name] !== null && values[name] !== undefined && values[name] !== "").map(
    (name) => `${t(`sourceFields.${name}`)}: ${String(values[name])}`,
  );
  const paragraphs = [t("leadEmail.intro", { event: t(eventKey(delivery.event)), crm: integration.crm_name }), ...lines];
  const started = performance.now();
  let error: string | null = null;
  try {
    await sendParagraphEmail(integration.lead_email!, subject, paragraphs);
  } catch (failure) {
    error = (failure as Error).message;
  }
  const logId = await writeLog(
    integration,
    { endpointName: "email" },
    context,
    {
      method: "EMAIL",
      url: `mailto:${integration.lead_email}`,
      requestHeaders: { subject },
      requestBody: paragraphs.join("\n"),
      responseHeaders: null,
      responseBody: null,
      outcome: error ? "network" : "success",
      status: null,
      error,
      durationMs: Math.round(performance.now() - started),
    },
    { db, now: options.now },
  );
  return error ? { ok: false, error, logId } : { ok: true };
}
