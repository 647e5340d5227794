import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { DueTime, PriorityBadge, TicketStatusBadge } from "~/features/service-desk/badges";
import { contactChoices } from "~/features/service-desk/contact-choices.server";
import { ActivityLog } from "~/features/service-desk/detail/activity-log";
import { CallsPanel } from "~/features/service-desk/detail/calls-panel";
import { ticketDetail } from "~/features/service-desk/detail/detail.server";
import { NotesPanel } from "~/features/service-desk/detail/notes-panel";
import { handleTicketAction } from "~/features/service-desk/detail/ticket-actions.server";
import { AssignForm, ContactForm, DetailsForm, PriorityForm, StatusForm, TagsForm, type ActionReply } from "~/features/service-desk/detail/ticket-forms";
import { returnPath, SERVICE_DESK_PATH } from "~/features/service-desk/list-params";
import { detailsSchema, noteSchema } from "~/features/service-desk/schemas";
import { ticketLabel } from "~/features/service-desk/ticket-rules";
import { getTicket } from "~/features/service-desk/tickets.server";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["service-desk"] };

/**
 * /service-desk/<id>: one ticket: its fields and deadlines, the forms that
 * work it (status, priority, assignee, tags, contact, subject and
 * description), the notes thread, the linked calls and the activity log.
 * Every form posts here with its intent; `returnTo` is the list view the
 * user came from. Another tenant's ticket is 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "service-desk");
  const ticket = await getTicket(gate.tenant.id, params.id ?? "");
  if (!ticket) notFound();
  const url = new URL(request.url);
  const tenant = { id: gate.tenant.id, country: gate.tenant.country };
  const detail = await ticketDetail(tenant, ticket, new Date());
  const canUpdate = can(gate.user.permissions, "service-desk", "update");
  // A contact search (the contact form's GET) names the contact picked so far.
  const pickedContact = url.searchParams.get("contactId") ?? ticket.contact_id;
  return {
    ...detail,
    title: `${ticketLabel(Number(ticket.number))} ${ticket.subject}`.trim(),
    timeZone: gate.tenant.timeZone,
    meId: gate.user.id,
    canUpdate,
    contacts: canUpdate ? await contactChoices(tenant, url.searchParams.get("contactSearch"), pickedContact || null) : null,
    pickedContact: pickedContact || null,
    returnTo: returnPath(url.searchParams.get("returnTo")),
    constraints: { details: getZodConstraint(detailsSchema), note: getZodConstraint(noteSchema) },
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "service-desk");
  const ticket = await getTicket(gate.tenant.id, params.id ?? "");
  if (!ticket) notFound();
  return handleTicketAction(request, gate, ticket.id);
}

export default function TicketPage() {
  const { t, i18n } = useTranslation("service-desk");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionReply | undefined;
  const { ticket, contact, timeZone, canUpdate } = data;
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language, timeZone)}</time>;
  const listPath = data.returnTo;
  const formReturnTo = listPath === SERVICE_DESK_PATH ? "" : listPath;
  return (
    <div className="space-y-4" data-testid="ticket-page">
      <PageHeader
        back={
          <Link to={listPath} className="underline">
            {t("back")}
          </Link>
        }
        title={
          <>
            <span className="tabular-nums text-slate-500 dark:text-slate-400">{ticketLabel(ticket.number)}</span> {ticket.subject || t("ticket.untitled")}
          </>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            <TicketStatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
            {ticket.tags.map((tag) => (
              <Badge key={tag} tone="accent">
                {tag}
              </Badge>
            ))}
          </span>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        {/* On a phone the ticket's facts come first, then the conversation, then the forms (the side column is `contents` there, its panels ordered); on a laptop the facts and forms sit beside the conversation. */}
        <div className="contents lg:order-last lg:block lg:min-w-0 lg:space-y-4">
          <div className="order-first min-w-0">
            <Panel title={t("detail.overview")}>
              <dl className="grid grid-cols-[minmax(7rem,auto)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm" data-testid="ticket-facts">
                <Fact label={t("fields.assignee")}>{ticket.assignee ? (ticket.assignee.name ?? t("activity.formerMember")) : t("list.unassigned")}</Fact>
                <Fact label={t("fields.contact")}>
                  {contact ? (
                    <span className="block">
                      <span className="block font-medium">{contact.name}</span>
                      {contact.company ? <span className="block">{contact.company}</span> : null}
                      <span className="block">{contact.phone}</span>
                      {contact.email ? <span className="block break-all">{contact.email}</span> : null}
                    </span>
                  ) : (
                    t("detail.noContact")
                  )}
                </Fact>
                <Fact label={t("detail.source")}>{t(`source.${ticket.source}`)}</Fact>
                <Fact label={t("detail.created")}>
                  {when(ticket.createdAt)}
                  <span className="block text-slate-600 dark:text-slate-300">
                    {ticket.createdBy ? t("detail.by", { who: ticket.createdBy.name ?? t("activity.formerMember") }) : t("detail.byApp")}
                  </span>
                </Fact>
                <Fact label={t("detail.nextDeadline")}>
                  <DueTime dueAt={ticket.dueAt} overdue={ticket.overdue} timeZone={timeZone} />
                </Fact>
                <Fact label={t("detail.firstResponseDue")}>{when(ticket.firstResponseDueAt)}</Fact>
                <Fact label={t("detail.firstResponse")}>
                  {ticket.firstRespondedAt ? (
                    <>
                      {when(ticket.firstRespondedAt)}
                      {ticket.firstRespondedAt > ticket.firstResponseDueAt ? (
                        <span className="block text-red-700 dark:text-red-400">{t("detail.late")}</span>
                      ) : null}
                    </>
                  ) : (
                    t("detail.notYet")
                  )}
                </Fact>
                <Fact label={t("detail.resolutionDue")}>{when(ticket.resolutionDueAt)}</Fact>
                {ticket.resolvedAt ? (
                  <Fact label={t("detail.resolved")}>
                    {when(ticket.resolvedAt)}
                    {ticket.resolvedAt > ticket.resolutionDueAt ? <span className="block text-red-700 dark:text-red-400">{t("detail.late")}</span> : null}
                  </Fact>
                ) : null}
                {ticket.closedAt ? <Fact label={t("detail.closed")}>{when(ticket.closedAt)}</Fact> : null}
              </dl>
            </Panel>
          </div>
          {canUpdate && data.contacts ? (
            <div className="order-last min-w-0">
              <Panel title={t("detail.work")}>
                <div className="space-y-5">
                  <StatusForm status={ticket.status} reply={reply} returnTo={formReturnTo} />
                  <AssignForm assigneeId={ticket.assignee?.id ?? null} members={data.members} meId={data.meId} reply={reply} returnTo={formReturnTo} />
                  <PriorityForm priority={ticket.priority} reply={reply} returnTo={formReturnTo} />
                  <TagsForm tags={ticket.tags} reply={reply} returnTo={formReturnTo} />
                  <ContactForm contactId={data.pickedContact} contacts={data.contacts} reply={reply} returnTo={formReturnTo} />
                </div>
              </Panel>
            </div>
          ) : null}
        </div>
        <div className="min-w-0 space-y-4">
          <Panel title={t("detail.description")}>
            {ticket.description ? (
              <p className="whitespace-pre-line break-words text-sm">{ticket.description}</p>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">{t("detail.noDescription")}</p>
            )}
            {canUpdate ? (
              <details className="mt-4 rounded-md border border-slate-200 p-3 dark:border-slate-700" open={reply?.intent === "details"}>
                <summary className="cursor-pointer text-sm font-medium">{t("detail.editDetails")}</summary>
                <div className="mt-3">
                  <DetailsForm
                    subject={ticket.subject}
                    description={ticket.description}
                    constraint={data.constraints.details}
                    reply={reply}
                    returnTo={formReturnTo}
                  />
                </div>
              </details>
            ) : null}
          </Panel>
          <NotesPanel notes={data.notes} timeZone={timeZone} canWrite={canUpdate} constraint={data.constraints.note} reply={reply} returnTo={formReturnTo} />
          <CallsPanel calls={data.calls} suggested={data.suggestedCalls} timeZone={timeZone} canWrite={canUpdate} reply={reply} returnTo={formReturnTo} />
          <ActivityLog entries={data.activity} timeZone={timeZone} />
        </div>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
