import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { feedUrl, issueFeed, revokeFeeds } from "../calendar/calendar-feeds.server";
import type { StaffReply } from "./working-hours-form";
import { OverrideSchema, WorkingHoursSchema } from "./staff-schemas";
import { removeOverride, saveOverride, saveSchedule } from "./staff.server";
import { badRequest, forbidden } from "~/lib/http/errors.server";

/** May the viewer change this person's hours? Those who manage staff, and everyone for their own. */
export function canEditSchedule(gate: GateContext, userId: string) {
  return can(gate.user.permissions, "staff", "update") || gate.user.id === userId;
}

/** The staff page's forms: weekly hours, date overrides, the calendar feed. */
export async function handleStaffAction(request: Request, gate: GateContext, member: { id: string; name: string }, here: string) {
  if (!canEditSchedule(gate, member.id)) throw await forbidden(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const tenantId = gate.tenant.id;
  if (intent === "save-hours") {
    const submission = parseWithZod(formData, { schema: WorkingHoursSchema });
    if (submission.status !== "success") return data<StaffReply>({ intent, result: submission.reply() }, { status: 400 });
    await saveSchedule(tenantId, member.id, submission.value);
    return redirectWithToast(here, { type: "success", key: "scheduling:toast.hoursSaved", values: { name: member.name } });
  }
  if (intent === "add-override") {
    const submission = parseWithZod(formData, { schema: OverrideSchema });
    if (submission.status !== "success") return data<StaffReply>({ intent, result: submission.reply() }, { status: 400 });
    await saveOverride(tenantId, member.id, { date: submission.value.date, hours: submission.value.hours });
    return redirectWithToast(here, { type: "success", key: "scheduling:toast.overrideSaved" });
  }
  if (intent === "remove-override") {
    const overrideId = formData.get("overrideId");
    if (typeof overrideId === "string") await removeOverride(tenantId, member.id, overrideId);
    return redirectWithToast(here, { type: "success", key: "scheduling:toast.overrideRemoved" });
  }
  if (intent === "issue-feed") {
    const token = await issueFeed(tenantId, member.id);
    // Shown once, in this answer: the database keeps only the token's hash.
    return data<StaffReply>({ intent, feedUrl: feedUrl(token) });
  }
  if (intent === "revoke-feed") {
    await revokeFeeds(tenantId, member.id);
    return redirectWithToast(here, { type: "success", key: "scheduling:toast.feedRevoked" });
  }
  badRequest("Unknown intent");
}
