import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { inputClass } from "~/components/ui/field";
import { FilterDate, FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { formatDate, formatDateTime, formatNumber, formatRate } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { showFieldValue } from "./field-values";
import { responsesHref, sortHref, type Condition, type ResponsesParams } from "./response-params";
import type { CriterionAggregate, FieldAggregate, ResponseRow } from "./responses.server";
import type { TemplateDefinition } from "./template-definition";

const NS = "post-call";

export interface ResponsesViewData {
  params: ResponsesParams;
  templates: Array<{ id: string; name: string }>;
  template: { id: string; name: string; version: number; definition: TemplateDefinition };
  /** The conditions as applied (those the template could not read are dropped). */
  conditions: Condition[];
  campaigns: string[];
  agents: Array<{ id: string; name: string }>;
  total: number;
  page: number;
  pageCount: number;
  rows: ResponseRow[];
  aggregates: { fields: FieldAggregate[]; criteria: CriterionAggregate[] };
  timeZone: string;
  exportHref: string;
}

/** The filters, the counts over the view, and the table of answers (docs/product/post-call.md#responses). */
export function ResponsesView({ data }: { data: ResponsesViewData }) {
  const { t, i18n } = useTranslation(NS);
  const { params, template, conditions } = data;
  const fields = template.definition.fields;
  const n = (value: number) => formatNumber(value, i18n.language);
  const fieldName = (key: string) => fields.find((field) => field.key === key)?.name ?? key;
  const describeCondition = (condition: Condition) => {
    const field = fields.find((candidate) => candidate.key === condition.field);
    const value =
      condition.op === "found" || condition.op === "missing"
        ? ""
        : field?.type === "yes-no"
          ? t(`common.${condition.value === "yes" ? "yes" : "no"}`)
          : field?.type === "date"
            ? formatDate(`${condition.value}T12:00:00Z`, i18n.language, "UTC")
            : field?.type === "number"
              ? n(Number(condition.value))
              : condition.value;
    return t(`responses.ops.${condition.op}`, { field: fieldName(condition.field), value });
  };
  const hiddenBase: Array<[string, string]> = [
    ["template", template.id],
    ...conditions.map((condition): [string, string] => ["where", `${condition.field}:${condition.op}:${condition.value}`]),
  ];
  if (params.sort !== "createdAt" || params.order !== "desc") hiddenBase.push(["sort", params.sort], ["order", params.order]);

  const columns: Array<DataColumn<ResponseRow>> = [
    {
      id: "call",
      header: t("responses.columns.call"),
      primary: true,
      rowHeader: true,
      sort: { href: sortHref(params, "createdAt"), order: params.sort === "createdAt" ? params.order : null },
      cell: (row) => (
        <Link to={`/recordings/${row.callId}`} className="underline">
          {formatDateTime(row.createdAt, i18n.language, data.timeZone)}
        </Link>
      ),
    },
    { id: "campaign", header: t("responses.columns.campaign"), truncate: true, cell: (row) => row.campaign ?? "—" },
    ...fields.map((field): DataColumn<ResponseRow> => ({
      id: `field-${field.key}`,
      header: field.name,
      align: field.type === "number" ? "end" : "start",
      sort: { href: sortHref(params, field.key), order: params.sort === field.key ? params.order : null },
      cell: (row) => {
        const value = row.values[field.key];
        return (
          <span className={value?.found ? undefined : "text-slate-500 dark:text-slate-400"}>
            {showFieldValue(value?.value ?? null, value?.found ?? false, i18n.language, t)}
          </span>
        );
      },
    })),
  ];
  if (template.definition.criteria.length)
    columns.push({
      id: "criteria",
      header: t("responses.columns.criteria"),
      align: "end",
      cell: (row) => {
        const met = template.definition.criteria.filter((criterion) => row.criteria[criterion.key] === "met").length;
        return t("responses.criteriaMet", { met, total: template.definition.criteria.length });
      },
    });

  return (
    <div className="space-y-4">
      <FilterForm
        action="/response"
        label={t("responses.filtersLabel")}
        hidden={hiddenBase.filter(([name]) => name !== "template")}
        submitLabel={t("responses.apply")}
      >
        <FilterSelect
          id="response-template"
          name="template"
          label={t("responses.template")}
          value={template.id}
          anyLabel={t("responses.defaultTemplate")}
          options={data.templates.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        />
        <FilterDate id="response-from" name="from" label={t("responses.from")} value={params.from} />
        <FilterDate id="response-to" name="to" label={t("responses.to")} value={params.to} />
        <FilterSelect
          id="response-campaign"
          name="campaign"
          label={t("responses.campaign")}
          value={params.campaign}
          anyLabel={t("rerun.anyCampaign")}
          options={data.campaigns.map((name) => ({ value: name, label: name }))}
        />
        <FilterSelect
          id="response-agent"
          name="agent"
          label={t("responses.agent")}
          value={params.agent}
          anyLabel={t("rerun.anyAgent")}
          options={data.agents.map((agent) => ({ value: agent.id, label: agent.name }))}
        />
      </FilterForm>

      <Panel title={t("responses.conditionsTitle")}>
        <div className="space-y-3">
          {conditions.length ? (
            <ul className="flex flex-wrap gap-2" aria-label={t("responses.activeConditions")}>
              {conditions.map((condition, index) => (
                <li
                  key={`${condition.field}-${index}`}
                  className="flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
                >
                  <span>{describeCondition(condition)}</span>
                  <Link
                    to={responsesHref(params, { where: conditions.filter((_, other) => other !== index), page: 1 })}
                    className="underline"
                    aria-label={t("responses.removeConditionLabel", { condition: describeCondition(condition) })}
                  >
                    {t("responses.removeCondition")}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("responses.noConditions")}</p>
          )}
          <Form
            method="get"
            action="/response"
            className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end"
            aria-label={t("responses.addConditionLabel")}
          >
            {[
              ...hiddenBase,
              ...(params.from ? [["from", params.from]] : []),
              ...(params.to ? [["to", params.to]] : []),
              ...(params.campaign ? [["campaign", params.campaign]] : []),
              ...(params.agent ? [["agent", params.agent]] : []),
            ].map(([name, value], index) => (
              <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
            ))}
            <div className="space-y-1">
              <label htmlFor="condition-field" className="block text-sm font-medium">
                {t("responses.conditionField")}
              </label>
              <select id="condition-field" name="cf" className={inputClass}>
                {fields.map((field) => (
                  <option key={field.key} value={field.key}>
                    {field.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <label htmlFor="condition-op" className="block text-sm font-medium">
                {t("responses.conditionOp")}
              </label>
              <select id="condition-op" name="co" className={inputClass}>
                {(["eq", "gt", "lt", "found", "missing"] as const).map((op) => (
                  <option key={op} value={op}>
                    {t(`responses.opNames.${op}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <label htmlFor="condition-value" className="block text-sm font-medium">
                {t("responses.conditionValue")}
              </label>
              <input id="condition-value" name="cv" className={inputClass} autoComplete="off" aria-describedby="condition-value-hint" />
            </div>
            <button type="submit" className={buttonClass("secondary")}>
              {t("responses.addCondition")}
            </button>
            <p id="condition-value-hint" className="text-xs text-slate-500 dark:text-slate-400 sm:col-span-4">
              {t("responses.conditionHint")}
            </p>
          </Form>
        </div>
      </Panel>

      <section aria-labelledby="response-aggregates" className="space-y-2">
        <h2 id="response-aggregates" className="text-base font-semibold">
          {t("responses.aggregatesTitle", { count: data.total, formatted: n(data.total) })}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="response-aggregates">
          {data.aggregates.fields.map((aggregate) => {
            const field = fields.find((candidate) => candidate.key === aggregate.key)!;
            const foundNote = t("responses.foundIn", { found: n(aggregate.found), total: n(data.total) });
            if (field.type === "number")
              return (
                <Stat
                  key={field.key}
                  label={t("responses.average", { field: field.name })}
                  value={aggregate.average === null ? "—" : n(Math.round(aggregate.average * 100) / 100)}
                  note={foundNote}
                />
              );
            if (field.type === "yes-no")
              return (
                <Stat
                  key={field.key}
                  label={t("responses.yesShare", { field: field.name })}
                  value={aggregate.yesShare === null ? "—" : formatRate(aggregate.yesShare * 100, i18n.language)}
                  note={foundNote}
                />
              );
            if (field.type === "choice")
              return (
                <div key={field.key} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
                  <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{field.name}</p>
                  <ul className="mt-2 space-y-1 text-sm">
                    {aggregate.choices.map((choice) => (
                      <li key={choice.option} className="flex justify-between gap-3">
                        <span className="min-w-0 break-words">{choice.option}</span>
                        <span className="tabular-nums">{n(choice.count)}</span>
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{foundNote}</p>
                </div>
              );
            return <Stat key={field.key} label={field.name} value={n(aggregate.found)} note={foundNote} />;
          })}
          {data.aggregates.criteria.map((aggregate) => {
            const criterion = template.definition.criteria.find((candidate) => candidate.key === aggregate.key)!;
            return (
              <Stat
                key={criterion.key}
                label={t("responses.metShare", { criterion: criterion.name })}
                value={aggregate.metShare === null ? "—" : formatRate(aggregate.metShare * 100, i18n.language)}
                note={t("responses.judged", { met: n(aggregate.met), notMet: n(aggregate.notMet), unknown: n(aggregate.unknown) })}
              />
            );
          })}
        </div>
      </section>

      {data.rows.length === 0 ? (
        <p className="text-sm">{t("responses.noRows")}</p>
      ) : (
        <DataTable
          caption={t("responses.caption", { name: template.name })}
          rows={data.rows}
          rowKey={(row) => row.callId}
          columns={columns}
          data-testid="responses-table"
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Pagination page={data.page} pageCount={data.pageCount} href={(page) => responsesHref({ ...params, template: template.id }, { page })} />
        {data.total > 0 ? (
          <a href={data.exportHref} className={buttonClass("secondary")} download>
            {t("responses.export")}
          </a>
        ) : null}
      </div>
    </div>
  );
}
