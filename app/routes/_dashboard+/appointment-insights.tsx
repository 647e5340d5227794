import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { DEFAULT_DATE_RANGE, isDateRangeKey, type DateRangeKey } from "~/lib/dates/date-ranges";
import { organizationPaths } from "~/features/organizations/paths";
import { appointmentFilterChoices } from "~/features/scheduling/booking/appointments.server";
import { InsightsPanel } from "~/features/scheduling/insights-panel";
import { appointmentInsights } from "~/features/scheduling/insights.server";
import { schedulingScope } from "~/features/scheduling/scope.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { optionalText, readParams } from "~/lib/url-params/url-params";

export const handle: I18nHandle = { i18n: ["scheduling"] };

/** /appointment-insights?range=&staff=&eventType=: booked, cancelled, rescheduled and missed appointments, with rates, by host and type. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "appointment-insights");
  const t = await getTranslator(request, "scheduling");
  const searchParams = new URL(request.url).searchParams;
  const requested = searchParams.get("range");
  const range: DateRangeKey = isDateRangeKey(requested) ? requested : DEFAULT_DATE_RANGE;
  const { staff, eventType } = readParams(searchParams, {
    staff: optionalText({ trim: true, maxLength: 64 }),
    eventType: optionalText({ trim: true, maxLength: 64 }),
  });
  const scope = schedulingScope(gate);
  const [view, choices] = scope
    ? await Promise.all([
        appointmentInsights(gate.tenant.id, scope, { range, staff, eventType }, gate.tenant.timeZone),
        appointmentFilterChoices(gate.tenant.id, scope),
      ])
    : [null, { hosts: [], eventTypes: [] }];
  return {
    title: t("insights.title"),
    organization: gate.selection.organization,
    team: gate.selection.team,
    range,
    staff,
    eventType,
    view,
    hosts: choices.hosts.map(({ id, name }) => ({ id, name })),
    eventTypes: choices.eventTypes.map(({ id, name }) => ({ id, name })),
  };
}

export const meta = titleFromLoader;

export default function AppointmentInsightsPage() {
  const { t } = useTranslation("scheduling");
  const data = useLoaderData<typeof loader>();
  const hrefForRange = (range: DateRangeKey) => {
    const search = new URLSearchParams();
    if (range !== DEFAULT_DATE_RANGE) search.set("range", range);
    if (data.staff) search.set("staff", data.staff);
    if (data.eventType) search.set("eventType", data.eventType);
    const query = search.toString();
    return `/appointment-insights${query ? `?${query}` : ""}`;
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={data.title}
        description={
          data.organization
            ? data.team
              ? t("appointments.scopeTeam", { team: data.team.name, organization: data.organization.name })
              : t("appointments.scopeOrganization", { organization: data.organization.name })
            : t("insights.intro")
        }
      />
      {!data.organization || !data.view ? (
        <EmptyState
          title={t("staff.noOrganization")}
          action={
            <Link to={organizationPaths.create} className={buttonClass("primary", undefined, "sm")}>
              {t("staff.createOrganization")}
            </Link>
          }
        />
      ) : (
        <>
          <FilterForm
            action="/appointment-insights"
            label={t("insights.filters")}
            hidden={data.range !== DEFAULT_DATE_RANGE ? [["range", data.range]] : []}
            submitLabel={t("appointments.apply")}
          >
            <FilterSelect
              id="insights-staff"
              name="staff"
              label={t("insights.host")}
              value={data.staff}
              anyLabel={t("appointments.anyHost")}
              options={data.hosts.map((host) => ({ value: host.id, label: host.name }))}
            />
            <FilterSelect
              id="insights-type"
              name="eventType"
              label={t("insights.eventType")}
              value={data.eventType}
              anyLabel={t("appointments.anyEventType")}
              options={data.eventTypes.map((type) => ({ value: type.id, label: type.name }))}
            />
          </FilterForm>
          <InsightsPanel view={data.view} hrefForRange={hrefForRange} staff={data.staff} eventType={data.eventType} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
