import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { CheckboxField, FormErrors, SelectField, TextField } from "~/components/ui/field";
import { PhoneField } from "~/features/phone/phone-field";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import type { ContactListSummary } from "./lists.server";
import { contactPaths, withReturnTo } from "./paths";
import type { ContactFormFields } from "./schemas";

/**
 * The contact form (create and edit): a plain form posting to its own page,
 * so it works without JavaScript; a
 * failed submission comes back with what was typed and each message at its
 * field (conform's reply carries both), so nothing the user entered is lost.
 */

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
  phoneCountry,
  existingContactId,
  constraint,
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
  /** The tenant's country (gate.tenant.country): numbers typed with a leading 0 are national numbers of it. */
  phoneCountry: string;
  /** The contact that already has the number the server refused, to link to instead of only saying so. */
  existingContactId?: string | null;
  /** The form's HTML constraints, from the loader. */
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("contacts");
  const [form, fields] = usePlainForm<ContactFormFields>({ id: formId, lastResult, defaultValue, constraint });
  return (
    // No action: the form posts to the page's own URL, query included, so a refused submission keeps the way back.
    <Form method="post" {...plainFormProps(form)} className="space-y-5">
      <FormErrors errors={form.errors} namespace="contacts" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("fields.firstName")}
          errors={fields.firstName.errors}
          namespace="contacts"
          inputProps={{ ...plainInputProps(fields.firstName, { type: "text" }), autoComplete: "off" }}
        />
        <TextField
          label={t("fields.lastName")}
          errors={fields.lastName.errors}
          namespace="contacts"
          inputProps={{ ...plainInputProps(fields.lastName, { type: "text" }), autoComplete: "off" }}
        />
        <TextField
          label={t("fields.title")}
          errors={fields.title.errors}
          namespace="contacts"
          inputProps={{ ...plainInputProps(fields.title, { type: "text" }), autoComplete: "off" }}
        />
        <TextField
          label={t("fields.company")}
          errors={fields.company.errors}
          namespace="contacts"
          inputProps={{ ...plainInputProps(fields.company, { type: "text" }), autoComplete: "off" }}
        />
        <PhoneField
          label={t("fields.phone")}
          errors={fields.phone.errors}
          namespace="contacts"
          country={phoneCountry}
          errorAction={
            existingContactId && fields.phone.errors?.includes("validation.phoneExists") ? (
              <Link
                to={contactPaths.edit(existingContactId)}
                className="font-medium text-red-700 underline dark:text-red-400"
                data-testid="existing-contact-link"
              >
                {t("form.openExistingContact")}
              </Link>
            ) : null
          }
          inputProps={{ ...plainInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }}
        />
        <TextField
          label={t("fields.email")}
          errors={fields.email.errors}
          namespace="contacts"
          inputProps={{ ...plainInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
        />
        <SelectField
          label={t("fields.list")}
          errors={fields.listId.errors}
          namespace="contacts"
          selectProps={plainSelectProps(fields.listId)}
          options={[{ value: "", label: t("fields.chooseList") }, ...lists.map((list) => ({ value: list.id, label: list.name }))]}
          hint={
            lists.length === 0 ? (
              <>
                {t("form.noLists")}{" "}
                <Link to={withReturnTo(contactPaths.createList, contactPaths.create())} className="font-medium underline">
                  {t("form.createListFirst")}
                </Link>
              </>
            ) : undefined
          }
        />
      </div>
      <CheckboxField
        label={t("fields.optedOut")}
        hint={
          <>
            {t("fields.optedOutHint")} {optedOutNote}
          </>
        }
        inputProps={plainInputProps(fields.optedOut, { type: "checkbox" })}
      />
      {/* After the fields: the form's spacing goes by its first child, which a hidden input would be. */}
      <input type="hidden" name="intent" value="save" />
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
