import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { IntentButton } from "~/components/ui/intent-button";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { eventKey } from "~/features/integrations/events";
import { describeFailure } from "~/features/integrations/delivery/failure-reason";
import { replayDelivery } from "~/features/integrations/delivery/deliveries.server";
import { listIntegrations } from "~/features/integrations/integrations.server";
import { getLogWithTimeline } from "~/features/integrations/delivery/logs.server";
import { integrationPaths } from "~/features/integrations/hub/paths";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { getTranslator } from "~/i18n/i18next.server";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { badRequest, forbidden, notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["integrations"] };

async function scopeOf(request: Request) {
  const gate = await requireReadAccess(request, "crm-logs");
  const organization = gate.selection.organization;
  const integrations = organization ? await listIntegrations(gate.tenant.id, organization.id) : [];
  return { gate, scope: { tenantId: gate.tenant.id, integrationIds: integrations.map((integration) => integration.id), timeZone: gate.tenant.timeZone } };
}

/** /crm-logs/<id>: one request in full (secrets redacted), and the timeline of its delivery with a replay. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gate, scope } = await scopeOf(request);
  const found = await getLogWithTimeline(scope, params.id ?? "");
  if (!found) notFound("Log not found");
  const t = await getTranslator(request, "integrations");
  const pretty = (text: string | null) => {
    if (!text) return text;
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  };
  return {
    title: t("logs.detailTitle", { crm: found.log.crm_name }),
    timeZone: gate.tenant.timeZone,
    log: {
      ...found.log,
      request_body: pretty(found.log.request_body),
      response_body: pretty(found.log.response_body),
      request_headers: JSON.parse(found.log.request_headers) as Record<string, string>,
      response_headers: found.log.response_headers ? (JSON.parse(found.log.response_headers) as Record<string, string>) : null,
    },
    delivery: found.delivery
      ? {
          id: found.delivery.id,
          status: found.delivery.status,
          event: found.delivery.event,
          label: found.delivery.record_label,
          nextAttemptAt: found.delivery.next_attempt_at,
          attempts: found.delivery.attempts,
          lastError: found.delivery.last_error,
          idempotencyKey: found.delivery.idempotency_key,
        }
      : null,
    attempts: found.attempts,
    canReplay:
      Boolean(found.delivery && (found.delivery.status === "failed" || found.delivery.status === "skipped")) &&
      can(gate.user.permissions, "crm-logs", "update"),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { gate, scope } = await scopeOf(request);
  if (!can(gate.user.permissions, "crm-logs", "update")) throw await forbidden(request);
  const formData = await readFormData(request);
  if (formData.get("intent") !== "replay") badRequest("Unknown intent");
  const found = await getLogWithTimeline(scope, params.id ?? "");
  if (!found?.delivery) notFound("Log not found");
  const queued = await replayDelivery(gate.tenant.id, found.delivery.id);
  if (queued) kickJobRunner();
  return redirectWithToast(
    integrationPaths.log(found.log.id),
    queued ? { type: "success", key: "integrations:toast.replayed" } : { type: "error", key: "integrations:toast.replayFailed" },
  );
}

function Details({ title, headers, body }: { title: string; headers: Record<string, string> | null; body: string | null }) {
  const { t } = useTranslation("integrations");
  return (
    <Panel title={title}>
      <div className="space-y-3 text-sm">
        {headers && Object.keys(headers).length ? (
          <dl className="grid gap-x-4 gap-y-1 font-mono text-xs sm:grid-cols-[12rem_minmax(0,1fr)]">
            {Object.entries(headers).map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {body ? (
          <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs dark:bg-slate-800">{body}</pre>
        ) : (
          <p className="text-slate-500 dark:text-slate-400">{t("logs.noBody")}</p>
        )}
      </div>
    </Panel>
  );
}

export default function CrmLogPage() {
  const { t, i18n } = useTranslation("integrations");
  const data = useLoaderData<typeof loader>();
  const replaying = useIsPending({ intent: "replay" });
  const { log } = data;
  const when = (iso: string) => formatDateTime(iso, i18n.language, data.timeZone);
  return (
    <div className="space-y-6">
      <PageHeader
        title={data.title}
        description={`${log.method} ${log.target}`}
        back={
          <Link to={integrationPaths.logs({ integration: log.integration_id })} className="text-primary-dark underline dark:text-primary">
            {t("logs.back")}
          </Link>
        }
      />
      <Panel title={t("logs.summary")}>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]" data-testid="log-summary">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("logs.when")}</dt>
          <dd>{when(log.created_at)}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("logs.to")}</dt>
          <dd className="break-all">{log.target}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("logs.from")}</dt>
          <dd className="break-all">{log.source}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("logs.request")}</dt>
          <dd className="break-all font-mono text-xs">
            {log.method} {log.url}
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("logs.status")}</dt>
          <dd>
            <Badge tone={log.outcome === "success" ? "success" : "danger"}>
              {log.response_status ? `${log.response_status} · ` : ""}
              {t(`outcomes.${log.outcome}`)}
            </Badge>
            {/* Translated here; the log keeps what the network said, shown as the detail and on hover. */}
            {log.error ? (
              <span className="ml-2 break-words text-slate-600 dark:text-slate-300" title={log.error} data-testid="log-failure">
                {describeFailure(t, log.outcome, log.error)}
              </span>
            ) : null}
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("logs.duration")}</dt>
          <dd>{t("logs.ms", { value: formatNumber(log.duration_ms, i18n.language) })}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("logs.kind")}</dt>
          <dd>{t(`logs.kinds.${log.kind}`)}</dd>
        </dl>
      </Panel>
      {data.delivery ? (
        <Panel title={t("logs.timeline")}>
          <div className="space-y-4 text-sm">
            <p>
              {t("logs.deliveryState", {
                event: t(eventKey(data.delivery.event), { defaultValue: data.delivery.event }),
                record: data.delivery.label,
                status: t(`deliveryStatus.${data.delivery.status}`),
              })}
              {data.delivery.status === "queued" ? ` ${t("logs.nextAttempt", { when: when(data.delivery.nextAttemptAt) })}` : ""}
            </p>
            <ol className="space-y-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700" data-testid="delivery-timeline">
              {data.attempts.map((attempt) => (
                <li key={attempt.id} data-attempt={attempt.attempt}>
                  <span className="font-medium">{t("logs.attemptN", { number: attempt.attempt })}</span> · {when(attempt.created_at)} ·{" "}
                  {attempt.response_status ? `${attempt.response_status} · ` : ""}
                  {t(`outcomes.${attempt.outcome}`)} · {t("logs.ms", { value: formatNumber(attempt.duration_ms, i18n.language) })}
                  {attempt.id === log.id ? <span className="ml-2 text-xs text-slate-500">({t("logs.thisOne")})</span> : null}
                  {attempt.retry_at ? (
                    <span className="block text-slate-600 dark:text-slate-300">{t("logs.backoff", { when: when(attempt.retry_at) })}</span>
                  ) : null}
                </li>
              ))}
            </ol>
            <p className="break-all text-xs text-slate-500 dark:text-slate-400">{t("logs.idempotencyKey", { key: data.delivery.idempotencyKey })}</p>
            {data.canReplay ? (
              <IntentButton intent="replay" pending={replaying}>
                {t("logs.replay")}
              </IntentButton>
            ) : null}
          </div>
        </Panel>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <Details title={t("logs.requestDetails")} headers={log.request_headers} body={log.request_body} />
        <Details title={t("logs.responseDetails")} headers={log.response_headers} body={log.response_body} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
