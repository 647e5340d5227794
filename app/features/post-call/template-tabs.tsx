import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormErrors, SelectField, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { TemplateDefinition } from "./template-definition";

const NS = "post-call";

export const TEMPLATE_TABS = ["fields", "assignments", "versions", "rerun"] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

export const templateTabHref = (id: string, tab: TemplateTab, extra = "") => `/templates/${id}${tab === "fields" ? "" : `?tab=${tab}`}${extra}`;

interface Target {
  id: string;
  label: string;
  /** The template it uses now, when another one. */
  otherTemplate: string | null;
  checked: boolean;
}

/** Which campaigns, agents and numbers use this template: checkboxes, one form (docs/product/post-call.md#which-template). */
export function AssignmentsForm({
  groups,
  canUpdate,
  lastResult,
}: {
  groups: ReadonlyArray<{ kind: "campaign" | "agent" | "number"; targets: Target[] }>;
  canUpdate: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation(NS);
  const busy = useIsPending({ intent: "assign" });
  return (
    <Form method="post" className="max-w-3xl space-y-4">
      <input type="hidden" name="intent" value="assign" />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("assign.intro")}</p>
      <FormErrors errors={lastResult?.error?.[""] ?? undefined} namespace={NS} />
      <fieldset disabled={!canUpdate} className="space-y-4">
        <legend className="sr-only">{t("assign.legend")}</legend>
        {groups.map((group) => (
          <Panel key={group.kind} title={t(`assign.groups.${group.kind}`)}>
            {group.targets.length === 0 ? (
              <p className="text-sm">{t(`assign.none.${group.kind}`)}</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {group.targets.map((target) => (
                  <li key={target.id} className="flex items-start gap-2">
                    <input
                      type="checkbox"
                      id={`assign-${group.kind}-${target.id}`}
                      name={group.kind}
                      value={target.id}
                      defaultChecked={target.checked}
                      className="mt-0.5 h-4 w-4 shrink-0 accent-[rgb(var(--color-primary-button))]"
                    />
                    <label htmlFor={`assign-${group.kind}-${target.id}`} className="min-w-0 break-words text-sm">
                      {target.label}
                      {target.otherTemplate ? (
                        <span className="block text-xs text-slate-500 dark:text-slate-400">{t("assign.usesOther", { name: target.otherTemplate })}</span>
                      ) : null}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        ))}
        {canUpdate ? (
          <Button type="submit" disabled={busy}>
            {busy ? t("assign.saving") : t("assign.save")}
          </Button>
        ) : null}
      </fieldset>
    </Form>
  );
}

/** A version's fields and criteria, read-only. */
export function DefinitionView({ definition }: { definition: TemplateDefinition }) {
  const { t } = useTranslation(NS);
  return (
    <div className="space-y-4">
      {definition.summaryInstruction ? (
        <p className="text-sm">
          <span className="font-medium">{t("form.summaryInstruction")}: </span>
          {definition.summaryInstruction}
        </p>
      ) : null}
      <DataTable
        caption={t("versions.fieldsCaption")}
        rows={definition.fields}
        rowKey={(field) => field.key}
        columns={[
          { id: "name", header: t("form.fieldName"), primary: true, rowHeader: true, cell: (field) => field.name },
          {
            id: "type",
            header: t("form.fieldType"),
            cell: (field) => t(`types.${field.type}`) + (field.options.length ? ` (${field.options.join(", ")})` : ""),
          },
          { id: "required", header: t("form.fieldRequired"), cell: (field) => (field.required ? t("common.yes") : t("common.no")) },
          { id: "description", header: t("form.fieldDescription"), cell: (field) => field.description || "—" },
        ]}
      />
      {definition.criteria.length ? (
        <DataTable
          caption={t("versions.criteriaCaption")}
          rows={definition.criteria}
          rowKey={(criterion) => criterion.key}
          columns={[
            { id: "name", header: t("form.criterionName"), primary: true, rowHeader: true, cell: (criterion) => criterion.name },
            { id: "description", header: t("form.criterionDescription"), cell: (criterion) => criterion.description || "—" },
            {
              id: "rule",
              header: t("form.ruleField"),
              cell: (criterion) =>
                criterion.rule
                  ? t(`ruleSummary.${criterion.rule.check}`, {
                      field: definition.fields.find((field) => field.key === criterion.rule!.field)?.name ?? criterion.rule.field,
                    })
                  : t("form.ruleNone"),
            },
          ]}
        />
      ) : null}
    </div>
  );
}

export function VersionsTable({
  templateId,
  versions,
  shown,
  timeZone,
}: {
  templateId: string;
  versions: Array<{ version: number; createdAt: string; createdBy: string | null; calls: number }>;
  shown: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation(NS);
  return (
    <DataTable
      caption={t("versions.caption")}
      rows={versions}
      rowKey={(row) => String(row.version)}
      columns={[
        {
          id: "version",
          header: t("versions.columns.version"),
          primary: true,
          rowHeader: true,
          cell: (row) =>
            row.version === shown ? (
              <span className="flex items-center gap-2">
                {t("list.version", { version: row.version })} <Badge tone="info">{t("versions.shown")}</Badge>
              </span>
            ) : (
              <Link to={templateTabHref(templateId, "versions", `&version=${row.version}`)} className="underline">
                {t("list.version", { version: row.version })}
              </Link>
            ),
        },
        { id: "created", header: t("versions.columns.created"), cell: (row) => formatDateTime(row.createdAt, i18n.language, timeZone) },
        { id: "by", header: t("versions.columns.by"), cell: (row) => row.createdBy ?? "—" },
        { id: "calls", header: t("versions.columns.calls"), align: "end", cell: (row) => formatNumber(row.calls, i18n.language) },
      ]}
    />
  );
}

export interface RerunSummary {
  id: string;
  template_version: number;
  status: string;
  total: number;
  processed: number;
  changed: number;
  failed: number;
  created_at: string;
}

/** "Re-run on past calls": the filter, and the last runs with links to their progress pages. */
export function RerunForm({
  templateId,
  version,
  campaigns,
  agents,
  runs,
  canUpdate,
  lastResult,
  timeZone,
}: {
  templateId: string;
  version: number;
  campaigns: string[];
  agents: Array<{ id: string; name: string }>;
  runs: RerunSummary[];
  canUpdate: boolean;
  lastResult?: SubmissionResult<string[]>;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation(NS);
  const busy = useIsPending({ intent: "rerun" });
  const errors = lastResult?.error ?? {};
  const value = (name: string) => {
    const initial = lastResult?.initialValue?.[name];
    return typeof initial === "string" ? initial : "";
  };
  return (
    <div className="space-y-6">
      {canUpdate ? (
        <Form method="post" className="max-w-3xl space-y-4" id="rerun">
          <input type="hidden" name="intent" value="rerun" />
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("rerun.intro", { version })}</p>
          <FormErrors errors={errors[""] ?? undefined} namespace={NS} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("rerun.from")}
              errors={errors.from ?? undefined}
              namespace={NS}
              inputProps={{ id: "rerun-from", name: "from", type: "date", defaultValue: value("from") }}
            />
            <TextField
              label={t("rerun.to")}
              errors={errors.to ?? undefined}
              namespace={NS}
              inputProps={{ id: "rerun-to", name: "to", type: "date", defaultValue: value("to") }}
            />
            <SelectField
              label={t("rerun.campaign")}
              namespace={NS}
              selectProps={{ id: "rerun-campaign", name: "campaign", defaultValue: value("campaign") }}
              options={[{ value: "", label: t("rerun.anyCampaign") }, ...campaigns.map((name) => ({ value: name, label: name }))]}
            />
            <SelectField
              label={t("rerun.agent")}
              namespace={NS}
              selectProps={{ id: "rerun-agent", name: "agent", defaultValue: value("agent") }}
              options={[{ value: "", label: t("rerun.anyAgent") }, ...agents.map((agent) => ({ value: agent.id, label: agent.name }))]}
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? t("rerun.starting") : t("rerun.start")}
          </Button>
        </Form>
      ) : null}
      <section className="space-y-2" aria-labelledby="rerun-history">
        <h2 id="rerun-history" className="text-base font-semibold">
          {t("rerun.history")}
        </h2>
        {runs.length === 0 ? (
          <p className="text-sm">{t("rerun.noRuns")}</p>
        ) : (
          <DataTable
            caption={t("rerun.history")}
            rows={runs}
            rowKey={(run) => run.id}
            columns={[
              {
                id: "when",
                header: t("rerun.columns.when"),
                primary: true,
                rowHeader: true,
                cell: (run) => (
                  <Link to={`/templates/${templateId}/reruns/${run.id}`} className="underline">
                    {formatDateTime(run.created_at, i18n.language, timeZone)}
                  </Link>
                ),
              },
              { id: "version", header: t("rerun.columns.version"), cell: (run) => t("list.version", { version: run.template_version }) },
              { id: "status", header: t("rerun.columns.status"), cell: (run) => t(`rerun.status.${run.status}`) },
              {
                id: "progress",
                header: t("rerun.columns.progress"),
                align: "end",
                cell: (run) => t("rerun.progressShort", { processed: run.processed, total: run.total }),
              },
              { id: "changed", header: t("rerun.columns.changed"), align: "end", cell: (run) => formatNumber(run.changed, i18n.language) },
            ]}
          />
        )}
      </section>
    </div>
  );
}
