import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors, SelectField, TextField } from "~/components/ui/field";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import type { DealFormFields } from "./schemas";

/**
 * The deal form (create and edit): a plain form posting to its own page, so
 * it works without JavaScript; a refused submission comes back with what was
 * typed and each message at its field.
 *
 * The contact is chosen from a select of the tenant's contacts. With many
 * contacts the select lists the first matches of a search: "Search contacts"
 * sends the whole form back to the page as a GET (formmethod="get"), which
 * renders again with everything typed so far and the select filled with the
 * matches; no script needed, and nothing typed is lost.
 */

export interface DealDefaults {
  title?: string;
  value?: string;
  stageId?: string;
  lostReason?: string;
  contactId?: string;
  ownerId?: string;
  expectedCloseOn?: string;
}

export interface ContactChoices {
  options: Array<{ id: string; label: string }>;
  /** The search the options answer ("" for the newest contacts); `total`: how many match it. */
  search: string;
  total: number;
}

export function DealForm({
  formId,
  lastResult,
  defaultValue,
  constraint,
  stages,
  members,
  contacts,
  currency,
  valueExample,
  hidden,
  returnTo,
  submitLabel,
  submitting,
}: {
  formId: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue: DealDefaults;
  constraint: FormConstraint;
  stages: Array<{ id: string; name: string; kind: string }>;
  members: Array<{ id: string; name: string }>;
  contacts: ContactChoices;
  /** ISO 4217, and an amount written the way the user's language writes it. */
  currency: string;
  valueExample: string;
  /** Fields the form carries unseen (the pipeline, the call it starts from, where to go back to). */
  hidden: Record<string, string>;
  returnTo: string;
  submitLabel: string;
  submitting: boolean;
}) {
  const { t } = useTranslation("deals");
  const [form, fields] = usePlainForm<DealFormFields>({ id: formId, lastResult, defaultValue, constraint });
  const contactCount = contacts.options.length;
  const searchNote = contacts.search
    ? t("fields.contactMatches", { count: contacts.total, q: contacts.search, shown: contactCount })
    : contacts.total > contactCount
      ? t("fields.contactsListed", { shown: contactCount, count: contacts.total })
      : undefined;
  return (
    // No action: the form posts to the page's own URL, query included, so a refused submission keeps the way back.
    <Form method="post" {...plainFormProps(form)} className="space-y-5">
      <FormErrors errors={form.errors} namespace="deals" />
      <TextField
        label={t("fields.title")}
        errors={fields.title.errors}
        namespace="deals"
        inputProps={{ ...plainInputProps(fields.title, { type: "text" }), autoComplete: "off" }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("fields.value")}
          errors={fields.value.errors}
          namespace="deals"
          hint={t("fields.valueHint", { currency, example: valueExample })}
          inputProps={{ ...plainInputProps(fields.value, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        />
        <TextField
          label={t("fields.expectedCloseOn")}
          errors={fields.expectedCloseOn.errors}
          namespace="deals"
          inputProps={plainInputProps(fields.expectedCloseOn, { type: "date" })}
        />
        <SelectField
          label={t("fields.stage")}
          errors={fields.stageId.errors}
          namespace="deals"
          selectProps={plainSelectProps(fields.stageId)}
          options={stages.map((stage) => ({ value: stage.id, label: stage.kind === "open" ? stage.name : `${stage.name} (${t(`kinds.${stage.kind}`)})` }))}
        />
        <TextField
          label={t("fields.lostReason")}
          errors={fields.lostReason.errors}
          namespace="deals"
          hint={t("fields.lostReasonHint")}
          inputProps={{ ...plainInputProps(fields.lostReason, { type: "text" }), autoComplete: "off" }}
        />
        <SelectField
          label={t("fields.owner")}
          errors={fields.ownerId.errors}
          namespace="deals"
          selectProps={plainSelectProps(fields.ownerId)}
          options={[{ value: "", label: t("fields.noOwner") }, ...members.map((member) => ({ value: member.id, label: member.name }))]}
        />
        {/* The form's default button (Enter in a field saves): first in the form, before the contact search's submit button. */}
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
          {submitLabel}
        </button>
      </div>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-medium">{t("fields.contact")}</legend>
        <SelectField
          label={t("fields.contactChoice")}
          errors={fields.contactId.errors}
          namespace="deals"
          // A new search brings new options: the select is drawn anew with the chosen contact selected.
          selectProps={{ ...plainSelectProps(fields.contactId), key: contacts.search }}
          options={[{ value: "", label: t("fields.noContact") }, ...contacts.options.map((contact) => ({ value: contact.id, label: contact.label }))]}
          hint={searchNote}
        />
        <TextField
          label={t("fields.contactSearch")}
          hint={t("fields.contactSearchHint")}
          inputProps={{ id: `${formId}-contactSearch`, name: "contactSearch", type: "search", defaultValue: contacts.search, autoComplete: "off" }}
        />
        <button type="submit" formMethod="get" formNoValidate className={buttonClass("secondary", undefined, "sm")}>
          {t("fields.findContact")}
        </button>
      </fieldset>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={submitting}>
          {submitting ? t("form.saving") : submitLabel}
        </Button>
        <Link to={returnTo} className={buttonClass("secondary")}>
          {t("common:actions.cancel")}
        </Link>
      </div>
    </Form>
  );
}
