import { Form } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CheckboxField, FieldErrors, FormErrors, inputClass } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Panel } from "~/components/ui/panel";
import { TimeZoneField } from "~/components/ui/time-zone-field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useIsPending } from "~/components/ui/use-is-pending";
import { dateTimeFormat } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm, type PlainField, type PlainReply } from "~/lib/forms/plain-form";
import { MAX_WINDOWS_PER_DAY, pairsToShow, WEEKDAYS } from "../availability/working-hours";
import type { WorkingHoursFields } from "./staff-schemas";
import { dayPrefix, pairField, worksField } from "./working-hours-fields";

export interface StaffReply {
  intent: string;
  result?: PlainReply;
  feedUrl?: string;
}

export function useWeekdayName() {
  const { i18n } = useTranslation();
  // 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
  return (day: number, width: "long" | "short" = "long") =>
    dateTimeFormat(i18n.language, { weekday: width, timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day)));
}

const PAIR_INDEXES = Array.from({ length: MAX_WINDOWS_PER_DAY }, (_, index) => index);

/**
 * The weekly hours (issue 27): per day a fieldset with a "works this day" box and from/to
 * time inputs. Without JavaScript every day shows its ranges plus one empty spare pair, so a
 * range is added by filling the spare and saving, and removed by clearing its times. With
 * JavaScript the spare gives way to "Add range", each range gets a remove button, and an
 * unticked day hides its times. The action judges every value either way (WorkingHoursSchema)
 * and answers with the typed values and a message at the field that caused it
 * (docs/decisions/0065-working-hours-time-fields.md, docs/product/scheduling.md).
 */
export function WorkingHoursForm({
  defaults,
  timeZones,
  reply,
  constraint,
  canEdit,
}: {
  defaults: Record<string, string>;
  timeZones: string[];
  reply: StaffReply | undefined;
  constraint: FormConstraint;
  canEdit: boolean;
}) {
  const { t } = useTranslation("scheduling");
  const weekday = useWeekdayName();
  const lastResult = reply?.intent === "save-hours" ? reply.result : undefined;
  const [form, fields] = usePlainForm<WorkingHoursFields>({ id: "working-hours", lastResult, constraint, defaultValue: defaults });
  const busy = useIsPending({ intent: "save-hours" });
  return (
    <Panel title={t("staff.hoursTitle")}>
      <Form method="post" className="space-y-4" {...plainFormProps(form)}>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("staff.hoursIntro")}</p>
        <FormErrors errors={form.errors} namespace="scheduling" />
        <input type="hidden" name="intent" value="save-hours" />
        <TimeZoneField
          label={t("staff.timeZone")}
          errors={fields.timeZone.errors}
          namespace="scheduling"
          selectProps={{ ...plainSelectProps(fields.timeZone), disabled: !canEdit }}
          zones={timeZones}
        />
        <p id="working-hours-hint" className="text-xs text-slate-500 dark:text-slate-400">
          {t("staff.hoursHint")}
        </p>
        <div className="space-y-3">
          {WEEKDAYS.map((day) => {
            const { works, pairs, key } = rangeFields(fields, dayPrefix(day));
            return (
              <RangesFieldset
                key={key}
                testId={`hours-day-${day}`}
                legend={weekday(day)}
                labelPrefix={weekday(day)}
                worksLabel={t("staff.worksThisDay")}
                whichDay={t("staff.onDay", { day: weekday(day) })}
                removeLabel={(number) => t("staff.removeRangeLabel", { day: weekday(day), number })}
                works={works}
                pairs={pairs}
                canEdit={canEdit}
              />
            );
          })}
        </div>
        {canEdit ? (
          <Button type="submit" disabled={busy}>
            {t("staff.saveHours")}
          </Button>
        ) : null}
      </Form>
    </Panel>
  );
}

/** A day's fields under one prefix, and a key that starts the day afresh when a reply or newly saved hours change its values. */
export function rangeFields(fields: Record<string, PlainField>, prefix: string) {
  const works = fields[worksField(prefix)]!;
  const pairs = PAIR_INDEXES.map((index) => ({ from: fields[pairField(prefix, "from", index)]!, to: fields[pairField(prefix, "to", index)]! }));
  // Not the errors: they go once a field is edited, and the day must not start afresh under the typing hands.
  // The prefix too: days with the same hours are siblings and need keys of their own.
  const key = JSON.stringify([prefix, works.initialValue, pairs.map((pair) => [pair.from.initialValue, pair.to.initialValue])]);
  return { works, pairs, key };
}

const hasValue = (field: PlainField) => typeof field.initialValue === "string" && field.initialValue.trim() !== "";

/**
 * One day's hours: a fieldset whose legend names the day, a "works" box and its from/to pairs.
 * `labelPrefix` goes before each time input's "from"/"to" for screen readers ("Monday from").
 */
