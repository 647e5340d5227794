import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClass, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { CampaignType } from "~/db/schema";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { formatNumber } from "~/i18n/format";
import { CAMPAIGN_TYPES, FREQUENCIES, SENDING_TYPES } from "./campaign-rules";
import type { CampaignFormOptions } from "./campaigns.server";
import { ISO_WEEKDAYS } from "./calling-window";
import { campaignFormSchema } from "./schemas";

/** What the form starts with: a new campaign's defaults, or the campaign being edited. */
export interface CampaignFormDefaults {
  name: string;
  contactListId: string;
  type: CampaignType;
  sendingType: string;
  frequency: string;
  scheduleAt: string;
  phoneNumberId: string;
  windowDays: string[];
  windowStart: string;
  windowEnd: string;
}

export const NEW_CAMPAIGN_DEFAULTS: CampaignFormDefaults = {
  name: "",
  contactListId: "",
  type: "outbound",
  sendingType: "immediate",
  frequency: "",
  scheduleAt: "",
  phoneNumberId: "",
  windowDays: ["1", "2", "3", "4", "5"],
  windowStart: "09:00",
  windowEnd: "17:00",
};

const selectClass = inputClass;

/**
 * The create and edit form. Without JavaScript every field is there and the
 * server validates; with it conform checks as the user goes (same schema),
 * the frequency and schedule appear only where they apply, and the
 * knowledge-base line follows the chosen number and type.
 */
