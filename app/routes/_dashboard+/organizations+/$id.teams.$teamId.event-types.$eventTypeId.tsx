import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ConfirmAction, ConfirmForm, DeleteSummary, type FormFetcher } from "~/components/ui/confirm-action";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { requireOrganizationAction } from "~/features/organizations/organization-access.server";
import { can } from "~/features/roles/permissions";
import { organizationPaths } from "~/features/organizations/paths";
import { EventTypeForm } from "~/features/scheduling/event-types/event-type-form";
import { saveEventTypeForm } from "~/features/scheduling/event-types/event-type-form.server";
import { requireEventTypePlace } from "~/features/scheduling/event-types/event-type-route.server";
import { EventTypeSchema } from "~/features/scheduling/event-types/event-type-schema";
import { deleteEventType, upcomingAppointmentsOf } from "~/features/scheduling/event-types/event-types.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { forbidden } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["scheduling"] };

/** Edit an event type; delete it (`?confirm=delete` without JavaScript). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const { organization, team, eventType, teamMembers } = await requireEventTypePlace(gate.tenant.id, params);
  const access = await requireOrganizationAction(request, gate, organization.id, "update");
  const type = eventType!;
  const canDelete = can(access.permissions, "organizations", "delete");
  return {
    title: type.name,
    organization: { id: organization.id, name: organization.name },
    team: { id: team.id, name: team.name },
    eventType: { id: type.id, name: type.name, upcoming: await upcomingAppointmentsOf(gate.tenant.id, type.id) },
    defaults: {
      name: type.name,
      durationMinutes: type.duration_minutes,
      locationKind: type.location_kind,
      meetLink: type.location_kind === "google-meet" ? (type.location_detail ?? "") : "",
      address: type.location_kind === "in-person" ? (type.location_detail ?? "") : "",
      phoneDirection: type.location_kind === "phone" ? (type.location_detail ?? "agent-calls") : "agent-calls",
      appointmentType: type.appointment_type,
      bufferBeforeMinutes: type.buffer_before_minutes,
      bufferAfterMinutes: type.buffer_after_minutes,
      minimumNoticeHours: Math.round(type.minimum_notice_minutes / 60),
      bookableDaysAhead: type.bookable_days_ahead,
      hostIds: type.hosts.map((host) => host.id),
      assignment: type.assignment,
      color: type.color,
    },
    teamMembers,
    canDelete,
    confirmingDelete: canDelete && new URL(request.url).searchParams.get("confirm") === "delete",
    constraint: getZodConstraint(EventTypeSchema),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const { organization, team, eventType } = await requireEventTypePlace(gate.tenant.id, params);
  const access = await requireOrganizationAction(request, gate, organization.id, "update");
  const back = organizationPaths.team(organization.id, team.id);
  if (new URL(request.url).searchParams.get("intent") === "delete") {
    if (!can(access.permissions, "organizations", "delete")) throw await forbidden(request);
    await deleteEventType(gate.tenant.id, eventType!.id);
    return redirectWithToast(back, { type: "success", key: "scheduling:toast.eventTypeDeleted", values: { name: eventType!.name } });
  }
  const outcome = await saveEventTypeForm(request, { tenantId: gate.tenant.id, teamId: team.id, eventTypeId: eventType!.id });
  if (!("saved" in outcome)) return outcome;
  return redirectWithToast(back, { type: "success", key: "scheduling:toast.eventTypeSaved", values: { name: outcome.name } });
}

function DeleteEventTypeForm({
  here,
  eventType,
  fetcher,
  onCancel,
}: {
  here: string;
  eventType: { name: string; upcoming: number };
  fetcher?: FormFetcher;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("scheduling");
  return (
    <ConfirmForm action={`${here}?intent=delete`} confirmLabel={t("eventTypes.deleteConfirm")} cancelHref={here} fetcher={fetcher} onCancel={onCancel}>
      <p>{t("eventTypes.deleteQuestion", { name: eventType.name })}</p>
      <DeleteSummary>
        {eventType.upcoming > 0 ? t("eventTypes.deleteKeepsAppointments", { count: eventType.upcoming }) : t("eventTypes.deleteNothingBooked")}
      </DeleteSummary>
    </ConfirmForm>
  );
}

export default function EditEventTypePage() {
  const { t } = useTranslation("scheduling");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { organization, team, eventType } = data;
  const back = organizationPaths.team(organization.id, team.id);
  const here = organizationPaths.eventType(organization.id, team.id, eventType.id);
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={eventType.name}
        description={t("eventTypes.forTeam", { team: team.name, organization: organization.name })}
        back={
          <Link to={back} className="text-primary-dark underline dark:text-primary">
            {t("eventTypes.backToTeam", { team: team.name })}
          </Link>
        }
        actions={
          data.canDelete ? (
            <ConfirmAction
              href={organizationPaths.eventType(organization.id, team.id, eventType.id, { confirm: "delete" })}
              title={t("eventTypes.deleteTitle")}
              className={buttonClass("secondary", "text-red-700 dark:text-red-300")}
              content={({ fetcher, close }) => <DeleteEventTypeForm here={here} eventType={eventType} fetcher={fetcher} onCancel={close} />}
            >
              {t("eventTypes.delete")}
            </ConfirmAction>
          ) : undefined
        }
      />
      {data.confirmingDelete ? (
        <Panel title={t("eventTypes.deleteTitle")}>
          <DeleteEventTypeForm here={here} eventType={eventType} />
        </Panel>
      ) : null}
      <Panel>
        <EventTypeForm
          lastResult={reply && "result" in reply ? reply.result : undefined}
          constraint={data.constraint}
          defaults={data.defaults}
          teamMembers={data.teamMembers}
          submitLabel={t("eventTypes.save")}
          cancelHref={back}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
