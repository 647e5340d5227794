import { buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { plainSelectProps, type PlainField } from "~/lib/forms/plain-form";
import { useTranslation } from "~/i18n/react";
import type { ContactChoices } from "./contact-choices.server";

/**
 * The contact of a ticket form: a select of the tenant's contacts (the
 * newest, or those a search finds, and the chosen one), and the search,
 * which sends the whole form back to its page as a GET (formmethod="get"):
 * the page renders again with what was typed and the select filled with the
 * matches, without a script.
 */
export function ContactPicker({ field, contacts, formId }: { field: PlainField; contacts: ContactChoices; formId: string }) {
  const { t } = useTranslation("service-desk");
  const note = contacts.search
    ? t(contacts.more ? "contact.matchesMore" : "contact.matches", { count: contacts.options.length, q: contacts.search })
    : contacts.more
      ? t("contact.newest", { count: contacts.options.length })
      : undefined;
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">{t("fields.contact")}</legend>
      <SelectField
        label={t("fields.contact")}
        errors={field.errors}
        namespace="service-desk"
        // A new search brings new options: the select is drawn anew with the chosen contact selected.
        selectProps={{ ...plainSelectProps(field), key: contacts.search }}
        options={[{ value: "", label: t("fields.noContact") }, ...contacts.options.map((contact) => ({ value: contact.id, label: contact.label }))]}
        hint={note}
      />
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={t("fields.contactSearch")}
            hint={t("fields.contactSearchHint")}
            inputProps={{ id: `${formId}-contactSearch`, name: "contactSearch", type: "search", defaultValue: contacts.search, autoComplete: "off" }}
          />
        </div>
      </div>
      <button type="submit" formMethod="get" formNoValidate className={buttonClass("secondary", undefined, "sm")}>
        {t("fields.findContact")}
      </button>
    </fieldset>
  );
}
