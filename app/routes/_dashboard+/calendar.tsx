import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/page-header";
import { Tabs } from "~/components/ui/tabs";
import { requireReadAccess } from "~/features/access/gate.server";
import { organizationPaths } from "~/features/organizations/paths";
import { appointmentFilterChoices } from "~/features/scheduling/booking/appointments.server";
import { AgendaList, MonthGrid, TimeGrid } from "~/features/scheduling/calendar/calendar-grid";
import { calendarEntries } from "~/features/scheduling/calendar/calendar.server";
import { CALENDAR_VIEWS, calendarHref, parseCalendarParams, shiftDate, visibleDays } from "~/features/scheduling/calendar/calendar-view";
import { colorSwatchClass } from "~/features/scheduling/event-types/event-type-colors";
import { schedulingScope } from "~/features/scheduling/scope.server";
import { todayKey } from "~/features/scheduling/availability/slot-picker.server";
import { dateTimeFormat } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["scheduling"] };

/** /calendar?view=month|week|day&date=&staff=: the selection's appointments on a server-rendered calendar, in the viewer's zone. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "calendar");
  const t = await getTranslator(request, "scheduling");
  const params = parseCalendarParams(new URL(request.url).searchParams);
  const timeZone = gate.tenant.timeZone;
  const today = todayKey(timeZone);
  const date = params.date ?? today;
  const days = visibleDays(params.view, date);
  const scope = schedulingScope(gate);
  const [entries, choices] = scope
    ? await Promise.all([calendarEntries(gate.tenant.id, scope, days, { staff: params.staff, timeZone }), appointmentFilterChoices(gate.tenant.id, scope)])
    : [[], { hosts: [], eventTypes: [] }];
  return {
    title: t("calendar.title"),
    organization: gate.selection.organization,
    team: gate.selection.team,
    params: { ...params, date },
    today,
    days,
    entries,
    timeZone,
    hosts: choices.hosts.map(({ id, name }) => ({ id, name })),
    legend: choices.eventTypes.map(({ id, name, color }) => ({ id, name, color })),
    previous: shiftDate(params.view, date, -1),
    next: shiftDate(params.view, date, 1),
    myFeed: `/staff/${encodeURIComponent(gate.user.id)}`,
  };
}

export const meta = titleFromLoader;

export default function CalendarPage() {
  const { t, i18n } = useTranslation("scheduling");
  const data = useLoaderData<typeof loader>();
  const { params } = data;
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  const heading =
    params.view === "month"
      ? dateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" }).format(noon(params.date))
      : params.view === "day"
        ? dateTimeFormat(i18n.language, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(noon(params.date))
        : `${dateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(noon(data.days[0]!))} – ${dateTimeFormat(i18n.language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(noon(data.days.at(-1)!))}`;
  const dayHref = (day: string) => calendarHref(params, { view: "day", date: day });
  if (!data.organization) {
    return (
      <div className="space-y-6">
        <PageHeader title={data.title} />
        <EmptyState
          title={t("staff.noOrganization")}
          action={
            <Link to={organizationPaths.create} className={buttonClass("primary", undefined, "sm")}>
              {t("staff.createOrganization")}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <PageHeader
        title={data.title}
        description={
          data.team
            ? t("appointments.scopeTeam", { team: data.team.name, organization: data.organization.name })
            : t("appointments.scopeOrganization", { organization: data.organization.name })
        }
        actions={
          <>
            <Link to={data.myFeed} className={buttonClass("secondary")}>
              {t("calendar.subscribe")}
            </Link>
            <Link to="/appointments/new" className={buttonClass("primary")}>
              {t("appointments.new")}
            </Link>
          </>
        }
      />
      <Tabs
        label={t("calendar.viewsLabel")}
        active={params.view}
        tabs={CALENDAR_VIEWS.map((view) => ({ value: view, label: t(`calendar.views.${view}`), to: calendarHref(params, { view }) }))}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={calendarHref(params, { date: data.previous })}
            className={buttonClass("secondary", undefined, "sm")}
            aria-label={t(`calendar.previous.${params.view}`)}
          >
            ←
          </Link>
          <Link to={calendarHref(params, { date: data.today })} className={buttonClass("secondary", undefined, "sm")}>
            {t("calendar.today")}
          </Link>
          <Link
            to={calendarHref(params, { date: data.next })}
            className={buttonClass("secondary", undefined, "sm")}
            aria-label={t(`calendar.next.${params.view}`)}
          >
            →
          </Link>
          <h2 className="text-lg font-semibold" data-testid="calendar-heading">
            {heading}
          </h2>
        </div>
        <FilterForm
          action="/calendar"
          label={t("calendar.filters")}
          hidden={[...(params.view !== "week" ? ([["view", params.view]] as Array<[string, string]>) : []), ["date", params.date]]}
          submitLabel={t("appointments.apply")}
        >
          <FilterSelect
            id="calendar-staff"
            name="staff"
            label={t("appointments.list.host")}
            value={params.staff}
            anyLabel={t("appointments.anyHost")}
            options={data.hosts.map((host) => ({ value: host.id, label: host.name }))}
          />
        </FilterForm>
      </div>
      {params.view === "month" ? (
        <MonthGrid days={data.days} month={params.date.slice(0, 7)} today={data.today} entries={data.entries} timeZone={data.timeZone} dayHref={dayHref} />
      ) : params.view === "week" ? (
        <>
          <div className="hidden sm:block">
            <TimeGrid days={data.days} today={data.today} entries={data.entries} timeZone={data.timeZone} dayHref={dayHref} view="week" />
          </div>
          <div className="sm:hidden">
            <AgendaList days={data.days} today={data.today} entries={data.entries} timeZone={data.timeZone} dayHref={dayHref} />
          </div>
        </>
      ) : (
        <TimeGrid days={data.days} today={data.today} entries={data.entries} timeZone={data.timeZone} dayHref={dayHref} view="day" />
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t("picker.zone", { zone: data.timeZone.replace(/_/g, " ") })} {t("calendar.cancelledHidden")}
      </p>
      {data.legend.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300" aria-label={t("calendar.legend")}>
          {data.legend.map((type) => (
            <li key={type.id} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${colorSwatchClass(type.color)}`} />
              {type.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
