import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { OrganizationAccess, OrganizationGate } from "./organization-access.server";
import { can, type PermissionAction } from "~/features/roles/permissions";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { organizationPaths } from "./paths";
import { AddTeamMemberSchema, RemoveTeamMemberSchema, RenameTeamSchema } from "./schemas";
import { addTeamMember, deleteTeam, removeTeamMember, renameTeam } from "./teams.server";
import { badRequest, forbidden } from "~/lib/http/errors.server";

export const TEAM_INTENTS = ["rename-team", "add-team-member", "remove-team-member", "delete-team"] as const;
export type TeamIntent = (typeof TEAM_INTENTS)[number];

const PERMISSION_FOR: Record<TeamIntent, PermissionAction> = {
  "rename-team": "update",
  "add-team-member": "update",
  "remove-team-member": "update",
  "delete-team": "delete",
};

export interface TeamReply {
  intent: TeamIntent;
  result: SubmissionResult<string[]>;
}

const isIntent = (value: unknown): value is TeamIntent => typeof value === "string" && (TEAM_INTENTS as readonly string[]).includes(value);

/** The team page's forms. The team is already known to be the tenant's and the organization's. */
export async function handleTeamAction(
  request: Request,
  gate: OrganizationGate,
  organizationId: string,
  team: { id: string; name: string },
  access: OrganizationAccess,
) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isIntent(intent)) badRequest("Unknown intent");
  if (!can(access.permissions, "organizations", PERMISSION_FOR[intent])) throw await forbidden(request);
  const tenantId = gate.tenant.id;
  const here = organizationPaths.team(organizationId, team.id);

  if (intent === "rename-team") {
    const submission = parseWithZod(formData, { schema: RenameTeamSchema });
    if (submission.status !== "success") return data<TeamReply>({ intent, result: submission.reply() }, { status: 400 });
    await renameTeam(tenantId, team.id, submission.value.name);
    return redirectWithToast(here, { type: "success", key: "organizations:toast.teamRenamed", values: { name: submission.value.name } });
  }
  if (intent === "add-team-member") {
    const submission = parseWithZod(formData, { schema: AddTeamMemberSchema });
    if (submission.status !== "success") return data<TeamReply>({ intent, result: submission.reply() }, { status: 400 });
    if (!(await addTeamMember(tenantId, organizationId, team.id, submission.value.userId))) {
      return data<TeamReply>({ intent, result: submission.reply({ fieldErrors: { userId: ["validation.teamMemberNotInOrganization"] } }) }, { status: 400 });
    }
    return redirectWithToast(here, { type: "success", key: "organizations:toast.teamMemberAdded", values: { team: team.name } });
  }
  if (intent === "remove-team-member") {
    const submission = parseWithZod(formData, { schema: RemoveTeamMemberSchema });
    if (submission.status !== "success") return data<TeamReply>({ intent, result: submission.reply() }, { status: 400 });
    await removeTeamMember(tenantId, team.id, submission.value.userId);
    return redirectWithToast(here, { type: "success", key: "organizations:toast.teamMemberRemoved", values: { team: team.name } });
  }
  await deleteTeam(tenantId, team.id);
  return redirectWithToast(organizationPaths.page(organizationId, "teams"), {
    type: "success",
    key: "organizations:toast.teamDeleted",
    values: { name: team.name },
  });
}
