import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { formWidthClass, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { API_KEY_NAME_MAX } from "./key-rules";
import { API_KEYS_PATH } from "./links";
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
        <Button type="submit" loading={submitting}>
          {t("create.submit")}
        </Button>
      </Form>
    </Panel>
  );
}
