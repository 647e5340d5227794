import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { FieldErrors, formWidthClass, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { API_KEY_NAME_MAX } from "./key-rules";
import { API_KEYS_PATH } from "./links";
import { scopeLabel } from "./scope-label";
import { API_SCOPES } from "./scopes";
import type { CreateApiKeyFields } from "./schemas";

/** Names and creates a key; the route's action answers with the key itself, shown once. */
export function CreateKeyForm({
  lastResult,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  /** The form's HTML constraints, from the loader. */
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("api");
  // The form posts to the keys tab's URL, whichever tab address the page was opened with.
  const submitting = useIsPending({ intent: "create", formAction: API_KEYS_PATH });
  const [form, fields] = usePlainForm<CreateApiKeyFields>({ id: "create-api-key", lastResult, constraint });
  // What was ticked survives a refused submission; a fresh form starts with nothing ticked, so the choice is deliberate.
  const initial = fields.scopes.initialValue as unknown;
  const chosenScopes: string[] = Array.isArray(initial)
    ? initial.filter((value): value is string => typeof value === "string")
    : typeof initial === "string"
      ? [initial]
      : [];
  return (
    <Panel title={t("create.title")}>
      <Form method="post" action={API_KEYS_PATH} {...plainFormProps(form)} className={`${formWidthClass} space-y-4`}>
        <input type="hidden" name="intent" value="create" />
        <TextField
          label={t("create.name")}
          errors={fields.name.errors}
          namespace="api"
          hint={t("create.nameHint", { max: API_KEY_NAME_MAX })}
          inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        />
        <fieldset aria-describedby={fields.scopes.errors?.length ? `${fields.scopes.id}-error` : `${fields.scopes.id}-hint`} className="space-y-2">
          <legend className="text-sm font-medium">{t("create.scopes")}</legend>
          <p id={`${fields.scopes.id}-hint`} className="text-xs text-slate-600 dark:text-slate-300">
            {t("create.scopesHint")}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {API_SCOPES.map((scope) => (
              <div key={scope} className="flex items-start gap-2">
                <input
                  type="checkbox"
                  id={`${fields.scopes.id}-${scope}`}
                  name={fields.scopes.name}
                  value={scope}
                  defaultChecked={chosenScopes.includes(scope)}
                  className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-[rgb(var(--color-primary-button))] dark:border-slate-600"
                />
                <label htmlFor={`${fields.scopes.id}-${scope}`} className="text-sm">
                  <code className="font-mono text-xs">{scope}</code> <span className="text-slate-600 dark:text-slate-300">{scopeLabel(t, scope)}</span>
                </label>
              </div>
            ))}
          </div>
          <FieldErrors id={`${fields.scopes.id}-error`} errors={fields.scopes.errors} t={(key) => t(key)} />
        </fieldset>
        <TextField
          label={t("create.expiresOn")}
          errors={fields.expiresOn.errors}
          namespace="api"
          hint={t("create.expiresOnHint")}
          inputProps={{ ...plainInputProps(fields.expiresOn, { type: "date" }) }}
        />
        <Button type="submit" loading={submitting}>
          {t("create.submit")}
        </Button>
      </Form>
    </Panel>
  );
}
