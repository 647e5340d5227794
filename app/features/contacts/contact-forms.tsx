import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, type FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-action";
import { FieldErrors, FormErrors, inputClass, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { PhoneField } from "~/features/phone/phone-field";
import type { ContactListSummary } from "./lists.server";
import { contactPaths, withReturnTo } from "./paths";
import { ContactFormSchema } from "./schemas";

/**
 * The contact form (create and edit) and the delete confirmation. Both are
 * plain forms posting to their own page, so they work without JavaScript; a
 * failed submission comes back with what was typed (conform's reply carries
 * it), so nothing the user entered is lost.
 */
export type AnyFetcher = Pick<FetcherWithComponents<unknown>, "Form" | "state">;

export interface ContactDefaults {
  firstName?: string;
  lastName?: string;
  title?: string;
  company?: string;
  phone?: string;
  email?: string;
  listId?: string;
  optedOut?: boolean;
}

export function ContactForm({
  formId,
  lists,
  defaultValue,
  lastResult,
  returnTo,
  submitLabel,
  submitting,
  optedOutNote,
}: {
  formId: string;
  lists: ContactListSummary[];
  defaultValue: ContactDefaults;
  lastResult?: SubmissionResult<string[]>;
  returnTo: string;
  submitLabel: string;
  submitting: boolean;
  /** Under the opt-out box: since when the contact has opted out. */
  optedOutNote?: ReactNode;
}) {
  const { t } = useTranslation("contacts");
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(ContactFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactFormSchema }),
    // Not on blur: a message appearing as the field loses focus would move the submit button away from the click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const listInvalid = Boolean(fields.listId.errors?.length);
  const listDescribedBy = [listInvalid ? fields.listId.errorId : null, lists.length === 0 ? `${fields.listId.id}-none` : null].filter(Boolean).join(" ") || undefined;
  const { key: optedOutKey, ...optedOut } = getInputProps(fields.optedOut, { type: "checkbox" });
  const { key: listKey, ...listSelect } = getSelectProps(fields.listId);
  return (
    // No action: the form posts to the page's own URL, query included, so a refused submission keeps the way back.
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <FormErrors errors={form.errors} namespace="contacts" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("fields.firstName")}
          errors={fields.firstName.errors}
          namespace="contacts"
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "off" }}
        />
        <TextField
          label={t("fields.lastName")}
          errors={fields.lastName.errors}
          namespace="contacts"
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "off" }}
        />
        <TextField label={t("fields.title")} errors={fields.title.errors} namespace="contacts" inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
        <TextField
          label={t("fields.company")}
          errors={fields.company.errors}
          namespace="contacts"
          inputProps={{ ...getInputProps(fields.company, { type: "text" }), autoComplete: "off" }}
        />
        <PhoneField
          label={t("fields.phone")}
          errors={fields.phone.errors}
          namespace="contacts"
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }}
        />
        <TextField
          label={t("fields.email")}
          errors={fields.email.errors}
          namespace="contacts"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
        />
        <div className="space-y-1">
          <label htmlFor={fields.listId.id} className="block text-sm font-medium">
            {t("fields.list")}
          </label>
          <select
            {...listSelect}
            key={listKey}
            aria-invalid={listInvalid || undefined}
            aria-describedby={listDescribedBy}
            className={inputClass}
          >
            <option value="">{t("fields.chooseList")}</option>
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
          {lists.length === 0 ? (
            <p id={`${fields.listId.id}-none`} className="text-sm text-slate-600 dark:text-slate-300">
              {t("form.noLists")}{" "}
              <Link to={withReturnTo(contactPaths.createList, contactPaths.create())} className="font-medium underline">
                {t("form.createListFirst")}
              </Link>
            </p>
          ) : null}
          <FieldErrors id={fields.listId.errorId} errors={fields.listId.errors} t={t} />
        </div>
      </div>
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input {...optedOut} key={optedOutKey} aria-describedby={`${fields.optedOut.id}-hint`} className="mt-1 h-4 w-4 rounded border-slate-300" />
          <label htmlFor={fields.optedOut.id} className="text-sm font-medium">
            {t("fields.optedOut")}
          </label>
        </div>
        <p id={`${fields.optedOut.id}-hint`} className="pl-6 text-xs text-slate-500 dark:text-slate-400">
          {t("fields.optedOutHint")} {optedOutNote}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting}>
          {submitting ? t("form.saving") : submitLabel}
        </Button>
        <Link to={returnTo} className={buttonClass("secondary")}>
          {t("common:actions.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** "Do you really want to delete …?": its own page without JavaScript, a dialog on the list with it. */
export function DeleteContactForm({
  contactId,
  returnTo,
  summary,
  fetcher,
  onCancel,
  submitting,
}: {
  contactId: string;
  returnTo: string;
  summary: ReactNode;
  fetcher?: AnyFetcher;
  onCancel?: () => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation("contacts");
  return (
    // On its own page the form posts to that page's URL (keeping its returnTo); in a dialog, to the page's path.
    <ConfirmForm
      action={fetcher ? contactPaths.remove(contactId) : undefined}
      hidden={{ returnTo }}
      confirmLabel={t("delete.submit")}
      busyLabel={t("delete.submitting")}
      cancelHref={returnTo}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={submitting}
    >
      <p>{t("delete.question")}</p>
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200" data-testid="delete-summary">
        {summary}
      </p>
      <Notice tone="warning">{t("delete.warning")}</Notice>
    </ConfirmForm>
  );
}
