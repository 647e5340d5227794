import { Link } from "@remix-run/react";
import { StatusBadge, type BadgeTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterDate, FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { Pagination } from "~/components/ui/pagination";
import { Tabs } from "~/components/ui/tabs";
import { dateTimeFormat, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { APPOINTMENT_STATUSES, APPOINTMENT_WHEN, appointmentsHref, type AppointmentListParams } from "./appointment-params";
import { colorSwatchClass } from "../event-types/event-type-colors";

export interface AppointmentRow {
  id: string;
  title: string;
  start: string;
  end: string;
  status: string;
  contactName: string;
  hostName: string | null;
  color: string | null;
  rescheduled: boolean;
  source: string;
}

export const STATUS_TONES: Record<string, BadgeTone> = { booked: "info", cancelled: "neutral", "no-show": "warning" };

export function useAppointmentTime(timeZone: string) {
  const { i18n } = useTranslation();
  const day = dateTimeFormat(i18n.language, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone });
  const time = dateTimeFormat(i18n.language, { hour: "numeric", minute: "2-digit", timeZone });
  return {
    day: (iso: string) => day.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
    range: (start: string, end: string) => `${day.format(new Date(start))}, ${time.format(new Date(start))}–${time.format(new Date(end))}`,
  };
}

export function AppointmentsList({
  params,
  rows,
  total,
  pageCount,
  timeZone,
  filters,
}: {
  params: AppointmentListParams;
  rows: AppointmentRow[];
  total: number;
  pageCount: number;
  timeZone: string;
  filters: { hosts: Array<{ id: string; name: string }>; eventTypes: Array<{ id: string; name: string }> };
}) {
  const { t, i18n } = useTranslation("scheduling");
  const format = useAppointmentTime(timeZone);
  const columns: Array<DataColumn<AppointmentRow>> = [
    {
      id: "when",
      header: t("appointments.list.when"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <Link to={`/appointments/${encodeURIComponent(row.id)}`} className="font-medium text-primary-dark underline dark:text-primary">
          {format.range(row.start, row.end)}
        </Link>
      ),
    },
    { id: "contact", header: t("appointments.list.contact"), truncate: true, cell: (row) => row.contactName },
    {
      id: "type",
      header: t("appointments.list.eventType"),
      cell: (row) => (
        <span className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${colorSwatchClass(row.color ?? "blue")}`} />
          <span className="min-w-0 break-words">{row.title}</span>
        </span>
      ),
    },
    { id: "host", header: t("appointments.list.host"), cell: (row) => row.hostName ?? t("appointments.noHost") },
    {
      id: "status",
      header: t("appointments.list.status"),
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-1">
          <StatusBadge status={row.status} tones={STATUS_TONES} label={t(`statuses.${row.status}`)} />
          {row.rescheduled && row.status === "booked" ? (
            <span className="text-xs text-slate-500 dark:text-slate-400">{t("appointments.list.rescheduled")}</span>
          ) : null}
        </span>
      ),
    },
  ];
  const filtered = Boolean(params.status || params.staff || params.eventType || params.from || params.to);
  return (
    <div className="space-y-4">
      <Tabs
        label={t("appointments.whenLabel")}
        active={params.when}
        tabs={APPOINTMENT_WHEN.map((when) => ({ value: when, label: t(`appointments.when.${when}`), to: appointmentsHref(params, { when, page: 1 }) }))}
      />
      <FilterForm
        action="/appointments"
        label={t("appointments.filters")}
        hidden={params.when !== "upcoming" ? [["when", params.when]] : []}
        submitLabel={t("appointments.apply")}
      >
        <FilterSelect
          id="appointments-status"
          name="status"
          label={t("appointments.list.status")}
          value={params.status}
          anyLabel={t("appointments.anyStatus")}
          options={APPOINTMENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        />
        <FilterSelect
          id="appointments-staff"
          name="staff"
          label={t("appointments.list.host")}
          value={params.staff}
          anyLabel={t("appointments.anyHost")}
          options={filters.hosts.map((host) => ({ value: host.id, label: host.name }))}
        />
        <FilterSelect
          id="appointments-type"
          name="eventType"
          label={t("appointments.list.eventType")}
          value={params.eventType}
          anyLabel={t("appointments.anyEventType")}
          options={filters.eventTypes.map((type) => ({ value: type.id, label: type.name }))}
        />
        <FilterDate id="appointments-from" name="from" label={t("appointments.from")} value={params.from} />
        <FilterDate id="appointments-to" name="to" label={t("appointments.to")} value={params.to} />
      </FilterForm>
      {total > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="appointments-status">
          {t("appointments.status", {
            count: total,
            total: formatNumber(total, i18n.language),
            page: formatNumber(params.page, i18n.language),
            pages: formatNumber(pageCount, i18n.language),
          })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          title={filtered ? t("appointments.noMatch") : t(`appointments.empty.${params.when}`)}
          action={
            filtered ? (
              <Link
                to={appointmentsHref(params, { status: null, staff: null, eventType: null, from: null, to: null, page: 1 })}
                className={buttonClass("secondary", undefined, "sm")}
              >
                {t("appointments.clearFilters")}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <DataTable
          caption={t("appointments.title")}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          rowData={(row) => ({ "data-appointment": row.contactName })}
          data-testid="appointments-table"
        />
      )}
      {pageCount > 1 ? <Pagination page={params.page} pageCount={pageCount} href={(page) => appointmentsHref(params, { page })} /> : null}
    </div>
  );
}
