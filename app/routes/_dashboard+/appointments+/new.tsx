import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { getContact } from "~/features/contacts/contacts.server";
import { organizationPaths } from "~/features/organizations/paths";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { BookAppointmentSchema } from "~/features/scheduling/booking/booking-schema";
import { bookAppointment } from "~/features/scheduling/booking/booking.server";
import { getEventType } from "~/features/scheduling/event-types/event-types.server";
import { eventTypesInScope, schedulingScope } from "~/features/scheduling/scope.server";
import { SlotPicker } from "~/features/scheduling/availability/slot-picker";
import { contactName, findContacts, pickerWeek } from "~/features/scheduling/availability/slot-picker.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { calendarDayParam, optionalText, readParams, searchTerm } from "~/lib/url-params/url-params";

export const handle: I18nHandle = { i18n: ["scheduling"] };

const readers = {
  eventType: optionalText({ trim: true, maxLength: 64 }),
  contact: optionalText({ trim: true, maxLength: 64 }),
  q: searchTerm({ maxLength: 100 }),
  week: calendarDayParam,
  date: calendarDayParam,
};

/**
 * /appointments/new?eventType=&contact=&q=&week=&date=: book for a contact.
 * What and for whom is a GET form (the choices live in the URL), when is the
 * week's free times, and Book posts the chosen time. No script needed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "appointments");
  const scope = schedulingScope(gate);
  if (!scope) throw redirect("/appointments");
  const t = await getTranslator(request, "scheduling");
  const params = readParams(new URL(request.url).searchParams, readers);
  const eventTypes = await eventTypesInScope(gate.tenant.id, scope);
  const bookable = eventTypes.filter((type) => type.hosts.length > 0);
  const eventType = bookable.find((type) => type.id === params.eventType) ?? bookable[0] ?? null;
  const contact = params.contact ? await getContact(gate.tenant.id, params.contact) : undefined;
  const [matches, picker] = await Promise.all([
    params.q && !contact ? findContacts(gate.tenant.id, params.q) : Promise.resolve([]),
    eventType
      ? pickerWeek(gate.tenant.id, (await getEventType(gate.tenant.id, eventType.id))!, {
          week: params.week,
          date: params.date,
          viewerTimeZone: gate.tenant.timeZone,
          fallbackTimeZone: gate.tenant.timeZone,
        })
      : Promise.resolve(null),
  ]);
  return {
    title: t("book.title"),
    params: { ...params, eventType: eventType?.id ?? null, contact: contact?.id ?? null },
    eventTypes: bookable.map((type) => ({ id: type.id, name: type.name, duration: type.duration_minutes })),
    hasEventTypes: eventTypes.length > 0,
    firstTeamLink: scope.teamId ? organizationPaths.team(scope.organizationId, scope.teamId) : organizationPaths.page(scope.organizationId, "teams"),
    contact: contact ? { id: contact.id, name: contactName(contact), phone: contact.phone, email: contact.email } : null,
    matches: matches.map((match) => ({ id: match.id, name: contactName(match), phone: match.phone, email: match.email })),
    picker,
    timeZone: gate.tenant.timeZone,
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "appointments");
  const scope = schedulingScope(gate);
  if (!scope) throw redirect("/appointments");
  const submission = parseWithZod(await readFormData(request), { schema: BookAppointmentSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const inScope = (await eventTypesInScope(gate.tenant.id, scope)).some((type) => type.id === submission.value.eventType);
  const eventType = inScope ? await getEventType(gate.tenant.id, submission.value.eventType) : undefined;
  const contact = await getContact(gate.tenant.id, submission.value.contact);
  if (!eventType) return data({ result: submission.reply({ fieldErrors: { eventType: ["validation.eventTypeRequired"] } }) }, { status: 400 });
  if (!contact) return data({ result: submission.reply({ fieldErrors: { contact: ["validation.contactRequired"] } }) }, { status: 400 });
  const outcome = await bookAppointment(gate.tenant.id, {
    eventType,
    organizationId: scope.organizationId,
    start: submission.value.start,
    contact: { id: contact.id, name: contactName(contact), email: contact.email || null, phone: contact.phone },
    notes: submission.value.notes || null,
    source: "dashboard",
    actor: { kind: "user", userId: gate.user.id },
    fallbackTimeZone: gate.tenant.timeZone,
  });
  if (outcome.kind === "taken" || outcome.kind === "not-offered") {
    const key = outcome.kind === "taken" ? "validation.slotTaken" : "validation.slotNotOffered";
    return data({ result: submission.reply({ fieldErrors: { start: [key] } }) }, { status: 409 });
  }
  // The Cal.com push or the contact's email was queued with the booking; the runner sends it now rather than at its next interval.
  kickJobRunner();
  return redirectWithToast(`/appointments/${outcome.appointmentId}`, {
    type: "success",
    key: "scheduling:toast.booked",
    values: { name: contactName(contact) },
  });
}

function hrefWith(params: Record<string, string | null>, changes: Record<string, string | null | undefined>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...params, ...changes })) if (value) search.set(name, value);
  const query = search.toString();
  return `/appointments/new${query ? `?${query}` : ""}`;
}

export default function NewAppointmentPage() {
  const { t } = useTranslation("scheduling");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = reply?.result.error ?? {};
  const busy = useIsPending();
  const base = { eventType: data.params.eventType, contact: data.params.contact, week: data.params.week, date: data.params.date, q: data.params.q || null };
  if (data.eventTypes.length === 0) {
    return (
      <div className="space-y-6">
        <PageHeader
          title={data.title}
          back={
            <Link to="/appointments" className="text-primary-dark underline dark:text-primary">
              {t("book.back")}
            </Link>
          }
        />
        <EmptyState
          title={data.hasEventTypes ? t("book.noHosts") : t("book.noEventTypes")}
          action={
            <Link to={data.firstTeamLink} className={buttonClass("primary", undefined, "sm")}>
              {t("book.setUp")}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title={data.title}
        description={t("book.intro")}
        back={
          <Link to="/appointments" className="text-primary-dark underline dark:text-primary">
            {t("book.back")}
          </Link>
        }
      />
      <Panel title={t("book.whatAndWho")}>
        <Form method="get" className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <SelectField
            label={t("book.eventType")}
            selectProps={{ id: "book-event-type", name: "eventType", defaultValue: data.params.eventType ?? undefined }}
            options={data.eventTypes.map((type) => ({ value: type.id, label: t("book.eventTypeOption", { name: type.name, minutes: type.duration }) }))}
          />
          {data.contact ? (
            <div className="space-y-1">
              <p className="text-sm font-medium">{t("book.contact")}</p>
              <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="chosen-contact">
                <span className="font-semibold">{data.contact.name}</span>
                <span className="text-slate-500 dark:text-slate-400">{data.contact.phone}</span>
                <Link to={hrefWith(base, { contact: null })} className="text-primary-dark underline dark:text-primary">
                  {t("book.changeContact")}
                </Link>
              </p>
              <input type="hidden" name="contact" value={data.contact.id} />
            </div>
          ) : (
            <TextField
              label={t("book.findContact")}
              hint={t("book.findContactHint")}
              inputProps={{ id: "book-q", name: "q", type: "search", defaultValue: data.params.q }}
            />
          )}
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary">
              {data.contact ? t("book.showTimes") : t("book.search")}
            </Button>
          </div>
        </Form>
        {!data.contact && data.params.q ? (
          data.matches.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("book.noContacts", { q: data.params.q })}</p>
          ) : (
            <ul
              className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-700"
              data-testid="contact-matches"
            >
              {data.matches.map((match) => (
                <li key={match.id}>
                  <Link
                    to={hrefWith(base, { contact: match.id, q: null })}
                    className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
                  >
                    <span className="font-medium">{match.name}</span>
                    <span className="text-slate-500 dark:text-slate-400">{[match.phone, match.email].filter(Boolean).join(" · ")}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </Panel>
      {data.picker ? (
        <Panel title={t("book.when")}>
          <Form method="post" className="space-y-4">
            <FormErrors errors={errors[""] ?? undefined} namespace="scheduling" />
            <input type="hidden" name="eventType" value={data.params.eventType ?? ""} />
            <input type="hidden" name="contact" value={data.contact?.id ?? ""} />
            {!data.contact ? <p className="text-sm text-amber-700 dark:text-amber-300">{t("book.contactFirst")}</p> : null}
            {errors.contact ? <FormErrors errors={errors.contact} namespace="scheduling" /> : null}
            <SlotPicker
              picker={data.picker}
              hrefFor={(changes) => hrefWith(base, { week: changes.week ?? base.week, date: changes.date ?? null })}
              errors={errors.start ?? undefined}
              timeZone={data.timeZone}
            />
            <TextareaField
              label={t("book.notes")}
              hint={t("book.notesHint")}
              errors={errors.notes ?? undefined}
              namespace="scheduling"
              textareaProps={{ id: "book-notes", name: "notes", rows: 3, maxLength: 2000 }}
            />
            <Button type="submit" disabled={busy || !data.contact}>
              {busy ? t("book.booking") : t("book.submit")}
            </Button>
          </Form>
        </Panel>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