export function RangesFieldset({
  testId,
  legend,
  labelPrefix,
  worksLabel,
  whichDay,
  removeLabel,
  works,
  pairs,
  canEdit,
}: {
  testId: string;
  legend: string;
  labelPrefix: string;
  worksLabel: string;
  /** Said after "Add range" to screen readers ("on Monday"); the remove buttons' names ("Remove range 2 on Monday"). */
  whichDay: string;
  removeLabel: (number: number) => string;
  works: PlainField;
  pairs: Array<{ from: PlainField; to: PlainField }>;
  canEdit: boolean;
}) {
  const { t } = useTranslation("scheduling");
  const hydrated = useHydrated();
  const filled = PAIR_INDEXES.filter(
    (index) => hasValue(pairs[index]!.from) || hasValue(pairs[index]!.to) || pairs[index]!.from.errors || pairs[index]!.to.errors,
  );
  const [worked, setWorked] = useState(works.initialValue === "on");
  const [shown, setShown] = useState<number[]>(filled.length ? filled : [0]);
  const enhanced = hydrated && canEdit;
  // Without JavaScript: what is filled plus a spare to add a range by saving (none when the form is read-only).
  const indexes = enhanced ? shown : canEdit ? PAIR_INDEXES.slice(0, pairsToShow(filled)) : filled;
  return (
    <fieldset className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0 dark:border-slate-700" data-testid={testId}>
      {/* Floated, the legend is laid out as a heading above the content instead of sitting in the border. */}
      <legend className="float-left mb-2 w-full text-sm font-semibold">{legend}</legend>
      <div className="clear-left flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-4">
        <div className="sm:w-52 sm:shrink-0 sm:pt-2">
          <CheckboxField
            label={worksLabel}
            namespace="scheduling"
            inputProps={{
              ...plainInputProps(works, { type: "checkbox" }),
              disabled: !canEdit,
              onChange: (event) => {
                setWorked(event.currentTarget.checked);
                if (event.currentTarget.checked && shown.length === 0) setShown([0]);
              },
            }}
          />
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          {enhanced && !worked ? <p className="pt-1 text-sm text-slate-600 dark:text-slate-300 sm:pt-2">{t("staff.dayOff")}</p> : null}
          {!canEdit && indexes.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300 sm:pt-2">{t("staff.dayOff")}</p> : null}
          {/* Hidden, not removed, while the day is unticked: ticking it again brings the times back, and the action ignores them meanwhile. */}
          <div hidden={enhanced && !worked} className="space-y-2">
            {indexes.map((index, position) => (
              <RangeRow
                key={index}
                testId={`${testId}-range`}
                labelPrefix={labelPrefix}
                number={position + 1}
                from={pairs[index]!.from}
                to={pairs[index]!.to}
                canEdit={canEdit}
                enhanced={enhanced}
                removeLabel={removeLabel(position + 1)}
                onRemove={enhanced && shown.length > 1 ? () => setShown(shown.filter((shownIndex) => shownIndex !== index)) : undefined}
              />
            ))}
            {enhanced && shown.length < MAX_WINDOWS_PER_DAY ? (
              <Button variant="ghost" size="sm" className="-ml-2" onClick={() => setShown([...shown, PAIR_INDEXES.find((index) => !shown.includes(index))!])}>
                <Icon name="create" className="h-4 w-4" aria-hidden="true" />
                {/* The visible words first in the name, so a voice-control user can say what they see (axe's label-content-name-mismatch). */}
                <span>
                  {t("staff.addRange")}
                  <span className="sr-only"> {whichDay}</span>
                </span>
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </fieldset>
  );
}

function RangeRow({
  testId,
  labelPrefix,
  number,
  from,
  to,
  canEdit,
  enhanced,
  removeLabel,
  onRemove,
}: {
  testId: string;
  labelPrefix: string;
  number: number;
  from: PlainField;
  to: PlainField;
  canEdit: boolean;
  enhanced: boolean;
  removeLabel: string;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation("scheduling");
  // The visible label is the short "from"/"to"; the day (and the range's number after the first) is read out too: "Monday from", "Monday from, range 2".
  const label = (side: "from" | "to") => (
    <>
      {labelPrefix ? <span className="sr-only">{labelPrefix} </span> : null}
      {t(side === "from" ? "staff.from" : "staff.to")}
      {number > 1 ? <span className="sr-only">{t("staff.rangeNumber", { number })}</span> : null}
    </>
  );
  const timeInput = (field: PlainField) => (
    <input {...plainInputProps(field, { type: "time" })} readOnly={!canEdit} className={cn(inputClass, "min-w-0 px-2 tabular-nums")} />
  );
  return (
    <div data-testid={testId}>
      {/* On a phone each label sits above its time, so two times and a remove button fit 390 px with a 12-hour clock's "09:00 AM"; from 640 px the labels sit beside them. */}
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-x-2 sm:max-w-md sm:items-center">
        {(["from", "to"] as const).map((side) => {
          const field = side === "from" ? from : to;
          return (
            <div key={side} className="flex min-w-0 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-2">
              <label htmlFor={field.id} className="text-sm sm:w-8 sm:shrink-0 sm:text-right">
                {label(side)}
              </label>
              {timeInput(field)}
            </div>
          );
        })}
        {onRemove ? (
          <Button variant="ghost" size="icon" aria-label={removeLabel} onClick={onRemove}>
            <Icon name="close" className="h-4 w-4" aria-hidden="true" />
          </Button>
        ) : (
          // The remove button's column keeps its width, so the times of every day line up.
          <span className={enhanced ? "w-8" : undefined} />
        )}
      </div>
      <FieldErrors id={from.errorId} errors={from.errors} t={t} />
      <FieldErrors id={to.errorId} errors={to.errors} t={t} />
    </div>
  );
}
