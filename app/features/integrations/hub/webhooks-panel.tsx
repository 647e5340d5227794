import type { WebhookRow } from "./views";
import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm, type FormFetcher } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FieldErrors, FormErrors, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { eventKey, INTEGRATION_EVENTS } from "../events";
import { integrationPaths } from "./paths";

export function WebhooksPanel({
  integrationId,
  webhooks,
  timeZone,
  created,
  errors,
  canUpdate,
  confirmingDelete,
}: {
  integrationId: string;
  webhooks: WebhookRow[];
  timeZone: string;
  /** Right after adding one: its signing secret, shown this once. */
  created: { url: string; secret: string } | null;
  errors: Record<string, string[] | null> | undefined;
  canUpdate: boolean;
  confirmingDelete: WebhookRow | null;
}) {
  const { t, i18n } = useTranslation("integrations");
  const adding = useIsPending({ intent: "add-webhook" });
  // Added: the answer shows the secret, and the form is empty again (without scripts the answer's page renders it empty).
  useEffect(() => {
    const form = document.getElementById("add-webhook");
    if (created && form instanceof HTMLFormElement) form.reset();
  }, [created]);
  const { t: tc } = useTranslation("integrations");
  const columns: Array<DataColumn<WebhookRow>> = [
    { id: "url", header: t("webhooks.url"), primary: true, rowHeader: true, cell: (row) => <span className="break-all font-mono text-xs">{row.url}</span> },
    { id: "events", header: t("webhooks.events"), cell: (row) => row.events.map((event) => t(eventKey(event))).join(", ") },
    {
      id: "deliveries",
      header: t("webhooks.deliveries"),
      cell: (row) => (row.lastOutcome ? `${row.deliveries} · ${t(`outcomes.${row.lastOutcome}`)}` : String(row.deliveries)),
    },
    { id: "created", header: t("webhooks.created"), cell: (row) => formatDateTime(row.createdAt, i18n.language, timeZone) },
  ];
  return (
    <div className="space-y-6">
      {created ? (
        <Notice>
          <span className="block font-medium">{t("webhooks.secretOnce", { url: created.url })}</span>
          <code className="mt-1 block break-all font-mono text-xs" data-testid="webhook-secret">
            {created.secret}
          </code>
        </Notice>
      ) : null}
      {confirmingDelete ? (
        <Panel title={t("webhooks.deleteTitle")}>
          <DeleteWebhookForm integrationId={integrationId} webhook={confirmingDelete} />
        </Panel>
      ) : null}
      <Panel
        title={t("webhooks.title")}
        actions={
          <Link to={integrationPaths.logs({ integration: integrationId, kind: "webhook" })} className="text-sm text-primary-dark underline dark:text-primary">
            {t("webhooks.log")}
          </Link>
        }
      >
        <div className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("webhooks.intro")}</p>
          {webhooks.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t("webhooks.none")}</p>
          ) : (
            <DataTable
              caption={t("webhooks.caption")}
              columns={columns}
              rows={webhooks}
              rowKey={(row) => row.id}
              rowData={(row) => ({ "data-webhook": row.id })}
              actions={
                canUpdate
                  ? {
                      header: t("webhooks.actions"),
                      cell: (row) => (
                        <ConfirmAction
                          href={integrationPaths.page(integrationId, "webhooks", { remove: row.id })}
                          title={t("webhooks.deleteTitle")}
                          label={t("webhooks.deleteFor", { url: row.url })}
                          className={buttonClass("secondary", "text-red-700 dark:text-red-300", "sm")}
                          content={({ fetcher, close }) => <DeleteWebhookForm integrationId={integrationId} webhook={row} fetcher={fetcher} onCancel={close} />}
                        >
                          {t("webhooks.delete")}
                        </ConfirmAction>
                      ),
                    }
                  : undefined
              }
            />
          )}
        </div>
      </Panel>
      {canUpdate ? (
        <Panel title={t("webhooks.addTitle")}>
          <Form id="add-webhook" method="post" className="space-y-4" noValidate>
            <FormErrors errors={errors?.[""] ?? undefined} namespace="integrations" />
            <input type="hidden" name="intent" value="add-webhook" />
            <TextField
              label={t("webhooks.url")}
              hint={t("webhooks.urlHint")}
              errors={errors?.url ?? undefined}
              namespace="integrations"
              inputProps={{ id: "webhook-url", name: "url", type: "url", required: true, placeholder: "https://example.com/hooks/voxboard" }}
            />
            <fieldset className="space-y-2" aria-describedby={errors?.events ? "webhook-events-error" : undefined}>
              <legend className="text-sm font-medium">{t("webhooks.events")}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {INTEGRATION_EVENTS.map((event) => (
                  <label key={event} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="events" value={event} className="h-4 w-4 shrink-0" />
                    <span>
                      {t(eventKey(event))} <code className="text-xs text-slate-500">{event}</code>
                    </span>
                  </label>
                ))}
              </div>
              <FieldErrors id="webhook-events-error" errors={errors?.events ?? undefined} t={tc} />
            </fieldset>
            <Button type="submit" disabled={adding}>
              {t("webhooks.add")}
            </Button>
          </Form>
        </Panel>
      ) : null}
    </div>
  );
}

function DeleteWebhookForm({
  integrationId,
  webhook,
  fetcher,
  onCancel,
}: {
  integrationId: string;
  webhook: WebhookRow;
  fetcher?: FormFetcher;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("integrations");
  return (
    <ConfirmForm
      action={integrationPaths.page(integrationId, "webhooks")}
      hidden={{ intent: "delete-webhook", webhookId: webhook.id }}
      confirmLabel={t("webhooks.deleteConfirm")}
      cancelHref={integrationPaths.page(integrationId, "webhooks")}
      fetcher={fetcher}
      onCancel={onCancel}
    >
      <p>{t("webhooks.deleteQuestion", { url: webhook.url })}</p>
    </ConfirmForm>
  );
}
