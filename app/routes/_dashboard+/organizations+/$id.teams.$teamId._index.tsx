import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { membersOutsideTeam } from "~/features/organizations/members.server";
import { getOrganization } from "~/features/organizations/organizations.server";
import { organizationAccess } from "~/features/organizations/organization-access.server";
import { organizationPaths } from "~/features/organizations/paths";
import { AddTeamMemberSchema, RenameTeamSchema } from "~/features/organizations/schemas";
import { handleTeamAction } from "~/features/organizations/team-actions.server";
import { DeleteTeamAction, DeleteTeamForm, RenameTeamPanel, TeamMembersPanel } from "~/features/organizations/team-page";
import { getTeam, listTeamMembers, teamContents } from "~/features/organizations/teams.server";
import { EventTypesPanel } from "~/features/scheduling/event-types/event-types-panel";
import { listEventTypes } from "~/features/scheduling/event-types/event-types.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["organizations", "scheduling"] };

async function requireTeam(tenantId: string, organizationId: string, teamId: string) {
  const organization = await getOrganization(tenantId, organizationId);
  const team = organization ? await getTeam(tenantId, organization.id, teamId) : undefined;
  if (!organization || !team) notFound();
  return { organization, team };
}

/** /organizations/<id>/teams/<teamId>: the team's name, its members, and deleting it (`?confirm=delete` without JavaScript). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const { organization, team } = await requireTeam(gate.tenant.id, params.id ?? "", params.teamId ?? "");
  const [members, candidates, contents, eventTypes] = await Promise.all([
    listTeamMembers(gate.tenant.id, team.id),
    membersOutsideTeam(gate.tenant.id, organization.id, team.id),
    teamContents(gate.tenant.id, team.id),
    listEventTypes(gate.tenant.id, [team.id]),
  ]);
  const access = await organizationAccess(gate, organization.id);
  const canDelete = can(access.permissions, "organizations", "delete");
  return {
    title: team.name,
    organization: { id: organization.id, name: organization.name },
    team: { id: team.id, name: team.name, members: contents.members, eventTypes: contents.eventTypes, upcomingAppointments: contents.upcomingAppointments },
    members: members.map(({ id, name, email }) => ({ id, name, email })),
    candidates: candidates.map(({ id, name, email }) => ({ id, name, email })),
    eventTypes: eventTypes.map((type) => ({
      id: type.id,
      name: type.name,
      durationMinutes: type.duration_minutes,
      locationKind: type.location_kind,
      appointmentType: type.appointment_type,
      assignment: type.assignment,
      color: type.color,
      hosts: type.hosts.map((host) => host.name),
    })),
    canCreate: can(access.permissions, "organizations", "create"),
    canUpdate: can(access.permissions, "organizations", "update"),
    canDelete,
    confirmingDelete: canDelete && new URL(request.url).searchParams.get("confirm") === "delete",
    constraints: { rename: getZodConstraint(RenameTeamSchema), addMember: getZodConstraint(AddTeamMemberSchema) },
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const { organization, team } = await requireTeam(gate.tenant.id, params.id ?? "", params.teamId ?? "");
  return handleTeamAction(request, gate, organization.id, team, await organizationAccess(gate, organization.id));
}

export default function TeamPage() {
  const { t } = useTranslation("organizations");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { organization, team } = data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={team.name}
        description={t("team.of", { organization: organization.name })}
        back={
          <Link to={organizationPaths.page(organization.id, "teams")} className="text-primary-dark underline dark:text-primary">
            {t("team.back", { organization: organization.name })}
          </Link>
        }
        actions={data.canDelete ? <DeleteTeamAction organizationId={organization.id} team={team} /> : undefined}
      />
      {data.confirmingDelete ? (
        <Panel title={t("team.deleteTitle")}>
          <DeleteTeamForm organizationId={organization.id} team={team} />
        </Panel>
      ) : null}
      <EventTypesPanel organizationId={organization.id} teamId={team.id} rows={data.eventTypes} canCreate={data.canCreate} />
      <TeamMembersPanel
        organizationId={organization.id}
        team={team}
        members={data.members}
        candidates={data.candidates}
        canUpdate={data.canUpdate}
        reply={reply}
        constraint={data.constraints.addMember}
      />
      {data.canUpdate ? <RenameTeamPanel team={team} reply={reply} constraint={data.constraints.rename} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
