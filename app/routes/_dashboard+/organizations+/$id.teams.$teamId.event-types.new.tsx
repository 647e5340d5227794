import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { requireOrganizationAction } from "~/features/organizations/organization-access.server";
import { organizationPaths } from "~/features/organizations/paths";
import { EventTypeForm } from "~/features/scheduling/event-types/event-type-form";
import { saveEventTypeForm } from "~/features/scheduling/event-types/event-type-form.server";
import { requireEventTypePlace } from "~/features/scheduling/event-types/event-type-route.server";
import { DEFAULT_EVENT_TYPE } from "~/features/scheduling/event-types/event-type-rules";
import { EventTypeSchema } from "~/features/scheduling/event-types/event-type-schema";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["scheduling"] };

/** A new event type of a team. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const { organization, team, teamMembers } = await requireEventTypePlace(gate.tenant.id, params);
  await requireOrganizationAction(request, gate, organization.id, "create");
  const t = await getTranslator(request, "scheduling");
  return {
    title: t("eventTypes.newTitle"),
    organization: { id: organization.id, name: organization.name },
    team: { id: team.id, name: team.name },
    teamMembers,
    constraint: getZodConstraint(EventTypeSchema),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const { organization, team } = await requireEventTypePlace(gate.tenant.id, params);
  await requireOrganizationAction(request, gate, organization.id, "create");
  const outcome = await saveEventTypeForm(request, { tenantId: gate.tenant.id, teamId: team.id });
  if (!("saved" in outcome)) return outcome;
  return redirectWithToast(organizationPaths.team(organization.id, team.id), {
    type: "success",
    key: "scheduling:toast.eventTypeCreated",
    values: { name: outcome.name },
  });
}

export default function NewEventTypePage() {
  const { t } = useTranslation("scheduling");
  const { title, organization, team, teamMembers, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const back = organizationPaths.team(organization.id, team.id);
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={title}
        description={t("eventTypes.forTeam", { team: team.name, organization: organization.name })}
        back={
          <Link to={back} className="text-primary-dark underline dark:text-primary">
            {t("eventTypes.backToTeam", { team: team.name })}
          </Link>
        }
      />
      <Panel>
        <EventTypeForm
          lastResult={reply && "result" in reply ? reply.result : undefined}
          constraint={constraint}
          defaults={{
            ...DEFAULT_EVENT_TYPE,
            locationKind: "phone",
            phoneDirection: "agent-calls",
            appointmentType: "consultation",
            assignment: "single",
            color: "blue",
            hostIds: teamMembers.length === 1 ? [teamMembers[0]!.id] : [],
          }}
          teamMembers={teamMembers}
          submitLabel={t("eventTypes.create")}
          cancelHref={back}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
