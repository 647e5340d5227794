import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm, type FormFetcher } from "~/components/ui/confirm-action";
import { FormErrors, SelectField, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";
import type { ConnectCalcomFields } from "./schemas";

export interface CalcomReply {
  intent: string;
  result: PlainReply;
}

/** Not connected: what connecting does, then the form. */
export function ConnectPanel({
  teams,
  reply,
  constraint,
  canCreate,
  teamsHref,
}: {
  teams: Array<{ id: string; name: string }>;
  reply: CalcomReply | undefined;
  constraint: FormConstraint;
  canCreate: boolean;
  teamsHref: string;
}) {
  const { t } = useTranslation("calcom");
  const [form, fields] = usePlainForm<ConnectCalcomFields>({
    id: "connect-calcom",
    lastResult: reply?.intent === "connect" ? reply.result : undefined,
    constraint,
    defaultValue: { teamId: teams[0]?.id },
  });
  const busy = useIsPending({ intent: "connect" });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title={t("about.title")}>
        <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-200">
          <li>{t("about.eventTypes")}</li>
          <li>{t("about.toUs")}</li>
          <li>{t("about.toCalcom")}</li>
          <li>{t("about.emails")}</li>
          <li>{t("about.key")}</li>
        </ul>
      </Panel>
      <Panel title={t("connect.title")}>
        {!canCreate ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("connect.askOwner")}</p>
        ) : teams.length === 0 ? (
          <Notice>
            {t("connect.needsTeam")}{" "}
            <Link to={teamsHref} className="font-medium underline">
              {t("connect.createTeam")}
            </Link>
          </Notice>
        ) : (
          <Form method="post" className="space-y-4" {...plainFormProps(form)}>
            <FormErrors errors={form.errors} namespace="calcom" />
            <input type="hidden" name="intent" value="connect" />
            <TextField
              label={t("connect.apiKey")}
              hint={t("connect.apiKeyHint")}
              errors={fields.apiKey.errors}
              namespace="calcom"
              inputProps={{ ...plainInputProps(fields.apiKey, { type: "password" }), autoComplete: "off" }}
            />
            <TextField
              label={t("connect.baseUrl")}
              hint={t("connect.baseUrlHint")}
              errors={fields.baseUrl.errors}
              namespace="calcom"
              inputProps={{ ...plainInputProps(fields.baseUrl, { type: "url" }), placeholder: "https://api.cal.com" }}
            />
            <SelectField
              label={t("connect.team")}
              hint={t("connect.teamHint")}
              errors={fields.teamId.errors}
              namespace="calcom"
              selectProps={plainSelectProps(fields.teamId)}
              options={teams.map((team) => ({ value: team.id, label: team.name }))}
            />
            <Button type="submit" disabled={busy}>
              {busy ? t("connect.testing") : t("connect.submit")}
            </Button>
          </Form>
        )}
      </Panel>
    </div>
  );
}

export interface ConnectionView {
  accountEmail: string | null;
  keyLast4: string;
  baseUrl: string;
  teamName: string | null;
  lastSyncAt: string | null;
  lastSyncError: string | null;
  webhookUrl: string;
  webhookSecretLast4: string | null;
}

