import { Form } from "@remix-run/react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FormErrors, SelectField, TextField, formWidthClass } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import { formatDateTime } from "~/i18n/format";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";
import { PLATFORM_CHOICES } from "./agent-rules";

export type PushStatus = "pending" | "pushed" | "failed" | "never";

export interface PlatformAgentRow {
  id: string;
  name: string;
  publishedVersion: number;
  pushedVersion: number | null;
  status: PushStatus;
  error: string | null;
}

export interface PlatformSettingsData {
  active: "vapi" | "retell" | "http" | "logging";
  serverDefault: "http" | "logging";
  account: { provider: "vapi" | "retell"; last4: string; webhookUrl: string; connectedAt: string } | null;
  agents: PlatformAgentRow[];
  timeZone: string;
  canChange: boolean;
  constraint: FormConstraint;
}

const PUSH_TONE: Record<PushStatus, BadgeTone> = { pending: "info", pushed: "success", failed: "danger", never: "neutral" };

/** /ai-agent-manager/platform: which platform places calls, the form that connects Vapi or Retell, and each agent's push there. */
export function PlatformSettings({ data, lastResult, detail }: { data: PlatformSettingsData; lastResult: PlainReply | undefined; detail: string | null }) {
  const { t, i18n } = useTranslation("agents");
  const { account } = data;
  return (
    <div className="space-y-4">
      <Notice>
        <span data-testid="platform-active">{t("platform.active", { provider: t(`providers.${data.active}`) })}</span>
        {account ? null : <> {t("platform.serverDefault", { provider: t(`providers.${data.serverDefault}`) })}</>}
      </Notice>
      {account ? (
        <Panel title={t(`providers.${account.provider}`)}>
          <div className="space-y-3 text-sm">
            <p data-testid="platform-connected">
              {t("platform.connected", {
                provider: t(`providers.${account.provider}`),
                last4: account.last4,
                date: formatDateTime(account.connectedAt, i18n.language, data.timeZone),
              })}
            </p>
            <div>
              <p className="font-medium">{t("platform.webhookUrl")}</p>
              <code className="block break-all rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800" data-testid="platform-webhook-url">
                {account.webhookUrl}
              </code>
              <p className="mt-1 text-slate-600 dark:text-slate-400">{t(`platform.webhookHint.${account.provider}`)}</p>
            </div>
            {data.canChange ? <DisconnectForm provider={t(`providers.${account.provider}`)} /> : null}
          </div>
        </Panel>
      ) : null}
      {data.canChange ? (
        <Panel title={account ? t("platform.replaceTitle") : t("platform.connectTitle")}>
          <ConnectForm
            lastResult={lastResult}
            detail={detail}
            constraint={data.constraint}
            current={account?.provider ?? "vapi"}
            switching={Boolean(account)}
          />
        </Panel>
      ) : null}
      {account ? <PushedAgents data={data} provider={t(`providers.${account.provider}`)} /> : null}
    </div>
  );
}

function ConnectForm({
  lastResult,
  detail,
  constraint,
  current,
  switching,
}: {
  lastResult: PlainReply | undefined;
  detail: string | null;
  constraint: FormConstraint;
  current: "vapi" | "retell";
  switching: boolean;
}) {
  const { t } = useTranslation("agents");
  const [form, fields] = usePlainForm<{ provider: string; apiKey: string }>({
    id: "platform-connect",
    lastResult,
    constraint,
    defaultValue: { provider: current },
  });
  const busy = useIsPending({ intent: "connect" });
  return (
    <Form method="post" className={`space-y-4 ${formWidthClass}`} {...plainFormProps(form)}>
      <FormErrors errors={form.errors} namespace="agents" />
      <input type="hidden" name="intent" value="connect" />
      <SelectField
        label={t("platform.provider")}
        errors={fields.provider.errors}
        namespace="agents"
        selectProps={plainSelectProps(fields.provider)}
        options={PLATFORM_CHOICES.map((provider) => ({ value: provider, label: t(`providers.${provider}`) }))}
      />
      <TextField
        label={t("platform.apiKey")}
        hint={t("platform.apiKeyHint")}
        errors={fields.apiKey.errors}
        namespace="agents"
        messageValues={{ detail: detail ?? "" }}
        inputProps={{ ...plainInputProps(fields.apiKey, { type: "password" }), autoComplete: "off" }}
      />
      {switching ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("platform.switchNote")}</p> : null}
      <Button type="submit" disabled={busy}>
        {busy ? t("platform.testing") : t("platform.submit")}
      </Button>
    </Form>
  );
}

function DisconnectForm({ provider }: { provider: string }) {
  const { t } = useTranslation("agents");
  return (
    <Form method="post" className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <p className="font-medium">{t("platform.disconnectTitle", { provider })}</p>
      <p className="text-slate-600 dark:text-slate-400">{t("platform.disconnectBody", { provider })}</p>
      <input type="hidden" name="intent" value="disconnect" />
      <Button type="submit" variant="danger">
        {t("platform.disconnect")}
      </Button>
    </Form>
  );
}

function PushedAgents({ data, provider }: { data: PlatformSettingsData; provider: string }) {
  const { t } = useTranslation("agents");
  const columns: Array<DataColumn<PlatformAgentRow>> = [
    { id: "agent", header: t("platform.columns.agent"), primary: true, rowHeader: true, cell: (row) => row.name },
    {
      id: "version",
      header: t("platform.columns.version"),
      cell: (row) => (row.pushedVersion ? t("platform.pushedVersion", { version: row.pushedVersion }) : "–"),
    },
    {
      id: "status",
      header: t("platform.columns.status"),
      cell: (row) => <Badge tone={PUSH_TONE[row.status]}>{t(`platform.pushStatus.${row.status}`)}</Badge>,
    },
    { id: "detail", header: t("platform.columns.detail"), cell: (row) => <span className="break-words">{row.error ?? "–"}</span> },
  ];
  return (
    <Panel title={t("platform.agentsTitle", { provider })}>
      {data.agents.length === 0 ? (
        <p className="text-sm">{t("platform.agentsEmpty")}</p>
      ) : (
        <DataTable
          data-testid="platform-agents"
          caption={t("platform.agentsTitle", { provider })}
          columns={columns}
          rows={data.agents}
          rowKey={(row) => row.id}
          rowData={(row) => ({ "data-testid": "platform-agent", "data-status": row.status })}
        />
      )}
    </Panel>
  );
}
