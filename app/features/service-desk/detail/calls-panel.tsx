import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { LinkedCall } from "./detail.server";
import type { ActionReply } from "./ticket-forms";

function CallLine({ call, timeZone }: { call: LinkedCall; timeZone: string }) {
  const { t, i18n } = useTranslation("service-desk");
  return (
    <span className="block min-w-0 flex-1 basis-60 space-y-0.5">
      <Link to={`/recordings/${encodeURIComponent(call.id)}`} className="block font-medium underline">
        {t(`calls.direction.${call.direction === "outbound" ? "outbound" : "inbound"}`)} · {call.party || t("calls.unknownParty")} ·{" "}
        <time dateTime={call.createdAt}>{formatDateTime(call.createdAt, i18n.language, timeZone)}</time>
      </Link>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
        {call.isSource ? <Badge tone="info">{t("calls.source")}</Badge> : null}
        {call.rating !== null ? <Badge tone={call.rating <= 2 ? "danger" : "neutral"}>{t("calls.rating", { rating: call.rating, max: 5 })}</Badge> : null}
      </span>
      {call.summary ? (
        <span className="block max-w-prose truncate text-xs text-slate-600 dark:text-slate-300" title={call.summary}>
          {call.summary}
        </span>
      ) : null}
    </span>
  );
}

/** The calls linked to the ticket (each a link to its recording), and the contact's other recent calls to link. */
export function CallsPanel({
  calls,
  suggested,
  timeZone,
  canWrite,
  reply,
  returnTo,
}: {
  calls: LinkedCall[];
  suggested: LinkedCall[];
  timeZone: string;
  canWrite: boolean;
  reply?: ActionReply;
  returnTo: string;
}) {
  const { t } = useTranslation("service-desk");
  const errors = reply && (reply.intent === "link-call" || reply.intent === "unlink-call") ? reply.result?.error?.[""] : undefined;
  return (
    <Panel title={t("calls.title")}>
      <div className="space-y-4">
        <FormErrors errors={errors ?? undefined} namespace="service-desk" />
        {calls.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("calls.none")}</p>
        ) : (
          <ul className="space-y-3 text-sm" data-testid="ticket-calls">
            {calls.map((call) => (
              <li key={call.id} className="flex flex-wrap items-start justify-between gap-2">
                <CallLine call={call} timeZone={timeZone} />
                {canWrite && !call.isSource ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="unlink-call" />
                    <input type="hidden" name="callId" value={call.id} />
                    <input type="hidden" name="returnTo" value={returnTo} />
                    <Button type="submit" variant="ghost" size="sm">
                      {t("calls.unlink")}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canWrite && suggested.length > 0 ? (
          <div className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-800">
            <h3 className="text-sm font-semibold">{t("calls.suggested")}</h3>
            <ul className="space-y-3 text-sm" data-testid="suggested-calls">
              {suggested.map((call) => (
                <li key={call.id} className="flex flex-wrap items-start justify-between gap-2">
                  <CallLine call={call} timeZone={timeZone} />
                  <Form method="post">
                    <input type="hidden" name="intent" value="link-call" />
                    <input type="hidden" name="callId" value={call.id} />
                    <input type="hidden" name="returnTo" value={returnTo} />
                    <Button type="submit" variant="secondary" size="sm">
                      {t("calls.link")}
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
