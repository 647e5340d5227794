import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { organizationAccess } from "~/features/organizations/organization-access.server";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { CancelSchema } from "./booking-schema";
import { cancelAppointment, markNoShow, type ChangeOutcome } from "./booking.server";
import { badRequest, forbidden } from "~/lib/http/errors.server";

const REFUSAL: Record<Exclude<ChangeOutcome["kind"], "done">, string> = {
  "not-found": "validation.appointmentGone",
  "wrong-status": "validation.appointmentChanged",
  taken: "validation.slotTaken",
  "not-offered": "validation.slotNotOffered",
  "not-yet": "validation.noShowNotYet",
};

export function refusalKey(outcome: Exclude<ChangeOutcome, { kind: "done" }>) {
  return REFUSAL[outcome.kind];
}

/** The detail page's forms: cancel with a reason, mark a no-show. */
/** Changes to an appointment are judged by the user's role in the appointment's organization, whichever is selected. */
export async function requireAppointmentChange(request: Request, gate: GateContext, organizationId: string) {
  const access = await organizationAccess(gate, organizationId);
  if (!can(access.permissions, "appointments", "update")) throw await forbidden(request);
  return access;
}

export async function handleAppointmentAction(request: Request, gate: GateContext, appointment: { id: string; contactName: string; organizationId: string }) {
  await requireAppointmentChange(request, gate, appointment.organizationId);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const here = `/appointments/${encodeURIComponent(appointment.id)}`;
  const actor = { kind: "user" as const, userId: gate.user.id };
  if (intent === "cancel") {
    const submission = parseWithZod(formData, { schema: CancelSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await cancelAppointment(gate.tenant.id, appointment.id, submission.value.reason || null, actor);
    if (outcome.kind !== "done") return data({ intent, result: submission.reply({ formErrors: [refusalKey(outcome)] }) }, { status: 409 });
    return redirectWithToast(here, { type: "success", key: "scheduling:toast.cancelled", values: { name: appointment.contactName } });
  }
  if (intent === "no-show") {
    const outcome = await markNoShow(gate.tenant.id, appointment.id, actor);
    if (outcome.kind !== "done") return data({ intent, result: { status: "error" as const, error: { "": [refusalKey(outcome)] } } }, { status: 409 });
    return redirectWithToast(here, { type: "success", key: "scheduling:toast.noShow", values: { name: appointment.contactName } });
  }
  badRequest("Unknown intent");
}
