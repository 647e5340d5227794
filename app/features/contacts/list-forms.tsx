import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { CancelAction, ConfirmForm } from "~/components/ui/confirm-action";
import { FormErrors, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { formatNumber } from "~/i18n/format";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import type { FormFetcher } from "~/components/ui/confirm-action";
import { contactPaths } from "./paths";
import type { ListNameFields } from "./schemas";

/** Creating or renaming a list: one field, the same rules. */
export function ListNameForm({
  formId,
  action,
  label,
  defaultName,
  lastResult,
  returnTo,
  submitLabel,
  fetcher,
  submitting,
  onCancel,
  constraint,
}: {
  formId: string;
  /** Where a form outside its own page posts; on its own page it posts to the page's URL. */
  action?: string;
  label: string;
  defaultName?: string;
  lastResult?: SubmissionResult<string[]>;
  returnTo: string;
  submitLabel: string;
  fetcher?: FormFetcher;
  submitting?: boolean;
  /** In a dialog: Cancel closes it instead of leading back. */
  onCancel?: () => void;
  /** The form's HTML constraints, from the loader. */
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("contacts");
  const FormTag = fetcher ? fetcher.Form : Form;
  const busy = submitting ?? (fetcher ? fetcher.state !== "idle" : false);
  const [form, fields] = usePlainForm<ListNameFields>({ id: formId, lastResult, defaultValue: { name: defaultName ?? "" }, constraint });
  return (
    <FormTag method="post" action={action} {...plainFormProps(form)} className="space-y-4">
      <FormErrors errors={form.errors} namespace="contacts" />
      <TextField
        label={label}
        errors={fields.name.errors}
        namespace="contacts"
        inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
      />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          {busy ? t("form.saving") : submitLabel}
        </Button>
        <CancelAction href={returnTo} onCancel={onCancel} />
      </div>
    </FormTag>
  );
}

/**
 * Deleting a list deletes its contacts, and the form says how many. A list a
 * campaign calls cannot be deleted: instead of the button, the form names the
 * campaigns to change first.
 */
export function DeleteListForm({
  list,
  campaigns,
  returnTo,
  fetcher,
  onCancel,
  submitting,
}: {
  list: { id: string; name: string; contactCount: number };
  campaigns: string[];
  returnTo: string;
  fetcher?: FormFetcher;
  onCancel?: () => void;
  submitting?: boolean;
}) {
  const { t, i18n } = useTranslation("contacts");
  if (campaigns.length > 0) {
    return (
      <div className="space-y-4">
        <div role="alert" className="space-y-2" data-testid="list-in-use">
          <Notice tone="warning">{t("deleteList.inUse", { name: list.name, count: campaigns.length })}</Notice>
          <ul className="list-disc pl-6 text-sm">
            {campaigns.map((campaign) => (
              <li key={campaign}>{campaign}</li>
            ))}
          </ul>
        </div>
        <CancelAction href={returnTo} onCancel={onCancel} />
      </div>
    );
  }
  return (
    <ConfirmForm
      action={fetcher ? contactPaths.removeList(list.id) : undefined}
      hidden={{ returnTo }}
      confirmLabel={t("deleteList.submit", { count: list.contactCount, formatted: formatNumber(list.contactCount, i18n.language) })}
      busyLabel={t("deleteList.submitting")}
      cancelHref={returnTo}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={submitting}
    >
      <p>{t("deleteList.question", { name: list.name })}</p>
      <Notice tone="warning">
        {list.contactCount === 0
          ? t("deleteList.noContacts")
          : t("deleteList.withContacts", { count: list.contactCount, formatted: formatNumber(list.contactCount, i18n.language) })}
      </Notice>
    </ConfirmForm>
  );
}
