import { Link } from "@remix-run/react";
import { DataTable } from "~/components/ui/data-table";
import { Panel } from "~/components/ui/panel";
import { formatNumber, formatRate } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { OutcomeGrouping, OutcomeRow } from "./outcomes.server";

/** Per campaign or agent: criteria met and the fields most often not found (docs/product/post-call.md#outcomes). */
export function TemplateOutcomesPanel({ rows, by, hrefFor }: { rows: OutcomeRow[]; by: OutcomeGrouping; hrefFor: (by: OutcomeGrouping) => string }) {
  const { t, i18n } = useTranslation("post-call");
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <Panel
      title={t("outcomes.title")}
      actions={
        <nav aria-label={t("outcomes.groupingLabel")} className="flex gap-3 text-sm">
          {(["campaign", "agent"] as const).map((grouping) =>
            grouping === by ? (
              <span key={grouping} aria-current="page" className="font-semibold">
                {t(`outcomes.by.${grouping}`)}
              </span>
            ) : (
              <Link key={grouping} to={hrefFor(grouping)} className="underline">
                {t(`outcomes.by.${grouping}`)}
              </Link>
            ),
          )}
        </nav>
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm">{t("outcomes.empty")}</p>
      ) : (
        <DataTable
          caption={t("outcomes.caption")}
          rows={rows}
          rowKey={(row) => `${row.group ?? ""}|${row.templateId}`}
          data-testid="template-outcomes"
          columns={[
            { id: "group", header: t(`outcomes.columns.${by}`), primary: true, rowHeader: true, cell: (row) => row.group ?? t(`outcomes.none.${by}`) },
            {
              id: "template",
              header: t("outcomes.columns.template"),
              cell: (row) => (
                <Link to={`/response?template=${row.templateId}`} className="underline">
                  {row.templateName}
                </Link>
              ),
            },
            { id: "calls", header: t("outcomes.columns.calls"), align: "end", cell: (row) => n(row.calls) },
            {
              id: "criteria",
              header: t("outcomes.columns.criteria"),
              cell: (row) =>
                row.criteria.length ? (
                  <ul>
                    {row.criteria.map((criterion) => (
                      <li key={criterion.key}>
                        {t("outcomes.criterion", {
                          name: criterion.name,
                          share: criterion.judged ? formatRate((criterion.met / criterion.judged) * 100, i18n.language) : "—",
                          judged: n(criterion.judged),
                        })}
                      </li>
                    ))}
                  </ul>
                ) : (
                  "—"
                ),
            },
            {
              id: "missing",
              header: t("outcomes.columns.missing"),
              cell: (row) =>
                row.missing.length ? (
                  <ul>
                    {row.missing.map((field) => (
                      <li key={field.key}>{t("outcomes.missingField", { name: field.name, count: field.count, formatted: n(field.count) })}</li>
                    ))}
                  </ul>
                ) : (
                  t("outcomes.nothingMissing")
                ),
            },
          ]}
        />
      )}
    </Panel>
  );
}
