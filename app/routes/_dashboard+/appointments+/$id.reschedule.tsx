import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireReadAccess, type GateContext } from "~/features/access/gate.server";
import { refusalKey, requireAppointmentChange } from "~/features/scheduling/booking/appointment-actions.server";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { getAppointment } from "~/features/scheduling/booking/appointments.server";
import { useAppointmentTime } from "~/features/scheduling/booking/appointments-list";
import { RescheduleSchema } from "~/features/scheduling/booking/booking-schema";
import { rescheduleAppointment } from "~/features/scheduling/booking/booking.server";
import { getEventType } from "~/features/scheduling/event-types/event-types.server";
import { SlotPicker } from "~/features/scheduling/availability/slot-picker";
import { pickerWeek } from "~/features/scheduling/availability/slot-picker.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { calendarDayParam, readParams } from "~/lib/url-params/url-params";

export const handle: I18nHandle = { i18n: ["scheduling"] };

async function requireMovable(request: Request, gate: GateContext, id: string | undefined) {
  const tenantId = gate.tenant.id;
  const appointment = await getAppointment(tenantId, id ?? "");
  if (!appointment) notFound();
  await requireAppointmentChange(request, gate, appointment.organization_id);
  const here = `/appointments/${encodeURIComponent(appointment.id)}`;
  // Only a booked appointment that has not begun, of a type that still exists, can move.
  if (appointment.status !== "booked" || appointment.start_at <= new Date().toISOString() || !appointment.event_type_id) throw redirect(here);
  const eventType = await getEventType(tenantId, appointment.event_type_id);
  if (!eventType) throw redirect(here);
  // The same host keeps the appointment: offer that host's free times only.
  const hostOnly = { ...eventType, hosts: eventType.hosts.filter((host) => host.id === appointment.host_user_id), assignment: "single" };
  return { appointment, eventType: hostOnly, here };
}

/** /appointments/<id>/reschedule?week=&date=: the host's free times; choosing one moves the appointment and tells the contact. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "appointments");
  const { appointment, eventType } = await requireMovable(request, gate, params.id);
  const t = await getTranslator(request, "scheduling");
  const { week, date } = readParams(new URL(request.url).searchParams, { week: calendarDayParam, date: calendarDayParam });
  const picker = await pickerWeek(gate.tenant.id, eventType, {
    week,
    date,
    viewerTimeZone: gate.tenant.timeZone,
    fallbackTimeZone: gate.tenant.timeZone,
    excludeAppointmentId: appointment.id,
  });
  return {
    title: t("reschedule.title"),
    appointment: {
      id: appointment.id,
      title: appointment.title,
      contactName: appointment.contact_name,
      hostName: appointment.host_name,
      start: appointment.start_at,
      end: appointment.end_at,
    },
    picker,
    timeZone: gate.tenant.timeZone,
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "appointments");
  const { appointment, eventType, here } = await requireMovable(request, gate, params.id);
  const submission = parseWithZod(await readFormData(request), { schema: RescheduleSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await rescheduleAppointment(
    gate.tenant.id,
    appointment.id,
    submission.value.start,
    { kind: "user", userId: gate.user.id },
    { eventType, fallbackTimeZone: gate.tenant.timeZone },
  );
  if (outcome.kind !== "done") return data({ result: submission.reply({ fieldErrors: { start: [refusalKey(outcome)] } }) }, { status: 409 });
  // The Cal.com push or the contact's email was queued with the change; the runner sends it now rather than at its next interval.
  kickJobRunner();
  return redirectWithToast(here, { type: "success", key: "scheduling:toast.rescheduled", values: { name: appointment.contact_name } });
}

export default function ReschedulePage() {
  const { t } = useTranslation("scheduling");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useIsPending();
  const format = useAppointmentTime(data.timeZone);
  const here = `/appointments/${encodeURIComponent(data.appointment.id)}`;
  const hrefFor = (changes: { week?: string; date?: string }) => {
    const search = new URLSearchParams();
    const week = changes.week ?? data.picker.week;
    if (week) search.set("week", week);
    if (changes.date) search.set("date", changes.date);
    return `${here}/reschedule?${search.toString()}`;
  };
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title={data.title}
        description={t("reschedule.intro", {
          title: data.appointment.title,
          name: data.appointment.contactName,
          when: format.range(data.appointment.start, data.appointment.end),
          host: data.appointment.hostName ?? "",
        })}
        back={
          <Link to={here} className="text-primary-dark underline dark:text-primary">
            {t("reschedule.back")}
          </Link>
        }
      />
      <Panel title={t("book.when")}>
        <Form method="post" className="space-y-4">
          <FormErrors errors={reply?.result.error?.[""] ?? undefined} namespace="scheduling" />
          <SlotPicker picker={data.picker} hrefFor={hrefFor} errors={reply?.result.error?.start ?? undefined} timeZone={data.timeZone} />
          <Button type="submit" disabled={busy}>
            {busy ? t("reschedule.moving") : t("reschedule.submit")}
          </Button>
        </Form>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
