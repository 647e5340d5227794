import type { Selectable } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import type { AppointmentTable, CallTable, ContactTable } from "~/db/schema";
import { parseStoredAnalysis } from "~/features/analysis/analysis";
import { pipelineName, stageName } from "~/features/deals/deal-rules";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { toE164 } from "~/features/phone/phone";
import type { RecordKind } from "../templates/integration-template";
import type { SourceValues } from "./mapping";

/**
 * Our records as the flat values a mapping reads (source-fields.ts). The
 * worker maps a snapshot taken when the event happened, so a retry sends
 * what was true then; the editor's preview maps a recent real record.
 */
/** What a record is: the kinds a CRM template syncs, and deals, which reach webhooks only. */
export type SourceKind = RecordKind | "deal";

export interface SourceRecord {
  kind: SourceKind;
  recordId: string;
  /** For logs and lists: a name, never an id alone. */
  label: string;
  values: SourceValues;
  /** An opted-out contact is never sent where the integration restricts contacts. */
  optedOut: boolean;
}

type Contact = Selectable<ContactTable>;
type Call = Selectable<CallTable>;
type Appointment = Selectable<AppointmentTable>;

export function contactValues(contact: Contact, listName: string | null): SourceValues {
  return {
    "contact.id": contact.id,
    "contact.firstName": contact.first_name,
    "contact.lastName": contact.last_name,
    "contact.fullName": [contact.first_name, contact.last_name].filter(Boolean).join(" "),
    "contact.email": contact.email || null,
    "contact.phone": contact.phone,
    "contact.company": contact.company || null,
    "contact.title": contact.title || null,
    "contact.listName": listName,
    "contact.createdAt": contact.created_at,
  };
}

export function callValues(call: Call): SourceValues {
  const analysis = parseStoredAnalysis(call.analysis);
  const values: SourceValues = {
    "call.id": call.id,
    "call.direction": call.direction,
    "call.status": call.status,
    "call.from": call.from_number,
    "call.to": call.to_number,
    "call.startedAt": call.started_at,
    "call.endedAt": call.ended_at,
    "call.durationSeconds": call.duration_seconds,
    "call.agentName": call.agent_name,
    "call.campaignName": call.campaign_name,
    "call.summary": call.summary ?? analysis?.summary ?? null,
    "call.sentiment": call.sentiment ?? analysis?.sentiment ?? null,
    "call.outcome": analysis?.outcome ?? null,
    "call.extractedDataText": null,
  };
  if (call.extracted_data) {
    try {
      const data = JSON.parse(call.extracted_data) as Record<string, unknown>;
      const lines: string[] = [];
      for (const [key, value] of Object.entries(data)) {
        if (!/^[A-Za-z0-9_-]+$/.test(key) || value === null || value === undefined) continue;
        const text = typeof value === "object" ? JSON.stringify(value) : String(value);
        values[`call.extractedData.${key}`] = typeof value === "number" || typeof value === "boolean" ? value : text;
        lines.push(`${key}: ${text}`);
      }
      values["call.extractedDataText"] = lines.join("\n") || null;
    } catch {
      // Stored extracted data is JSON by construction; an unreadable one adds nothing.
    }
  }
  return values;
}

/** appointment.contactExternalId stays empty here: it is the contact's id in one CRM, filled in per integration when sent. */
export function appointmentValues(appointment: Appointment, hostName: string | null): SourceValues {
  return {
    "appointment.id": appointment.id,
    "appointment.title": appointment.title,
    "appointment.start": appointment.start_at,
    "appointment.end": appointment.end_at,
    "appointment.timeZone": appointment.time_zone,
    "appointment.status": appointment.status,
    "appointment.appointmentType": appointment.appointment_type,
    "appointment.locationKind": appointment.location_kind,
    "appointment.locationDetail": appointment.location_detail,
    "appointment.notes": appointment.notes,
    "appointment.cancelReason": appointment.cancel_reason,
    "appointment.contactName": appointment.contact_name,
    "appointment.contactEmail": appointment.contact_email,
    "appointment.contactPhone": appointment.contact_phone,
    "appointment.contactExternalId": null,
    "appointment.hostName": hostName,
  };
}

