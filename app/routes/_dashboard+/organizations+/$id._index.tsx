import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { canAssignRole, mayChangeMember, MEMBER_ROLES } from "~/features/roles/role-rank";
import { listMembers, listPendingInvitations } from "~/features/organizations/members.server";
import { MembersPanel, RemoveMemberForm } from "~/features/organizations/members-panel";
import { handleOrganizationAction } from "~/features/organizations/organization-actions.server";
import { getOrganization } from "~/features/organizations/organizations.server";
import { organizationAccess } from "~/features/organizations/organization-access.server";
import { organizationPaths } from "~/features/organizations/paths";
import { AddMemberSchema, CreateTeamSchema } from "~/features/organizations/schemas";
import { TeamsPanel } from "~/features/organizations/teams-panel";
import { listTeams } from "~/features/organizations/teams.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["organizations"] };

type Tab = "members" | "teams";

/** /organizations/<id>?tab=members|teams: who belongs to the organization, with which role, and its teams. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const organization = await getOrganization(gate.tenant.id, params.id ?? "");
  if (!organization) notFound();
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "teams" ? "teams" : "members";
  const [members, invitations, teams] = await Promise.all([
    listMembers(gate.tenant.id, organization.id),
    listPendingInvitations(gate.tenant.id, organization.id),
    listTeams(gate.tenant.id, organization.id),
  ]);
  const access = await organizationAccess(gate, organization.id);
  const canUpdate = can(access.permissions, "organizations", "update");
  const removing = url.searchParams.get("remove");
  const memberToRemove = canUpdate && removing ? members.find((member) => member.email === removing.toLowerCase()) : undefined;
  return {
    title: organization.name,
    organization: { id: organization.id, name: organization.name, website: organization.website },
    tab,
    members: members.map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      roleKey: member.role_key,
      accountRoleKey: member.account_role_key,
      isYou: member.id === gate.user.id,
      manageable:
        canUpdate &&
        member.id !== gate.user.id &&
        mayChangeMember(
          { roleKey: access.roleKey, accountRoleKey: gate.user.accountRoleKey },
          { roleKey: member.role_key, accountRoleKey: member.account_role_key },
        ),
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      roleKey: invitation.role_key,
      expiresAt: invitation.expires_at,
    })),
    teams: teams.map((team) => ({ id: team.id, name: team.name, memberCount: team.member_count, eventTypeCount: team.event_type_count })),
    memberToRemove: memberToRemove ? { name: memberToRemove.name, email: memberToRemove.email } : null,
    assignableRoles: MEMBER_ROLES.filter((role) => canAssignRole(access.roleKey, role)),
    canUpdate,
    canCreate: can(access.permissions, "organizations", "create"),
    canEdit: can(access.permissions, "organizations", "update"),
    timeZone: gate.tenant.timeZone,
    constraints: { addMember: getZodConstraint(AddMemberSchema), createTeam: getZodConstraint(CreateTeamSchema) },
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const organization = await getOrganization(gate.tenant.id, params.id ?? "");
  if (!organization) notFound();
  return handleOrganizationAction(request, gate, organization, await organizationAccess(gate, organization.id));
}

export default function OrganizationPage() {
  const { t } = useTranslation("organizations");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { organization } = data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={organization.name}
        description={organization.website ?? undefined}
        back={
          <Link to={organizationPaths.list} className="text-primary-dark underline dark:text-primary">
            {t("backToList")}
          </Link>
        }
        actions={
          data.canUpdate ? (
            <Link to={organizationPaths.edit(organization.id)} className={buttonClass("secondary")}>
              {t("page.edit")}
            </Link>
          ) : undefined
        }
      />
      <Tabs
        label={t("page.tabsLabel")}
        active={data.tab}
        tabs={[
          { value: "members", label: t("page.members"), to: organizationPaths.page(organization.id, "members"), badge: String(data.members.length) },
          { value: "teams", label: t("page.teams"), to: organizationPaths.page(organization.id, "teams"), badge: String(data.teams.length) },
        ]}
      />
      {data.memberToRemove ? (
        <Panel title={t("members.removeTitle")}>
          <RemoveMemberForm organizationId={organization.id} member={data.memberToRemove} />
        </Panel>
      ) : null}
      {data.tab === "members" ? (
        <MembersPanel
          organization={organization}
          members={data.members}
          invitations={data.invitations}
          assignableRoles={data.assignableRoles}
          canUpdate={data.canUpdate}
          reply={reply}
          constraint={data.constraints.addMember}
          timeZone={data.timeZone}
        />
      ) : (
        <TeamsPanel organizationId={organization.id} teams={data.teams} canCreate={data.canCreate} reply={reply} constraint={data.constraints.createTeam} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