export function CampaignForm({
  id,
  defaults,
  options,
  timeZone,
  lastResult,
  submitLabel,
  cancelHref,
}: {
  id: string;
  defaults: CampaignFormDefaults;
  options: CampaignFormOptions;
  timeZone: string;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  cancelHref: string;
}) {
  const { t, i18n } = useTranslation("campaigns");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const schema = useMemo(() => campaignFormSchema({ timeZone, now: () => new Date() }), [timeZone]);
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    // Checked on submit, then as the user corrects: an error appearing on blur would move the form under the pointer mid-click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const sendingType = fields.sendingType.value ?? defaults.sendingType;
  const type = (fields.type.value === "inbound" ? "inbound" : "outbound") satisfies CampaignType;
  const number = options.numbers.find((option) => option.id === fields.phoneNumberId.value);
  // Before hydration every field shows (a browser without scripts cannot reveal them later).
  const showFrequency = !hydrated || sendingType === "recurring";
  const showSchedule = !hydrated || sendingType !== "immediate";

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormErrors errors={form.errors} namespace="campaigns" />
      <TextField
        label={t("form.name")}
        errors={fields.name.errors}
        namespace="campaigns"
        hint={t("form.nameHint")}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), required: true, autoComplete: "off" }}
      />

      <SelectField label={t("form.list")} errors={fields.contactListId.errors} id={fields.contactListId.id} errorId={fields.contactListId.errorId}>
        <select {...getSelectProps(fields.contactListId)} required className={selectClass}>
          <option value="">{t("form.chooseList")}</option>
          {options.lists.map((list) => (
            <option key={list.id} value={list.id}>
              {t("form.listOption", { name: list.name, count: list.contactCount, formatted: formatNumber(list.contactCount, i18n.language) })}
            </option>
          ))}
        </select>
        {options.lists.length === 0 ? (
          <p className="text-sm">
            {t("form.noLists")}{" "}
            <Link to="/contacts" className="underline">
              {t("form.toContacts")}
            </Link>
          </p>
        ) : null}
      </SelectField>

      <RadioGroup legend={t("form.type")} field={fields.type} options={CAMPAIGN_TYPES} labelFor={(value) => t(`type.${value}`)} />
      <RadioGroup legend={t("form.sendingType")} field={fields.sendingType} options={SENDING_TYPES} labelFor={(value) => t(`sendingType.${value}`)} />

      {showFrequency ? (
        <SelectField label={t("form.frequency")} hint={hydrated ? undefined : t("form.frequencyHint")} errors={fields.frequency.errors} id={fields.frequency.id} errorId={fields.frequency.errorId}>
          <select {...getSelectProps(fields.frequency)} className={selectClass}>
            <option value="">{t("form.chooseFrequency")}</option>
            {FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {t(`frequency.${frequency}`)}
              </option>
            ))}
          </select>
        </SelectField>
      ) : null}

      {showSchedule ? (
        <TextField
          label={t("form.schedule")}
          errors={fields.scheduleAt.errors}
          namespace="campaigns"
          hint={t(hydrated ? "form.scheduleHint" : "form.scheduleHintNoScript", { zone: timeZone })}
          inputProps={{ ...getInputProps(fields.scheduleAt, { type: "datetime-local" }), step: 60 }}
        />
      ) : null}

      <SelectField label={t("form.number")} errors={fields.phoneNumberId.errors} id={fields.phoneNumberId.id} errorId={fields.phoneNumberId.errorId} knowledgeBaseLink>
        <select
          {...getSelectProps(fields.phoneNumberId)}
          required
          className={selectClass}
          aria-describedby={[fields.phoneNumberId.errors ? fields.phoneNumberId.errorId : null, `${fields.phoneNumberId.id}-kb`].filter(Boolean).join(" ")}
        >
          <option value="">{t("form.chooseNumber")}</option>
          {options.numbers.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label ? `${option.label} · ${formatPhoneForDisplay(option.e164)}` : formatPhoneForDisplay(option.e164)}
            </option>
          ))}
        </select>
        <div id={`${fields.phoneNumberId.id}-kb`} aria-live="polite" data-testid="knowledge-base-line">
          {number && !fields.phoneNumberId.errors?.includes("validation.knowledgeBaseRequired") ? <KnowledgeBaseLine choice={number.knowledgeBases[type]} type={type} /> : null}
        </div>
        {options.numbers.length === 0 ? (
          <p className="text-sm">
            {t("form.noNumbers")}{" "}
            <Link to="/numbers-managment" className="underline">
              {t("form.toNumbers")}
            </Link>
          </p>
        ) : null}
      </SelectField>

      <fieldset className="space-y-3 rounded-md border border-slate-200 p-4 dark:border-slate-700" aria-describedby="calling-window-hint">
        <legend className="px-1 text-sm font-medium">{t("form.window")}</legend>
        <p id="calling-window-hint" className="text-xs text-slate-600 dark:text-slate-300">
          {t("form.windowHint", { zone: timeZone })}
        </p>
        <div role="group" aria-label={t("form.windowDays")} aria-describedby={fields.windowDays.errors ? fields.windowDays.errorId : undefined} className="flex flex-wrap gap-x-4 gap-y-2">
          {getCollectionProps(fields.windowDays, { type: "checkbox", options: ISO_WEEKDAYS.map(String) }).map(({ key, ...checkbox }) => (
            <label key={key} htmlFor={checkbox.id} className="inline-flex items-center gap-2 text-sm">
              <input {...checkbox} className="h-4 w-4 rounded border-slate-400" />
              {t(`weekdays.${checkbox.value}`)}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.windowDays.errorId} errors={fields.windowDays.errors} t={t} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("form.windowStart")}
            errors={fields.windowStart.errors}
            namespace="campaigns"
            inputProps={{ ...getInputProps(fields.windowStart, { type: "time" }), required: true }}
          />
          <TextField
            label={t("form.windowEnd")}
            errors={fields.windowEnd.errors}
            namespace="campaigns"
            inputProps={{ ...getInputProps(fields.windowEnd, { type: "time" }), required: true }}
          />
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
        <Link to={cancelHref} className={buttonClass("secondary")}>
          {t("common:actions.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** Which knowledge base the campaign will speak from, or the rule that one must exist first. */
/** After "a knowledge base must be created first": the way there (a leading space separates it from the message). */
export function CreateKnowledgeBaseLink() {
  const { t } = useTranslation("campaigns");
  return (
    <>
      {" "}
      <Link to="/knowledge-base" className="font-medium underline">
        {t("form.createKnowledgeBase")}
      </Link>
    </>
  );
}

export function KnowledgeBaseLine({ choice, type }: { choice: { name: string } | null; type: CampaignType }) {
  const { t } = useTranslation("campaigns");
  if (choice) return <p className="text-sm text-slate-700 dark:text-slate-200">{t("form.knowledgeBaseUsed", { name: choice.name, type: t(`type.${type}`) })}</p>;
  return (
    <Notice tone="warning">
      {t("validation.knowledgeBaseRequired")}{" "}
      <Link to="/knowledge-base" className="font-medium underline">
        {t("form.createKnowledgeBase")}
      </Link>
    </Notice>
  );
}

function SelectField({
  label,
  hint,
  errors,
  id,
  errorId,
  knowledgeBaseLink,
  children,
}: {
  label: string;
  hint?: string;
  errors?: string[];
  id: string;
  errorId: string;
  /** The knowledge-base rule is a field error with a way out: a link to create one. */
  knowledgeBaseLink?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("campaigns");
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {hint ? <p className="text-xs text-slate-600 dark:text-slate-300">{hint}</p> : null}
      {children}
      {errors?.length ? (
        <ul id={errorId} className="space-y-0.5 text-sm text-red-700 dark:text-red-400">
          {errors.map((error) => (
            <li key={error}>
              {t(error)}
              {knowledgeBaseLink && error === "validation.knowledgeBaseRequired" ? <CreateKnowledgeBaseLink /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function RadioGroup<T extends string>({
  legend,
  field,
  options,
  labelFor,
}: {
  legend: string;
  field: FieldMetadata<string | undefined>;
  options: readonly T[];
  labelFor: (value: T) => string;
}) {
  const { t } = useTranslation("campaigns");
  return (
    <fieldset className="space-y-2" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {getCollectionProps(field, { type: "radio", options: [...options] }).map(({ key, ...radio }) => (
          <label key={key} htmlFor={radio.id} className="inline-flex items-center gap-2">
            <input {...radio} className="h-4 w-4 border-slate-400 text-primary focus:ring-primary" />
            {labelFor(radio.value as T)}
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} t={t} />
    </fieldset>
  );
}
