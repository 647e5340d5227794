import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { organizationPaths } from "~/features/organizations/paths";
import { parseAppointmentParams } from "~/features/scheduling/booking/appointment-params";
import { appointmentFilterChoices, listAppointments } from "~/features/scheduling/booking/appointments.server";
import { AppointmentsList } from "~/features/scheduling/booking/appointments-list";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["scheduling"] };

/** /appointments: the selected organization's (or team's) appointments, filtered and paged by the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "appointments");
  const t = await getTranslator(request, "scheduling");
  const params = parseAppointmentParams(new URL(request.url).searchParams);
  const { organization, team } = gate.selection;
  const scope = organization ? { organizationId: organization.id, teamId: team?.id ?? null } : null;
  const [list, filters] = scope
    ? await Promise.all([listAppointments(gate.tenant.id, scope, params, gate.tenant.timeZone), appointmentFilterChoices(gate.tenant.id, scope)])
    : [
        { rows: [], total: 0, pageCount: 1 },
        { hosts: [], eventTypes: [] },
      ];
  return {
    title: t("appointments.title"),
    organization,
    team,
    params,
    timeZone: gate.tenant.timeZone,
    canCreate: can(gate.user.permissions, "appointments", "create"),
    rows: list.rows.map((row) => ({
      id: row.id,
      title: row.title,
      start: row.start_at,
      end: row.end_at,
      status: row.status,
      contactName: row.contact_name,
      hostName: row.host_name,
      color: row.color,
      rescheduled: row.reschedule_count > 0,
      source: row.source,
    })),
    total: list.total,
    pageCount: list.pageCount,
    filters: { hosts: filters.hosts.map(({ id, name }) => ({ id, name })), eventTypes: filters.eventTypes.map(({ id, name }) => ({ id, name })) },
  };
}

export const meta = titleFromLoader;

export default function AppointmentsPage() {
  const { t } = useTranslation("scheduling");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        title={data.title}
        description={
          data.organization
            ? data.team
              ? t("appointments.scopeTeam", { team: data.team.name, organization: data.organization.name })
              : t("appointments.scopeOrganization", { organization: data.organization.name })
            : t("appointments.intro")
        }
        actions={
          data.organization ? (
            <>
              <Link to="/calendar" className={buttonClass("secondary")}>
                {t("appointments.openCalendar")}
              </Link>
              {data.canCreate ? (
                <Link to="/appointments/new" className={buttonClass("primary")}>
                  {t("appointments.new")}
                </Link>
              ) : null}
            </>
          ) : undefined
        }
      />
      {!data.organization ? (
        <EmptyState
          title={t("staff.noOrganization")}
          action={
            <Link to={organizationPaths.create} className={buttonClass("primary", undefined, "sm")}>
              {t("staff.createOrganization")}
            </Link>
          }
        />
      ) : (
        <AppointmentsList params={data.params} rows={data.rows} total={data.total} pageCount={data.pageCount} timeZone={data.timeZone} filters={data.filters} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