export const contactLabel = (contact: Pick<Contact, "first_name" | "last_name" | "phone">) =>
  [contact.first_name, contact.last_name].filter(Boolean).join(" ") || contact.phone;

export async function contactRecord(tenantId: string, contactId: string, db: DB = getDb()): Promise<SourceRecord | null> {
  const contact = await db.selectFrom("contacts").selectAll().where("tenant_id", "=", tenantId).where("id", "=", contactId).executeTakeFirst();
  if (!contact) return null;
  const list = await db.selectFrom("contact_lists").select("name").where("id", "=", contact.list_id).executeTakeFirst();
  return {
    kind: "contact",
    recordId: contact.id,
    label: contactLabel(contact),
    values: contactValues(contact, list?.name ?? null),
    optedOut: contact.opted_out_at !== null,
  };
}

/** The caller's number: who the agent spoke with. */
const counterpartNumber = (call: Pick<Call, "direction" | "from_number" | "to_number">) => (call.direction === "outbound" ? call.to_number : call.from_number);

/**
 * A call's lead: the contact with the caller's number when there is one,
 * else a lead made of what the call knows (the caller's name and company,
 * the number, an email the analysis found), with the call's fields.
 */
export async function callLeadRecord(tenantId: string, callId: string, country: string | null, db: DB = getDb()): Promise<SourceRecord | null> {
  const call = await db.selectFrom("calls").selectAll().where("tenant_id", "=", tenantId).where("id", "=", callId).executeTakeFirst();
  if (!call) return null;
  const number = counterpartNumber(call);
  const e164 = number ? toE164(number, country) : null;
  const contact = e164
    ? await db.selectFrom("contacts").selectAll().where("tenant_id", "=", tenantId).where("phone", "=", e164).orderBy("created_at", "desc").executeTakeFirst()
    : undefined;
  const values = callValues(call);
  if (contact) {
    const list = await db.selectFrom("contact_lists").select("name").where("id", "=", contact.list_id).executeTakeFirst();
    return {
      kind: "contact",
      recordId: contact.id,
      label: contactLabel(contact),
      values: { ...contactValues(contact, list?.name ?? null), ...values },
      optedOut: contact.opted_out_at !== null,
    };
  }
  const [firstName = "", ...rest] = (call.user_name ?? "").trim().split(/\s+/);
  const analysis = parseStoredAnalysis(call.analysis);
  const lead: SourceValues = {
    "contact.id": `call-${call.id}`,
    "contact.firstName": firstName || null,
    "contact.lastName": rest.join(" ") || null,
    "contact.fullName": call.user_name?.trim() || null,
    "contact.email": analysis?.entities.emails[0] ?? null,
    "contact.phone": e164 ?? number,
    "contact.company": call.user_company,
    "contact.title": null,
    "contact.listName": null,
    "contact.createdAt": call.created_at,
  };
  return {
    kind: "contact",
    recordId: `call-${call.id}`,
    label: call.user_name?.trim() || number || call.external_id,
    values: { ...lead, ...values },
    optedOut: false,
  };
}

