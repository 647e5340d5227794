import { can, type PermissionMap } from "~/features/roles/permissions";
import { getTranslator } from "~/i18n/i18next.server";
import { deskPaths } from "./list-params";
import { ticketLabel } from "./ticket-rules";
import { ticketOfCall } from "./tickets.server";

/**
 * The recording page's link to the desk: "Create ticket" (the new-ticket
 * form prefilled with the call) for those who may create tickets, or the
 * ticket the call already has (a call gets one) for those who may read
 * them; null otherwise. Labelled here, so the recording page ships no
 * service-desk texts.
 */
export async function recordingTicketLink(request: Request, tenantId: string, permissions: PermissionMap, callId: string) {
  if (!can(permissions, "service-desk", "read")) return null;
  const existing = await ticketOfCall(tenantId, callId);
  const t = await getTranslator(request, "service-desk");
  if (existing) return { href: deskPaths.ticket(existing.id), label: t("recordingLink.open", { ticket: ticketLabel(Number(existing.number)) }) };
  if (!can(permissions, "service-desk", "create")) return null;
  return { href: deskPaths.create(callId), label: t("recordingLink.create") };
}
