import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { OrganizationAccess, OrganizationGate } from "./organization-access.server";
import { can, type PermissionAction } from "~/features/roles/permissions";
import { getLanguage } from "~/i18n/i18next.server";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { addMemberByEmail, changeMemberRole, removeMemberByEmail, type MemberChangeOutcome } from "./members.server";
import { organizationPaths } from "./paths";
import { AddMemberSchema, ChangeRoleSchema, CreateTeamSchema, RemoveMemberSchema } from "./schemas";
import { createTeam } from "./teams.server";
import { badRequest, forbidden } from "~/lib/http/errors.server";

export const ORGANIZATION_INTENTS = ["add-member", "change-role", "remove-member", "create-team"] as const;
export type OrganizationIntent = (typeof ORGANIZATION_INTENTS)[number];

const PERMISSION_FOR: Record<OrganizationIntent, PermissionAction> = {
  "add-member": "update",
  "change-role": "update",
  "remove-member": "update",
  "create-team": "create",
};

/** A refused form: its intent, so only that form shows the reply, and the member it was about. */
export interface OrganizationReply {
  intent: OrganizationIntent;
  email?: string;
  result: SubmissionResult<string[]>;
}

const isIntent = (value: unknown): value is OrganizationIntent => typeof value === "string" && (ORGANIZATION_INTENTS as readonly string[]).includes(value);

const MEMBER_REFUSALS: Record<Exclude<MemberChangeOutcome["kind"], "done">, string> = {
  "not-member": "validation.notMember",
  "role-not-allowed": "validation.roleNotAllowed",
  self: "validation.notYourself",
};

/** The organization page's forms: members (add, role, remove) and new teams. The permission for the intent is checked first. */
export async function handleOrganizationAction(
  request: Request,
  gate: OrganizationGate,
  organization: { id: string; name: string },
  access: OrganizationAccess,
) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isIntent(intent)) badRequest("Unknown intent");
  if (!can(access.permissions, "organizations", PERMISSION_FOR[intent])) throw await forbidden(request);
  const actor = { id: gate.user.id, roleKey: access.roleKey, accountRoleKey: gate.user.accountRoleKey, language: await getLanguage(request) };
  const tenantId = gate.tenant.id;
  const membersTab = organizationPaths.page(organization.id, "members");

  if (intent === "add-member") {
    const submission = parseWithZod(formData, { schema: AddMemberSchema });
    if (submission.status !== "success") return data<OrganizationReply>({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await addMemberByEmail(tenantId, organization.id, { email: submission.value.email, roleKey: submission.value.role }, actor);
    if (outcome.kind === "already-member")
      return data<OrganizationReply>({ intent, result: submission.reply({ fieldErrors: { email: ["validation.alreadyMember"] } }) }, { status: 400 });
    if (outcome.kind === "role-not-allowed")
      return data<OrganizationReply>({ intent, result: submission.reply({ fieldErrors: { role: ["validation.roleNotAllowed"] } }) }, { status: 400 });
    if (outcome.kind === "invited")
      return redirectWithToast(membersTab, { type: "success", key: "organizations:toast.invited", values: { email: submission.value.email } });
    return redirectWithToast(membersTab, {
      type: "success",
      key: "organizations:toast.memberAdded",
      values: { name: outcome.name, organization: organization.name },
    });
  }

  if (intent === "change-role" || intent === "remove-member") {
    const submission = parseWithZod(formData, { schema: intent === "change-role" ? ChangeRoleSchema : RemoveMemberSchema });
    if (submission.status !== "success") return data<OrganizationReply>({ intent, result: submission.reply() }, { status: 400 });
    const outcome =
      intent === "change-role" && "role" in submission.value
        ? await changeMemberRole(tenantId, organization.id, { email: submission.value.email, roleKey: submission.value.role }, actor)
        : await removeMemberByEmail(tenantId, organization.id, submission.value.email, actor);
    if (outcome.kind !== "done")
      return data<OrganizationReply>(
        { intent, email: submission.value.email, result: submission.reply({ formErrors: [MEMBER_REFUSALS[outcome.kind]] }) },
        { status: 400 },
      );
    const key = intent === "change-role" ? "organizations:toast.roleChanged" : "organizations:toast.memberRemoved";
    return redirectWithToast(membersTab, { type: "success", key, values: { name: outcome.name, organization: organization.name } });
  }

  const submission = parseWithZod(formData, { schema: CreateTeamSchema });
  if (submission.status !== "success") return data<OrganizationReply>({ intent, result: submission.reply() }, { status: 400 });
  const teamId = await createTeam(tenantId, organization.id, submission.value.name);
  return redirectWithToast(organizationPaths.team(organization.id, teamId), {
    type: "success",
    key: "organizations:toast.teamCreated",
    values: { name: submission.value.name },
  });
}