/** appointment.contactExternalId is left empty: it is the contact's id in one CRM, filled in per integration when sent (linkedValues). */
export async function appointmentRecord(tenantId: string, appointmentId: string, db: DB = getDb()): Promise<SourceRecord | null> {
  const appointment = await db.selectFrom("appointments").selectAll().where("tenant_id", "=", tenantId).where("id", "=", appointmentId).executeTakeFirst();
  if (!appointment) return null;
  const host = appointment.host_user_id ? await db.selectFrom("users").select("name").where("id", "=", appointment.host_user_id).executeTakeFirst() : undefined;
  let contactValuesOfAppointment: SourceValues = {};
  let optedOut = false;
  if (appointment.contact_id) {
    const contact = await db.selectFrom("contacts").selectAll().where("tenant_id", "=", tenantId).where("id", "=", appointment.contact_id).executeTakeFirst();
    if (contact) {
      contactValuesOfAppointment = contactValues(contact, null);
      optedOut = contact.opted_out_at !== null;
    }
  }
  let callValuesOfAppointment: SourceValues = {};
  if (appointment.call_id) {
    const call = await db.selectFrom("calls").selectAll().where("tenant_id", "=", tenantId).where("id", "=", appointment.call_id).executeTakeFirst();
    if (call) callValuesOfAppointment = callValues(call);
  }
  return {
    kind: "appointment",
    recordId: appointment.id,
    label: `${appointment.title} · ${appointment.contact_name}`,
    values: { ...contactValuesOfAppointment, ...callValuesOfAppointment, ...appointmentValues(appointment, host?.name ?? null) },
    optedOut,
  };
}

/**
 * A deal with its pipeline, stage (and, for a move, the stage it left), owner
 * and contact. Built-in stage and pipeline names go out in English, the
 * language of the payloads; renamed ones as their owner named them. The deal
 * is read in the transaction of its change: deal.deleted is announced before
 * the row goes.
 */
export async function dealRecord(tenantId: string, dealId: string, previousStageId: string | null, db: DB = getDb()): Promise<SourceRecord | null> {
  const deal = await db.selectFrom("deals").selectAll().where("tenant_id", "=", tenantId).where("id", "=", dealId).executeTakeFirst();
  if (!deal) return null;
  const t = await getTranslatorFor("en", "deals");
  const stageIds = previousStageId ? [deal.stage_id, previousStageId] : [deal.stage_id];
  const stages = await db.selectFrom("deal_stages").selectAll().where("tenant_id", "=", tenantId).where("id", "in", stageIds).execute();
  const stage = stages.find((each) => each.id === deal.stage_id);
  const previous = previousStageId ? stages.find((each) => each.id === previousStageId) : undefined;
  const pipeline = await db.selectFrom("deal_pipelines").selectAll().where("id", "=", deal.pipeline_id).executeTakeFirst();
  const owner = deal.owner_user_id ? await db.selectFrom("users").select(["name", "email"]).where("id", "=", deal.owner_user_id).executeTakeFirst() : undefined;
  const contact = deal.contact_id
    ? await db.selectFrom("contacts").selectAll().where("tenant_id", "=", tenantId).where("id", "=", deal.contact_id).executeTakeFirst()
    : undefined;
  const valueMinor = Number(deal.value_minor);
  const values: SourceValues = {
    ...(contact ? contactValues(contact, null) : {}),
    "deal.id": deal.id,
    "deal.title": deal.title,
    // Major units with two decimals, as text: exact, whatever the receiver does with floats.
    "deal.value": `${Math.trunc(valueMinor / 100)}.${String(valueMinor % 100).padStart(2, "0")}`,
    "deal.valueMinor": valueMinor,
    "deal.currency": deal.currency,
    "deal.pipelineId": deal.pipeline_id,
    "deal.pipelineName": pipeline ? pipelineName(pipeline, t) : null,
    "deal.stageId": deal.stage_id,
    "deal.stageName": stage ? stageName(stage, t) : null,
    "deal.stageKind": stage?.kind ?? null,
    "deal.previousStageId": previousStageId,
    "deal.previousStageName": previous ? stageName(previous, t) : null,
    "deal.lostReason": deal.lost_reason,
    "deal.expectedCloseOn": deal.expected_close_on,
    "deal.closedAt": deal.closed_at,
    "deal.ownerName": owner?.name ?? null,
    "deal.ownerEmail": owner?.email ?? null,
    "deal.callId": deal.call_id,
    "deal.createdAt": deal.created_at,
    "deal.updatedAt": deal.updated_at,
  };
  return { kind: "deal", recordId: deal.id, label: deal.title, values, optedOut: contact ? contact.opted_out_at !== null : false };
}
