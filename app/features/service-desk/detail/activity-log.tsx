import { Link } from "@remix-run/react";
import { Panel } from "~/components/ui/panel";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { ActivityView } from "../activity.server";

/**
 * The activity log (docs/product/service-desk.md#activity-log): every
 * change, oldest first, with who made it and when, in the reader's
 * language. Stored values are keys and ids; the words are made here.
 */
export function ActivityLog({ entries, timeZone }: { entries: ActivityView[]; timeZone: string }) {
  const { t, i18n } = useTranslation("service-desk");
  return (
    <Panel title={t("activity.title")}>
      <ol className="space-y-2 text-sm" data-testid="ticket-activity">
        {entries.map((entry) => (
          <li key={entry.id} className="grid gap-x-3 sm:grid-cols-[11rem_1fr]">
            <time dateTime={entry.at} className="text-xs tabular-nums text-slate-600 dark:text-slate-300 sm:text-sm">
              {formatDateTime(entry.at, i18n.language, timeZone)}
            </time>
            <span className="min-w-0 break-words">
              <ActivityText entry={entry} />
            </span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function ActivityText({ entry }: { entry: ActivityView }) {
  const { t } = useTranslation("service-desk");
  const who = entry.actor === null ? t("activity.app") : (entry.actor.name ?? t("activity.formerMember"));
  const person = (id: string | null, name: string | null) => (id === null ? null : (name ?? t("activity.formerMember")));
  switch (entry.kind) {
    case "created":
      return <>{t(`activity.created.${entry.to ?? "manual"}`, { who })}</>;
    case "subject":
      return <>{t("activity.subject", { who, from: entry.from ?? "", to: entry.to ?? "" })}</>;
    case "description":
      return <>{t("activity.description", { who })}</>;
    case "status":
      return <>{t("activity.status", { who, from: t(`status.${entry.from}`), to: t(`status.${entry.to}`) })}</>;
    case "priority":
      return <>{t("activity.priority", { who, from: t(`priority.${entry.from}`), to: t(`priority.${entry.to}`) })}</>;
    case "assignee": {
      const to = person(entry.to, entry.toName);
      if (to === null) return <>{t("activity.unassigned", { who, from: person(entry.from, entry.fromName) ?? "" })}</>;
      if (entry.actor !== null && entry.actor.id === entry.to) return <>{t("activity.took", { who })}</>;
      return <>{t("activity.assigned", { who, to })}</>;
    }
    case "contact": {
      const to = entry.to === null ? null : (entry.toName ?? t("activity.removedContact"));
      return to === null ? <>{t("activity.contactRemoved", { who })}</> : <>{t("activity.contact", { who, to })}</>;
    }
    case "tags":
      return <>{t("activity.tags", { who, from: entry.from ?? t("activity.noTags"), to: entry.to ?? t("activity.noTags") })}</>;
    case "note":
      return <>{t("activity.note", { who })}</>;
    case "call-linked":
    case "call-unlinked": {
      const callId = entry.kind === "call-linked" ? entry.to : entry.from;
      return (
        <>
          {t(entry.kind === "call-linked" ? "activity.callLinked" : "activity.callUnlinked", { who })}{" "}
          {callId ? (
            <Link to={`/recordings/${encodeURIComponent(callId)}`} className="underline">
              {t("activity.openCall")}
            </Link>
          ) : null}
        </>
      );
    }
  }
}
