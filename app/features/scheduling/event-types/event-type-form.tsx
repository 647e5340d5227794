import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors, FormErrors, RadioGroup, SelectField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainCollectionProps, plainFormProps, plainInputProps, plainSelectProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";
import { colorSwatchClass } from "./event-type-colors";
import { APPOINTMENT_TYPES, EVENT_TYPE_COLORS, LOCATION_KINDS, PHONE_DIRECTIONS } from "./event-type-rules";
import type { EventTypeFields } from "./event-type-schema";

export interface EventTypeDefaults {
  name?: string;
  durationMinutes?: number;
  locationKind?: string;
  meetLink?: string;
  address?: string;
  phoneDirection?: string;
  appointmentType?: string;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  minimumNoticeHours?: number;
  bookableDaysAhead?: number;
  hostIds?: string[];
  assignment?: string;
  color?: string;
}

/**
 * An event type: what is booked, how long, where, who hosts. Every location
 * field is on the page (no script decides which shows); the server reads the
 * one the chosen kind needs.
 */
export function EventTypeForm({
  lastResult,
  constraint,
  defaults,
  teamMembers,
  submitLabel,
  cancelHref,
}: {
  lastResult: PlainReply | undefined;
  constraint: FormConstraint;
  defaults: EventTypeDefaults;
  teamMembers: Array<{ id: string; name: string }>;
  submitLabel: string;
  cancelHref: string;
}) {
  const { t } = useTranslation("scheduling");
  const [form, fields] = usePlainForm<EventTypeFields>({
    id: "event-type",
    lastResult,
    constraint,
    defaultValue: Object.fromEntries(
      Object.entries(defaults).map(([key, value]) => [key, Array.isArray(value) ? value : value === undefined ? undefined : String(value)]),
    ),
  });
  const busy = useIsPending();
  const number = (field: typeof fields.durationMinutes, label: string, hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      errors={field.errors}
      namespace="scheduling"
      inputProps={{ ...plainInputProps(field, { type: "number" }), inputMode: "numeric" }}
    />
  );
  return (
    <Form method="post" className="space-y-6" {...plainFormProps(form)}>
      <FormErrors errors={form.errors} namespace="scheduling" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label={t("eventTypes.fields.name")}
            hint={t("eventTypes.fields.nameHint")}
            errors={fields.name.errors}
            namespace="scheduling"
            inputProps={plainInputProps(fields.name, { type: "text" })}
          />
        </div>
        {number(fields.durationMinutes, t("eventTypes.fields.duration"), t("eventTypes.fields.durationHint"))}
        <SelectField
          label={t("eventTypes.fields.appointmentType")}
          errors={fields.appointmentType.errors}
          namespace="scheduling"
          selectProps={plainSelectProps(fields.appointmentType)}
          options={APPOINTMENT_TYPES.map((type) => ({ value: type, label: t(`appointmentTypes.${type}`) }))}
        />
      </div>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">{t("eventTypes.fields.location")}</legend>
        <RadioGroup
          legend={t("eventTypes.fields.locationKind")}
          name={fields.locationKind.name}
          idPrefix={fields.locationKind.id}
          inline
          defaultValue={typeof fields.locationKind.initialValue === "string" ? fields.locationKind.initialValue : "phone"}
          errors={fields.locationKind.errors}
          namespace="scheduling"
          options={LOCATION_KINDS.map((kind) => ({ value: kind, label: t(`locations.${kind}`) }))}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("eventTypes.fields.meetLink")}
            hint={t("eventTypes.fields.meetLinkHint")}
            errors={fields.meetLink.errors}
            namespace="scheduling"
            inputProps={plainInputProps(fields.meetLink, { type: "url" })}
          />
          <TextField
            label={t("eventTypes.fields.address")}
            hint={t("eventTypes.fields.addressHint")}
            errors={fields.address.errors}
            namespace="scheduling"
            inputProps={plainInputProps(fields.address, { type: "text" })}
          />
          <SelectField
            label={t("eventTypes.fields.phoneDirection")}
            hint={t("eventTypes.fields.phoneDirectionHint")}
            errors={fields.phoneDirection.errors}
            namespace="scheduling"
            selectProps={plainSelectProps(fields.phoneDirection)}
            options={PHONE_DIRECTIONS.map((direction) => ({ value: direction, label: t(`phoneDirections.${direction}`) }))}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">{t("eventTypes.fields.availability")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {number(fields.bufferBeforeMinutes, t("eventTypes.fields.bufferBefore"), t("eventTypes.fields.bufferHint"))}
          {number(fields.bufferAfterMinutes, t("eventTypes.fields.bufferAfter"), t("eventTypes.fields.bufferHint"))}
          {number(fields.minimumNoticeHours, t("eventTypes.fields.notice"), t("eventTypes.fields.noticeHint"))}
          {number(fields.bookableDaysAhead, t("eventTypes.fields.daysAhead"), t("eventTypes.fields.daysAheadHint"))}
        </div>
      </fieldset>

      <fieldset className="space-y-3" aria-describedby={fields.hostIds.errors?.length ? fields.hostIds.errorId : undefined}>
        <legend className="text-base font-semibold">{t("eventTypes.fields.hosts")}</legend>
        {teamMembers.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("eventTypes.fields.noTeamMembers")}</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {plainCollectionProps(fields.hostIds, { type: "checkbox", options: teamMembers.map((member) => member.id) }).map(({ key, ...props }) => (
              <label key={key} htmlFor={props.id} className="flex items-center gap-2 text-sm">
                <input {...props} className="h-4 w-4 shrink-0 accent-[rgb(var(--color-primary-button))]" />
                {teamMembers.find((member) => member.id === key)?.name}
              </label>
            ))}
          </div>
        )}
        <FieldErrors id={fields.hostIds.errorId} errors={fields.hostIds.errors} t={t} />
        <RadioGroup
          legend={t("eventTypes.fields.assignment")}
          name={fields.assignment.name}
          idPrefix={fields.assignment.id}
          defaultValue={typeof fields.assignment.initialValue === "string" ? fields.assignment.initialValue : "single"}
          errors={fields.assignment.errors}
          namespace="scheduling"
          options={[
            { value: "single", label: t("assignments.single"), hint: t("assignments.singleHint") },
            { value: "round-robin", label: t("assignments.round-robin"), hint: t("assignments.roundRobinHint") },
          ]}
        />
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold">{t("eventTypes.fields.color")}</legend>
        <div className="flex flex-wrap gap-3">
          {plainCollectionProps(fields.color, { type: "radio", options: [...EVENT_TYPE_COLORS] }).map(({ key, ...props }) => (
            <label key={key} htmlFor={props.id} className="flex items-center gap-2 text-sm">
              <input
                {...props}
                defaultChecked={props.defaultChecked || (!fields.color.initialValue && key === "blue")}
                className="h-4 w-4 accent-[rgb(var(--color-primary-button))]"
              />
              <span aria-hidden="true" className={`h-4 w-4 rounded-full ${colorSwatchClass(key)}`} />
              {t(`colors.${key}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t("eventTypes.saving") : submitLabel}
        </Button>
        <Link to={cancelHref} className={buttonClass("secondary")}>
          {t("eventTypes.cancel")}
        </Link>
      </div>
    </Form>
  );
}
