import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { Panel } from "~/components/ui/panel";
import { organizationPaths } from "~/features/organizations/paths";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { colorSwatchClass } from "./event-type-colors";

export interface EventTypeRow {
  id: string;
  name: string;
  durationMinutes: number;
  locationKind: string;
  appointmentType: string;
  assignment: string;
  color: string;
  hosts: string[];
}

/** A team's event types, each a link to its form; "New event type" for those who may create. */
export function EventTypesPanel({
  organizationId,
  teamId,
  rows,
  canCreate,
}: {
  organizationId: string;
  teamId: string;
  rows: EventTypeRow[];
  canCreate: boolean;
}) {
  const { t, i18n } = useTranslation("scheduling");
  const columns: Array<DataColumn<EventTypeRow>> = [
    {
      id: "name",
      header: t("eventTypes.list.name"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <span className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true" className={`h-3 w-3 shrink-0 rounded-full ${colorSwatchClass(row.color)}`} />
          {canCreate ? (
            <Link
              to={organizationPaths.eventType(organizationId, teamId, row.id)}
              className="break-words font-medium text-primary-dark underline dark:text-primary"
            >
              {row.name}
            </Link>
          ) : (
            <span className="break-words">{row.name}</span>
          )}
        </span>
      ),
    },
    { id: "type", header: t("eventTypes.list.type"), cell: (row) => t(`appointmentTypes.${row.appointmentType}`) },
    {
      id: "duration",
      header: t("eventTypes.list.duration"),
      align: "end",
      cell: (row) => t("eventTypes.list.minutes", { count: row.durationMinutes, value: formatNumber(row.durationMinutes, i18n.language) }),
    },
    { id: "location", header: t("eventTypes.list.location"), cell: (row) => t(`locations.${row.locationKind}`) },
    {
      id: "hosts",
      header: t("eventTypes.list.hosts"),
      cell: (row) =>
        row.hosts.length === 0 ? (
          <span className="text-amber-700 dark:text-amber-300">{t("eventTypes.list.noHosts")}</span>
        ) : (
          <span className="break-words">
            {row.hosts.join(", ")}
            {row.assignment === "round-robin" ? ` · ${t("assignments.round-robin")}` : ""}
          </span>
        ),
    },
  ];
  return (
    <Panel
      title={t("eventTypes.title")}
      actions={
        canCreate ? (
          <Link to={organizationPaths.newEventType(organizationId, teamId)} className={buttonClass("primary", undefined, "sm")}>
            {t("eventTypes.new")}
          </Link>
        ) : undefined
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("eventTypes.empty")}</p>
      ) : (
        <DataTable
          caption={t("eventTypes.title")}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          rowData={(row) => ({ "data-event-type": row.name })}
          data-testid="event-types-table"
        />
      )}
    </Panel>
  );
}
