import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusBadge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm, type FormFetcher } from "~/components/ui/confirm-action";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { organizationAccess } from "~/features/organizations/organization-access.server";
import { handleAppointmentAction } from "~/features/scheduling/booking/appointment-actions.server";
import { appointmentLog, getAppointment } from "~/features/scheduling/booking/appointments.server";
import { STATUS_TONES, useAppointmentTime } from "~/features/scheduling/booking/appointments-list";
import { colorSwatchClass } from "~/features/scheduling/event-types/event-type-colors";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["scheduling"] };

async function requireAppointment(tenantId: string, id: string | undefined) {
  const appointment = await getAppointment(tenantId, id ?? "");
  if (!appointment) notFound();
  return appointment;
}

/** /appointments/<id>: when, who, where, what happened to it; reschedule, cancel (`?confirm=cancel` without JavaScript), no-show. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "appointments");
  const appointment = await requireAppointment(gate.tenant.id, params.id);
  const log = await appointmentLog(gate.tenant.id, appointment.id);
  const canUpdate = can((await organizationAccess(gate, appointment.organization_id)).permissions, "appointments", "update");
  const started = appointment.start_at <= new Date().toISOString();
  return {
    title: `${appointment.title} · ${appointment.contact_name}`,
    appointment: {
      id: appointment.id,
      title: appointment.title,
      status: appointment.status,
      start: appointment.start_at,
      end: appointment.end_at,
      hostTimeZone: appointment.time_zone,
      color: appointment.color,
      organization: appointment.organization_name,
      hostName: appointment.host_name,
      contactName: appointment.contact_name,
      contactEmail: appointment.contact_email,
      contactPhone: appointment.contact_phone ? formatPhoneForDisplay(appointment.contact_phone, gate.tenant.country) : null,
      contactId: appointment.contact_id,
      locationKind: appointment.location_kind,
      locationDetail: appointment.location_detail,
      appointmentType: appointment.appointment_type,
      notes: appointment.notes,
      cancelReason: appointment.cancel_reason,
      source: appointment.source,
      callId: appointment.call_id,
    },
    log: log.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorKind: entry.actor_kind,
      actorName: entry.actor_name,
      details: JSON.parse(entry.details) as Record<string, string | null>,
      at: entry.at,
    })),
    timeZone: gate.tenant.timeZone,
    canReschedule: canUpdate && appointment.status === "booked" && !started && appointment.event_type_id !== null,
    canCancel: canUpdate && appointment.status === "booked" && !started,
    canNoShow: canUpdate && appointment.status === "booked" && started,
    confirmingCancel: canUpdate && appointment.status === "booked" && new URL(request.url).searchParams.get("confirm") === "cancel",
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "appointments");
  const appointment = await requireAppointment(gate.tenant.id, params.id);
  const result = await handleAppointmentAction(request, gate, {
    id: appointment.id,
    contactName: appointment.contact_name,
    organizationId: appointment.organization_id,
  });
  // A change done (a redirect): its Cal.com push or email was queued with it, and the runner sends it now rather than at its next interval.
  if (result instanceof Response) kickJobRunner();
  return result;
}

function CancelForm({ id, fetcher, onCancel, errors }: { id: string; fetcher?: FormFetcher; onCancel?: () => void; errors?: string[] }) {
  const { t } = useTranslation("scheduling");
  const here = `/appointments/${encodeURIComponent(id)}`;
  return (
    <ConfirmForm
      action={here}
      hidden={{ intent: "cancel" }}
      confirmLabel={t("detail.cancelConfirm")}
      dismissLabel={t("detail.keep")}
      cancelHref={here}
      fetcher={fetcher}
      onCancel={onCancel}
    >
      <FormErrors errors={errors} namespace="scheduling" />
      <p>{t("detail.cancelQuestion")}</p>
      <TextareaField
        label={t("detail.reason")}
        hint={t("detail.reasonHint")}
        namespace="scheduling"
        textareaProps={{ id: `cancel-reason-${id}`, name: "reason", rows: 2, maxLength: 500 }}
      />
    </ConfirmForm>
  );
}

export default function AppointmentPage() {
  const { t } = useTranslation("scheduling");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { appointment } = data;
  const format = useAppointmentTime(data.timeZone);
  const hostFormat = useAppointmentTime(appointment.hostTimeZone);
  const here = `/appointments/${encodeURIComponent(appointment.id)}`;
  const where =
    appointment.locationKind === "in-person"
      ? appointment.locationDetail
      : appointment.locationKind === "google-meet"
        ? (appointment.locationDetail ?? t("detail.meetLinkFollows"))
        : t(`phoneDirections.${appointment.locationDetail === "contact-calls" ? "contact-calls" : "agent-calls"}`);
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span aria-hidden="true" className={`h-3 w-3 rounded-full ${colorSwatchClass(appointment.color ?? "blue")}`} />
            {appointment.title}
            <StatusBadge status={appointment.status} tones={STATUS_TONES} label={t(`statuses.${appointment.status}`)} data-testid="appointment-status" />
          </span>
        }
        description={format.range(appointment.start, appointment.end)}
        back={
          <Link to="/appointments" className="text-primary-dark underline dark:text-primary">
            {t("detail.back")}
          </Link>
        }
        actions={
          <>
            {data.canReschedule ? (
              <Link to={`${here}/reschedule`} className={buttonClass("secondary")}>
                {t("detail.reschedule")}
              </Link>
            ) : null}
            {data.canNoShow ? (
              <Form method="post">
                <input type="hidden" name="intent" value="no-show" />
                <Button type="submit" variant="secondary">
                  {t("detail.noShow")}
                </Button>
              </Form>
            ) : null}
            {data.canCancel ? (
              <ConfirmAction
                href={`${here}?confirm=cancel`}
                title={t("detail.cancelTitle")}
                className={buttonClass("secondary", "text-red-700 dark:text-red-300")}
                content={({ fetcher, close }) => <CancelForm id={appointment.id} fetcher={fetcher} onCancel={close} />}
              >
                {t("detail.cancel")}
              </ConfirmAction>
            ) : null}
          </>
        }
      />
      {reply && reply.intent !== "cancel" ? <FormErrors errors={reply.result.error?.[""] ?? undefined} namespace="scheduling" /> : null}
      {data.confirmingCancel ? (
        <Panel title={t("detail.cancelTitle")}>
          <CancelForm id={appointment.id} errors={reply?.intent === "cancel" ? (reply.result.error?.[""] ?? undefined) : undefined} />
        </Panel>
      ) : null}
      <Panel title={t("detail.details")}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("detail.when")}</dt>
          <dd>
            {format.range(appointment.start, appointment.end)}
            {appointment.hostTimeZone !== data.timeZone ? (
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {t("detail.hostTime", { time: hostFormat.range(appointment.start, appointment.end), zone: appointment.hostTimeZone.replace(/_/g, " ") })}
              </span>
            ) : null}
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("detail.contact")}</dt>
          <dd className="break-words">
            {appointment.contactId ? (
              <Link to={`/contacts/${encodeURIComponent(appointment.contactId)}/edit`} className="text-primary-dark underline dark:text-primary">
                {appointment.contactName}
              </Link>
            ) : (
              appointment.contactName
            )}
            <span className="block text-slate-500 dark:text-slate-400">{[appointment.contactPhone, appointment.contactEmail].filter(Boolean).join(" · ")}</span>
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("detail.host")}</dt>
          <dd>{appointment.hostName ?? t("appointments.noHost")}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("detail.type")}</dt>
          <dd>{t(`appointmentTypes.${appointment.appointmentType}`)}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("detail.where")}</dt>
          <dd className="break-words">
            {t(`locations.${appointment.locationKind}`)}
            {where ? ` · ${where}` : ""}
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("detail.bookedVia")}</dt>
          <dd>
            {t(`sources.${appointment.source}`)}
            {appointment.callId ? (
              <>
                {" · "}
                <Link to={`/recordings/${encodeURIComponent(appointment.callId)}`} className="text-primary-dark underline dark:text-primary">
                  {t("detail.openCall")}
                </Link>
              </>
            ) : null}
          </dd>
          {appointment.notes ? (
            <>
              <dt className="font-medium text-slate-600 dark:text-slate-300">{t("detail.notes")}</dt>
              <dd className="whitespace-pre-wrap break-words">{appointment.notes}</dd>
            </>
          ) : null}
          {appointment.cancelReason ? (
            <>
              <dt className="font-medium text-slate-600 dark:text-slate-300">{t("detail.reason")}</dt>
              <dd className="break-words">{appointment.cancelReason}</dd>
            </>
          ) : null}
        </dl>
      </Panel>
      <Panel title={t("detail.history")}>
        <ol className="space-y-3 text-sm" data-testid="appointment-log">
          {data.log.map((entry) => (
            <li key={entry.id} className="flex flex-wrap gap-x-3 gap-y-1 border-l-2 border-slate-200 pl-3 dark:border-slate-700">
              <span className="font-medium">{t(`log.${entry.action}`)}</span>
              {entry.action === "rescheduled" && entry.details.from && entry.details.to ? (
                <span>
                  {t("log.movedFrom", {
                    from: `${format.day(entry.details.from)}, ${format.time(entry.details.from)}`,
                    to: `${format.day(entry.details.to)}, ${format.time(entry.details.to)}`,
                  })}
                </span>
              ) : null}
              {entry.action === "cancelled" && entry.details.reason ? <span className="break-words">“{entry.details.reason}”</span> : null}
              <span className="text-slate-500 dark:text-slate-400">
                {entry.actorKind === "user" ? (entry.actorName ?? t("log.someone")) : t(`log.actors.${entry.actorKind}`)} · {format.day(entry.at)},{" "}
                {format.time(entry.at)}
              </span>
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
