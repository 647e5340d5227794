import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { readFormData } from "~/lib/http/form-body.server";
import { EventTypeSchema } from "./event-type-schema";
import { createEventType, updateEventType } from "./event-types.server";

/** The new and edit forms' action: nothing is written unless every field passes and every host is in the team. */
export async function saveEventTypeForm(request: Request, target: { tenantId: string; teamId: string; eventTypeId?: string }) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: EventTypeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = target.eventTypeId
    ? await updateEventType(target.tenantId, { id: target.eventTypeId, team_id: target.teamId }, submission.value)
    : await createEventType(target.tenantId, target.teamId, submission.value);
  if ("problem" in outcome) return data({ result: submission.reply({ fieldErrors: { hostIds: ["validation.hostNotInTeam"] } }) }, { status: 400 });
  return { saved: true as const, id: outcome.id, name: submission.value.name };
}
