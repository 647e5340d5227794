import { Link } from "@remix-run/react";
import { StatusBadge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { formatDateTime, formatNumber, formatSuccessRate } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { STATUS_TONES } from "./integration-overview";
import { integrationPaths } from "./paths";

export interface ActiveIntegrationRow {
  id: string;
  crmName: string;
  logo: string;
  status: "enabled" | "disabled";
  lastTestAt: string | null;
  lastTestOk: boolean | null;
  recordsSynced: number;
  syncs: number;
  successRate: number | null;
  queued: number;
}

/** The selected organization's connections: status, last test, what moved; enable/disable asks first (docs/product/behaviour.md#integration-hub). */
export function ActiveIntegrations({
  rows,
  timeZone,
  canUpdate,
  canCreate,
}: {
  rows: ActiveIntegrationRow[];
  timeZone: string;
  canUpdate: boolean;
  canCreate: boolean;
}) {
  const { t, i18n } = useTranslation("integrations");
  if (rows.length === 0) {
    return (
      <EmptyState
        data-testid="no-integrations"
        title={t("active.none")}
        action={
          canCreate ? (
            <Link to={integrationPaths.hub} className={buttonClass("primary", undefined, "sm")}>
              {t("active.browse")}
            </Link>
          ) : undefined
        }
      >
        {t("active.noneHint")}
      </EmptyState>
    );
  }
  const columns: Array<DataColumn<ActiveIntegrationRow>> = [
    {
      id: "name",
      header: t("active.name"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <Link to={integrationPaths.page(row.id)} className="flex min-w-0 items-center gap-2 font-medium text-primary-dark underline dark:text-primary">
          <img src={row.logo} alt="" width={24} height={24} className="h-6 w-6 shrink-0 rounded" />
          <span className="break-words">{row.crmName}</span>
        </Link>
      ),
    },
    { id: "status", header: t("active.status"), cell: (row) => <StatusBadge status={row.status} tones={STATUS_TONES} label={t(`status.${row.status}`)} /> },
    {
      id: "test",
      header: t("active.lastTest"),
      cell: (row) =>
        row.lastTestAt
          ? `${row.lastTestOk ? t("active.testOk") : t("active.testFailed")} · ${formatDateTime(row.lastTestAt, i18n.language, timeZone)}`
          : t("active.neverTested"),
    },
    { id: "records", header: t("stats.recordsSynced"), align: "end", cell: (row) => formatNumber(row.recordsSynced, i18n.language) },
    { id: "rate", header: t("stats.successRate"), align: "end", cell: (row) => formatSuccessRate(row.successRate, i18n.language) },
  ];
  return (
    <DataTable
      caption={t("active.caption")}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowData={(row) => ({ "data-integration": row.id, "data-status": row.status })}
      data-testid="active-integrations"
      actions={
        canUpdate
          ? {
              header: t("active.actions"),
              cell: (row) => {
                const to = row.status === "enabled" ? "disabled" : "enabled";
                return (
                  <ConfirmAction
                    href={integrationPaths.page(row.id, "overview", { confirm: "toggle" })}
                    title={t(`toggle.title.${to}`)}
                    label={`${t(`toggle.button.${to}`)} ${row.crmName}`}
                    className={buttonClass("secondary", undefined, "sm")}
                    content={({ fetcher, close }) => (
                      <ConfirmForm
                        action={integrationPaths.page(row.id)}
                        hidden={{ intent: "toggle", status: to, returnTo: integrationPaths.active }}
                        confirmLabel={t(`toggle.confirm.${to}`)}
                        confirmVariant={to === "disabled" ? "danger" : "primary"}
                        cancelHref={integrationPaths.active}
                        fetcher={fetcher}
                        onCancel={close}
                      >
                        <p>{t(`toggle.question.${to}`, { crm: row.crmName })}</p>
                      </ConfirmForm>
                    )}
                  >
                    {t(`toggle.button.${to}`)}
                  </ConfirmAction>
                );
              },
            }
          : undefined
      }
    />
  );
}
