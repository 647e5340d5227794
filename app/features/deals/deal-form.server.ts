import { getDb, type DB } from "~/db/db.server";
import type { Contact, Deal } from "~/db/schema";
import { DEFAULT_LIST_PARAMS } from "~/features/contacts/list-params";
import { queryContactsPage } from "~/features/contacts/list-query.server";
import { formatPhoneForDisplay, toE164 } from "~/features/phone/phone-library.server";
import { getCallForTenant } from "~/features/recordings/recording.server";
import { numberFormat } from "~/i18n/format";
import type { TFunction } from "~/i18n/translator";
import { centsToInput } from "~/lib/format/amounts";
import { stageName } from "./deal-rules";
import { dealCurrency, listMembers, type DealInput } from "./deals.server";
import type { ContactChoices, DealDefaults } from "./deal-form";
import { listStages } from "./pipelines.server";
import type { DealFormValues } from "./schemas";

/**
 * What the deal form's pages need besides the deal: the pipeline's stages,
 * the members who may own a deal, the contacts to choose from (a search's
 * first matches), the currency, and the defaults: the deal's values, or what
 * a recording or contact it starts from suggests, overridden by whatever the
 * URL carries (the form sent back by "Search contacts", docs/product/deals.md#deal-form).
 */

const FIELDS = ["title", "value", "stageId", "lostReason", "contactId", "ownerId", "expectedCloseOn"] as const;

/** The form's values the URL carries (a contact search sent the form back as a GET); each wins over any other default. */
export function defaultsFromUrl(searchParams: URLSearchParams): DealDefaults {
  const defaults: DealDefaults = {};
  for (const field of FIELDS) {
    const value = searchParams.get(field);
    if (value !== null) defaults[field] = value.slice(0, 1000);
  }
  return defaults;
}

const contactLabel = (contact: Pick<Contact, "first_name" | "last_name" | "company" | "phone">) => {
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(" ");
  return [name || formatPhoneForDisplay(contact.phone), contact.company].filter(Boolean).join(" · ");
};

/** The first contacts matching `search` (by name, or the newest without one), and the chosen contact whatever the search. */
export async function contactChoices(
  tenant: { id: string; timeZone: string },
  search: string,
  selectedId: string | null,
  db: DB = getDb(),
): Promise<ContactChoices> {
  const q = search.trim().slice(0, 200);
  const page = await queryContactsPage(
    db,
    { tenantId: tenant.id, timeZone: tenant.timeZone },
    { ...DEFAULT_LIST_PARAMS, q, sort: q ? "name" : "created", order: q ? "asc" : "desc" },
  );
  const options = page.rows.map((row) => ({
    id: row.id,
    label: contactLabel({ first_name: row.firstName, last_name: row.lastName, company: row.company, phone: row.phone }),
  }));
  if (selectedId && !options.some((option) => option.id === selectedId)) {
    const selected = await db.selectFrom("contacts").selectAll().where("tenant_id", "=", tenant.id).where("id", "=", selectedId).executeTakeFirst();
    if (selected) options.unshift({ id: selected.id, label: contactLabel(selected) });
  }
  return { options, search: q, total: page.total };
}

/** "1,234.50" or "1.234,50": how the value field wants an amount in this language. */
export const valueExample = (language: string) => numberFormat(language, { minimumFractionDigits: 2 }).format(1234.5);

export async function formChoices(tenant: { id: string; timeZone: string }, pipelineId: string, t: TFunction, db: DB = getDb()) {
  const [stages, members, currency] = await Promise.all([listStages(tenant.id, pipelineId, db), listMembers(tenant.id, db), dealCurrency(tenant.id, db)]);
  return {
    stages: stages.map((stage) => ({ id: stage.id, name: stageName(stage, t), kind: stage.kind })),
    members: members.map((member) => ({ id: member.id, name: member.name || member.email })),
    currency,
  };
}

/** The deal's own values, as the form shows them. */
export function defaultsOfDeal(deal: Deal, language: string): DealDefaults {
  return {
    title: deal.title,
    value: centsToInput(Number(deal.value_minor), language),
    stageId: deal.stage_id,
    lostReason: deal.lost_reason ?? "",
    contactId: deal.contact_id ?? "",
    ownerId: deal.owner_user_id ?? "",
    expectedCloseOn: deal.expected_close_on ?? "",
  };
}

/** The one who spoke with the agent: the caller of an inbound call, the called of an outbound one. */
const counterpart = (call: { direction: string; from_number: string | null; to_number: string | null }) =>
  call.direction === "outbound" ? call.to_number : call.from_number;

/**
 * A deal made from a recording: titled after the caller (their name, their
 * company, else their number), with the contact whose number the call's
 * customer number is, when the tenant has one.
 */
export async function startFromCall(tenant: { id: string; country: string }, callId: string, t: TFunction, db: DB = getDb()) {
  const call = await getCallForTenant(tenant.id, callId);
  if (!call) return null;
  const number = counterpart(call);
  const e164 = number ? toE164(number, tenant.country) : null;
  const contact = e164
    ? await db.selectFrom("contacts").selectAll().where("tenant_id", "=", tenant.id).where("phone", "=", e164).orderBy("created_at", "desc").executeTakeFirst()
    : undefined;
  const contactName = contact ? [contact.first_name, contact.last_name].filter(Boolean).join(" ") : "";
  const who = contactName || call.user_name?.trim() || call.user_company?.trim() || (number ? formatPhoneForDisplay(number, tenant.country) : "");
  return {
    callId: call.id,
    callAt: call.created_at,
    defaults: { title: who ? t("fromCall.title", { who }) : "", contactId: contact?.id ?? "" } satisfies DealDefaults,
  };
}

/** A deal made from a contact: titled after them (or their company), with them as its contact. */
export async function startFromContact(tenantId: string, contactId: string, t: TFunction, db: DB = getDb()) {
  const contact = await db.selectFrom("contacts").selectAll().where("tenant_id", "=", tenantId).where("id", "=", contactId).executeTakeFirst();
  if (!contact) return null;
  const who = [contact.first_name, contact.last_name].filter(Boolean).join(" ") || contact.company || formatPhoneForDisplay(contact.phone);
  return { title: t("fromContact.title", { who }), contactId: contact.id } satisfies DealDefaults;
}

/** The form's values as a deal's fields: empty choices are none. */
export function dealInputOf(value: DealFormValues): DealInput {
  return {
    title: value.title,
    valueMinor: value.value,
    stageId: value.stageId,
    lostReason: value.lostReason || null,
    contactId: value.contactId || null,
    ownerId: value.ownerId || null,
    expectedCloseOn: value.expectedCloseOn || null,
  };
}
