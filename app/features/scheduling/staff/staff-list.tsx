import { Link } from "@remix-run/react";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { useWeekdayName } from "./working-hours-form";

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  timeZone: string | null;
  workingDays: number[];
  weeklyHours: number;
  upcomingOverrides: number;
}

export function StaffList({ rows }: { rows: StaffRow[] }) {
  const { t, i18n } = useTranslation("scheduling");
  const weekday = useWeekdayName();
  const columns: Array<DataColumn<StaffRow>> = [
    {
      id: "name",
      header: t("staff.name"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <Link to={`/staff/${encodeURIComponent(row.id)}`} className="break-words font-medium text-primary-dark underline dark:text-primary">
          {row.name}
        </Link>
      ),
    },
    { id: "email", header: t("staff.email"), truncate: true, cell: (row) => row.email },
    {
      id: "zone",
      header: t("staff.timeZone"),
      cell: (row) => (row.timeZone ? row.timeZone.replace(/_/g, " ") : <span className="text-slate-500 dark:text-slate-400">{t("staff.accountZone")}</span>),
    },
    {
      id: "days",
      header: t("staff.workingDays"),
      cell: (row) =>
        row.workingDays.length === 0 ? (
          <span className="text-amber-700 dark:text-amber-300">{t("staff.noHours")}</span>
        ) : (
          row.workingDays.map((day) => weekday(day, "short")).join(", ")
        ),
    },
    {
      id: "hours",
      header: t("staff.hoursPerWeek"),
      align: "end",
      cell: (row) => t("staff.hoursValue", { value: formatNumber(row.weeklyHours, i18n.language) }),
    },
    { id: "overrides", header: t("staff.overrides"), align: "end", cell: (row) => formatNumber(row.upcomingOverrides, i18n.language) },
  ];
  return (
    <DataTable
      caption={t("staff.title")}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowData={(row) => ({ "data-staff": row.email })}
      data-testid="staff-table"
    />
  );
}