export function ConnectionPanel({
  connection,
  timeZone,
  reply,
  canUpdate,
  canDelete,
}: {
  connection: ConnectionView;
  timeZone: string;
  reply: CalcomReply | undefined;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const { t, i18n } = useTranslation("calcom");
  const importing = useIsPending({ intent: "import-event-types" });
  const syncing = useIsPending({ intent: "sync" });
  return (
    <Panel title={t("connection.title")}>
      <div className="space-y-4">
        {reply && reply.intent !== "connect" ? <FormErrors errors={reply.result.error?.[""] ?? undefined} namespace="calcom" /> : null}
        {connection.lastSyncError ? (
          <Notice tone="warning">
            {t("connection.lastError", { problem: t(`errors.${connection.lastSyncError}`, { defaultValue: connection.lastSyncError }) })}
          </Notice>
        ) : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]" data-testid="calcom-connection">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("connection.account")}</dt>
          <dd className="break-all">{connection.accountEmail ?? "—"}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("connection.key")}</dt>
          <dd className="font-mono">••••{connection.keyLast4}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("connection.baseUrl")}</dt>
          <dd className="break-all">{connection.baseUrl}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("connection.team")}</dt>
          <dd>{connection.teamName ?? t("connection.noTeam")}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("connection.lastSync")}</dt>
          <dd>{connection.lastSyncAt ? formatDateTime(connection.lastSyncAt, i18n.language, timeZone) : t("connection.never")}</dd>
        </dl>
        {canUpdate ? (
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="import-event-types" />
              <Button type="submit" variant="secondary" disabled={importing}>
                {importing ? t("connection.importing") : t("connection.import")}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="sync" />
              <Button type="submit" variant="secondary" disabled={syncing}>
                {syncing ? t("connection.syncing") : t("connection.sync")}
              </Button>
            </Form>
            {canDelete ? (
              <ConfirmAction
                href="/calcom?confirm=disconnect"
                title={t("disconnect.title")}
                className={buttonClass("secondary", "text-red-700 dark:text-red-300")}
                content={({ fetcher, close }) => <DisconnectForm fetcher={fetcher} onCancel={close} />}
              >
                {t("disconnect.button")}
              </ConfirmAction>
            ) : null}
          </div>
        ) : null}
      </div>
    </Panel>
  );
}

export function DisconnectForm({ fetcher, onCancel }: { fetcher?: FormFetcher; onCancel?: () => void }) {
  const { t } = useTranslation("calcom");
  return (
    <ConfirmForm
      action="/calcom"
      hidden={{ intent: "disconnect" }}
      confirmLabel={t("disconnect.confirm")}
      cancelHref="/calcom"
      fetcher={fetcher}
      onCancel={onCancel}
    >
      <p>{t("disconnect.question")}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("disconnect.summary")}</p>
    </ConfirmForm>
  );
}

export function WebhookPanel({
  connection,
  canUpdate,
  newSecret,
}: {
  connection: ConnectionView;
  canUpdate: boolean;
  newSecret: { secret: string; intent: string } | null;
}) {
  const { t } = useTranslation("calcom");
  return (
    <Panel title={t("webhook.title")}>
      <div className="space-y-3 text-sm">
        <p className="text-slate-600 dark:text-slate-300">{t("webhook.intro")}</p>
        <label className="block font-medium" htmlFor="calcom-webhook-url">
          {t("webhook.url")}
        </label>
        <input
          id="calcom-webhook-url"
          readOnly
          value={connection.webhookUrl}
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
        />
        {newSecret ? (
          <div className="space-y-2" data-testid="calcom-new-secret">
            <Notice tone="info">{newSecret.intent === "connect" ? t("webhook.connectedShownOnce") : t("webhook.regeneratedShownOnce")}</Notice>
            <label className="block font-medium" htmlFor="calcom-webhook-secret">
              {t("webhook.secret")}
            </label>
            <input
              id="calcom-webhook-secret"
              readOnly
              value={newSecret.secret}
              className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
            />
          </div>
        ) : connection.webhookSecretLast4 ? (
          <p>
            <span className="font-medium">{t("webhook.secret")}</span> <span className="font-mono">••••{connection.webhookSecretLast4}</span>
            <span className="block text-slate-600 dark:text-slate-300">{t("webhook.secretHidden")}</span>
          </p>
        ) : null}
        <p className="text-slate-600 dark:text-slate-300">{t("webhook.triggers")}</p>
        {canUpdate ? (
          <Form method="post">
            <input type="hidden" name="intent" value="regenerate-secret" />
            <Button type="submit" variant="secondary" size="sm">
              {t("webhook.regenerate")}
            </Button>
          </Form>
        ) : null}
      </div>
    </Panel>
  );
}
