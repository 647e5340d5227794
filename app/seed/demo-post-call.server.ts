import type { DB } from "~/db/db.server";
import { builtinExtractor } from "~/features/post-call/extractor.server";
import { extractCall } from "~/features/post-call/results.server";
import type { TemplateDefinition } from "~/features/post-call/template-definition";
import { createTemplate } from "~/features/post-call/templates.server";

/**
 * The demo's post-call templates: a renewal form for the renewal campaign and
 * a general default, filled by the built-in analyzer for every demo call with
 * a transcript, so /templates, /response and the recording pages show what
 * the feature does without anyone making a call.
 */
const RENEWAL_CAMPAIGN = "Spring Renewal 2026";

const RENEWAL: TemplateDefinition = {
  summaryInstruction: "One sentence: did the customer renew, and at what monthly rate?",
  fields: [
    { key: "renewal_confirmed", name: "Renewal confirmed", type: "yes-no", description: "Did the customer agree to renew?", required: true, options: [] },
    { key: "monthly_rate", name: "Monthly rate", type: "number", description: "The monthly price discussed, in dollars", required: false, options: [] },
    { key: "callback", name: "Callback", type: "date", description: "The day the customer asked to be called back", required: false, options: [] },
  ],
  criteria: [
    { key: "renewed", name: "Renewed", description: "The customer renewed during the call.", rule: { field: "renewal_confirmed", check: "is-yes" } },
    { key: "friendly", name: "Friendly close", description: "The agent ended the call politely and the customer was not upset.", rule: null },
  ],
};

const GENERAL: TemplateDefinition = {
  summaryInstruction: "",
  fields: [
    {
      key: "appointment",
      name: "Appointment day",
      type: "date",
      description: "The day of an appointment or callback agreed in the call",
      required: false,
      options: [],
    },
    { key: "amount", name: "Amount", type: "number", description: "A price, bill or charge the caller mentioned", required: false, options: [] },
    { key: "confirmed", name: "Confirmed", type: "yes-no", description: "Did the customer confirm what was proposed?", required: false, options: [] },
  ],
  criteria: [{ key: "date_agreed", name: "Date agreed", description: "", rule: { field: "appointment", check: "is-found" } }],
};

export async function seedDemoPostCall(db: DB, tenantId: string, ownerId: string) {
  const general = await createTemplate(tenantId, ownerId, { name: "Call outcome", definition: GENERAL }, db);
  const renewal = await createTemplate(tenantId, ownerId, { name: "Renewal follow-up", definition: RENEWAL }, db);
  if (!general.ok || !renewal.ok) throw new Error("demo post-call templates could not be created");
  const calls = await db.selectFrom("calls").select(["id", "campaign_name"]).where("tenant_id", "=", tenantId).where("transcript", "is not", null).execute();
  // The demo's renewal calls come from a campaign of the past (not in the campaigns list): they are analysed as a re-run of the renewal form would.
  for (const { id, campaign_name } of calls) {
    const template = campaign_name === RENEWAL_CAMPAIGN ? { templateId: renewal.id, version: renewal.version } : undefined;
    await extractCall(tenantId, id, builtinExtractor, { db, template });
  }
}
