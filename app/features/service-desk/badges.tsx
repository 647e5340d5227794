import { Badge, StatusBadge, type BadgeTone } from "~/components/ui/badge";
import type { TicketPriority, TicketStatus } from "~/db/schema";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";

/** The ticket state machine's colours, declared once for the list and the ticket page. */
export const STATUS_TONES: Record<TicketStatus, BadgeTone> = { open: "info", pending: "warning", resolved: "success", closed: "neutral" };
export const PRIORITY_TONES: Record<TicketPriority, BadgeTone> = { urgent: "danger", high: "warning", normal: "neutral", low: "neutral" };

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation("service-desk");
  return <StatusBadge status={status} tones={STATUS_TONES} label={t(`status.${status}`)} data-testid="ticket-status" />;
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation("service-desk");
  return (
    <Badge tone={PRIORITY_TONES[priority]} data-testid="ticket-priority">
      {t(`priority.${priority}`)}
    </Badge>
  );
}

/** The next deadline, with the overdue marker (a word, not only a colour) once it has passed; a dash without one. */
export function DueTime({ dueAt, overdue, timeZone }: { dueAt: string | null; overdue: boolean; timeZone: string }) {
  const { t, i18n } = useTranslation("service-desk");
  if (!dueAt) return <span className="text-slate-500 dark:text-slate-400">{t("list.noDeadline")}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <time dateTime={dueAt} className="tabular-nums">
        {formatDateTime(dueAt, i18n.language, timeZone)}
      </time>
      {overdue ? (
        <Badge tone="danger" data-testid="overdue">
          {t("list.overdue")}
        </Badge>
      ) : null}
    </span>
  );
}
