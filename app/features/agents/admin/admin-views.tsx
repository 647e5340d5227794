import { Form, Link } from "@remix-run/react";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FormErrors, SelectField, TextareaField, TextField, formWidthClass } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, plainTextareaProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";
import { AGENT_STATUS_TONES } from "../agent-list";
import { AGENT_LANGUAGES, type AgentStatus } from "../agent-rules";

export const TEMPLATE_STATUS_TONES = { draft: "neutral", published: "success", retired: "warning" } as const;

export interface TemplateRow {
  id: string;
  name: string;
  description: string;
  language: string;
  status: "draft" | "published" | "retired";
  updatedAt: string;
}

/** /ai-agent-templates: every global template with its status; publishing and retiring are buttons on each row. */
export function TemplateList({ templates, timeZone }: { templates: TemplateRow[]; timeZone: string }) {
  const { t, i18n } = useTranslation("agents");
  const columns: Array<DataColumn<TemplateRow>> = [
    {
      id: "name",
      header: t("list.columns.name"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <Link to={`/ai-agent-templates/${encodeURIComponent(row.id)}`} className="font-medium underline-offset-2 hover:underline">
          {row.name}
        </Link>
      ),
    },
    {
      id: "status",
      header: t("list.columns.status"),
      cell: (row) => <StatusBadge status={row.status} tones={TEMPLATE_STATUS_TONES} label={t(`templateStatus.${row.status}`)} />,
    },
    { id: "language", header: t("list.columns.language"), cell: (row) => t(`languages.${row.language}`) },
    { id: "updated", header: t("list.columns.updated"), cell: (row) => formatDateTime(row.updatedAt, i18n.language, timeZone) },
  ];
  if (templates.length === 0) return <EmptyState title={t("templates.empty")} />;
  return (
    <Panel>
      <DataTable
        caption={t("templates.caption")}
        columns={columns}
        rows={templates}
        rowKey={(row) => row.id}
        rowData={(row) => ({ "data-template": row.name })}
        actions={{
          header: t("list.columns.actions"),
          cell: (row) => (
            <Form method="post" action={`/ai-agent-templates/${encodeURIComponent(row.id)}`} className="flex flex-wrap gap-2">
              <Link
                to={`/ai-agent-templates/${encodeURIComponent(row.id)}`}
                className={buttonClass("secondary", undefined, "sm")}
                aria-label={t("list.editLabel", { name: row.name })}
              >
                {t("list.edit")}
              </Link>
              {row.status === "published" ? (
                <Button type="submit" name="intent" value="retire" variant="secondary" size="sm" aria-label={t("templates.retireLabel", { name: row.name })}>
                  {t("templates.retire")}
                </Button>
              ) : (
                <Button type="submit" name="intent" value="publish" size="sm" aria-label={t("templates.publishLabel", { name: row.name })}>
                  {t("templates.publish")}
                </Button>
              )}
            </Form>
          ),
        }}
      />
    </Panel>
  );
}

/** A template's card: name, description and language. */
export function TemplateCardForm({
  lastResult,
  constraint,
  defaults,
  intent,
  submitLabel,
}: {
  lastResult: PlainReply | undefined;
  constraint: FormConstraint;
  defaults: { name: string; description: string; language: string };
  intent?: string;
  submitLabel: string;
}) {
  const { t } = useTranslation("agents");
  const [form, fields] = usePlainForm<{ name: string; description: string; language: string }>({
    id: "template-card",
    lastResult,
    constraint,
    defaultValue: defaults,
  });
  const busy = useIsPending();
  return (
    <Form method="post" className={`space-y-4 ${formWidthClass}`} {...plainFormProps(form)}>
      <FormErrors errors={form.errors} namespace="agents" />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <TextField label={t("fields.name")} errors={fields.name.errors} namespace="agents" inputProps={plainInputProps(fields.name, { type: "text" })} />
      <TextareaField
        label={t("templates.description")}
        errors={fields.description.errors}
        namespace="agents"
        textareaProps={{ ...plainTextareaProps(fields.description), rows: 3 }}
      />
      <SelectField
        label={t("fields.language")}
        errors={fields.language.errors}
        namespace="agents"
        selectProps={plainSelectProps(fields.language)}
        options={AGENT_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      />
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

export interface ManagedAgentRow {
  id: string;
  name: string;
  tenantName: string;
  language: string;
  status: AgentStatus;
  publishedVersion: number | null;
  disabledReason: string | null;
  updatedAt: string;
}

/** /ai-agent-management: every tenant's agents, read-only but for disabling (with a reason) and enabling again. */
export function ManagedAgentList({ agents, timeZone }: { agents: ManagedAgentRow[]; timeZone: string }) {
  const { t, i18n } = useTranslation("agents");
  if (agents.length === 0) return <EmptyState title={t("management.empty")} />;
  const columns: Array<DataColumn<ManagedAgentRow>> = [
    { id: "name", header: t("list.columns.name"), primary: true, rowHeader: true, cell: (row) => row.name },
    { id: "tenant", header: t("management.tenant"), cell: (row) => row.tenantName },
    {
      id: "status",
      header: t("list.columns.status"),
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-1">
          <StatusBadge status={row.status} tones={AGENT_STATUS_TONES} label={t(`status.${row.status}`)} />
          {row.publishedVersion !== null ? <Badge>{t("list.version", { version: row.publishedVersion })}</Badge> : null}
        </span>
      ),
    },
    { id: "reason", header: t("management.reason"), cell: (row) => row.disabledReason ?? t("list.none") },
    { id: "updated", header: t("list.columns.updated"), cell: (row) => formatDateTime(row.updatedAt, i18n.language, timeZone) },
  ];
  return (
    <Panel>
      <DataTable
        caption={t("management.caption")}
        columns={columns}
        rows={agents}
        rowKey={(row) => row.id}
        rowData={(row) => ({ "data-agent": row.name })}
        actions={{
          header: t("list.columns.actions"),
          cell: (row) => (
            <Link
              to={`/ai-agent-management/${encodeURIComponent(row.id)}`}
              className="underline"
              aria-label={t(row.status === "disabled" ? "management.enableLabel" : "management.disableLabel", { name: row.name })}
            >
              {row.status === "disabled" ? t("management.enable") : t("management.disable")}
            </Link>
          ),
        }}
      />
    </Panel>
  );
}

/** Disabling an agent (a reason, required) or enabling a disabled one. */
export function DisableAgentForm({ disabled, lastResult, constraint }: { disabled: boolean; lastResult: PlainReply | undefined; constraint: FormConstraint }) {
  const { t } = useTranslation("agents");
  const [form, fields] = usePlainForm<{ reason: string }>({ id: "disable-agent", lastResult, constraint });
  const busy = useIsPending();
  return (
    <Form method="post" className={`space-y-4 ${formWidthClass}`} {...plainFormProps(form)}>
      <input type="hidden" name="intent" value={disabled ? "enable" : "disable"} />
      {disabled ? null : (
        <TextareaField
          label={t("management.reasonLabel")}
          hint={t("management.reasonHint")}
          errors={fields.reason.errors}
          namespace="agents"
          textareaProps={{ ...plainTextareaProps(fields.reason), rows: 3 }}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={disabled ? "primary" : "danger"} disabled={busy}>
          {disabled ? t("management.enable") : t("management.disable")}
        </Button>
        <Link to="/ai-agent-management" className={buttonClass("secondary")}>
          {t("create.cancel")}
        </Link>
      </div>
    </Form>
  );
}
