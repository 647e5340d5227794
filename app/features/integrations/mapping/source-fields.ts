import type { RecordKind } from "../templates/integration-template";

/**
 * The fields of ours a mapping can read (docs/product/records.md#mapping-sources: contacts and
 * appointments, and the call-summary fields). A call ending sends its lead,
 * a contact record that also carries the call's fields. Extracted data adds
 * call.extractedData.<key> for whatever the analysis found.
 */
export const CONTACT_FIELDS = [
  "contact.id",
  "contact.firstName",
  "contact.lastName",
  "contact.fullName",
  "contact.email",
  "contact.phone",
  "contact.company",
  "contact.title",
  "contact.listName",
  "contact.createdAt",
] as const;

export const CALL_FIELDS = [
  "call.id",
  "call.direction",
  "call.status",
  "call.from",
  "call.to",
  "call.startedAt",
  "call.endedAt",
  "call.durationSeconds",
  "call.agentName",
  "call.campaignName",
  "call.summary",
  "call.sentiment",
  "call.outcome",
  "call.extractedDataText",
] as const;

export const APPOINTMENT_FIELDS = [
  "appointment.id",
  "appointment.title",
  "appointment.start",
  "appointment.end",
  "appointment.timeZone",
  "appointment.status",
  "appointment.appointmentType",
  "appointment.locationKind",
  "appointment.locationDetail",
  "appointment.notes",
  "appointment.cancelReason",
  "appointment.contactName",
  "appointment.contactEmail",
  "appointment.contactPhone",
  "appointment.contactExternalId",
  "appointment.hostName",
] as const;

/**
 * A deal's fields (docs/product/records.md#mapping-sources): what a webhook subscribed to a deal event
 * receives, with the contact.* fields of the deal's contact when it has one.
 * No CRM template syncs deals, so no mapping reads them.
 */
export const DEAL_FIELDS = [
  "deal.id",
  "deal.title",
  "deal.value",
  "deal.valueMinor",
  "deal.currency",
  "deal.pipelineId",
  "deal.pipelineName",
  "deal.stageId",
  "deal.stageName",
  "deal.stageKind",
  "deal.previousStageId",
  "deal.previousStageName",
  "deal.lostReason",
  "deal.expectedCloseOn",
  "deal.closedAt",
  "deal.ownerName",
  "deal.ownerEmail",
  "deal.callId",
  "deal.createdAt",
  "deal.updatedAt",
] as const;

/** What a mapping of this kind may read, besides settings.* and call.extractedData.*. */
export function sourceFieldsFor(kind: RecordKind): readonly string[] {
  return kind === "contact" ? [...CONTACT_FIELDS, ...CALL_FIELDS] : [...APPOINTMENT_FIELDS, ...CALL_FIELDS, ...CONTACT_FIELDS];
}

export function isKnownSource(kind: RecordKind, name: string, settingNames: readonly string[]): boolean {
  if (name.startsWith("settings.")) return settingNames.includes(name.slice("settings.".length));
  if (/^call\.extractedData\.[A-Za-z0-9_-]+$/.test(name)) return true;
  return sourceFieldsFor(kind).includes(name);
}
