import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { formWidthClass, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { API_KEYS_PATH } from "./links";
import { API_KEY_NAME_MAX, CreateApiKeySchema } from "./schemas";

/** Names and creates a key; the route's action answers with the key itself, shown once. */
export function CreateKeyForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("api");
  // The form posts to the keys tab's URL, whichever tab address the page was opened with.
  const submitting = useIsPending({ intent: "create", formAction: API_KEYS_PATH });
  const [form, fields] = useForm({
    id: "create-api-key",
    lastResult,
    constraint: getZodConstraint(CreateApiKeySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateApiKeySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Panel title={t("create.title")}>
      <Form method="post" action={API_KEYS_PATH} {...getFormProps(form)} className={`${formWidthClass} space-y-4`}>
        <input type="hidden" name="intent" value="create" />
        <TextField
          label={t("create.name")}
          errors={fields.name.errors}
          namespace="api"
          hint={t("create.nameHint", { max: API_KEY_NAME_MAX })}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
        />
        <Button type="submit" loading={submitting}>
          {t("create.submit")}
        </Button>
      </Form>
    </Panel>
  );
}
