import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { ResendVerificationSchema } from "./schemas";
import type { verifyEmailAction, verifyEmailLoader } from "./verify-email.server";

export function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const { token, tokenIsLive } = useLoaderData<typeof verifyEmailLoader>();
  const actionData = useActionData<typeof verifyEmailAction>();
  const [form, fields] = useForm({
    id: "resend-verification",
    lastResult: actionData?.resend,
    constraint: getZodConstraint(ResendVerificationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResendVerificationSchema }),
    shouldValidate: "onBlur",
  });
  const showInvalid = actionData?.invalid || (token && !tokenIsLive);
  return (
    <AuthCard title={t("verify.title")}>
      <div className="space-y-6">
        {token && tokenIsLive && !actionData?.invalid ? (
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" className="w-full">
              {t("verify.title")}
            </Button>
          </Form>
        ) : null}
        {showInvalid ? <Notice tone="warning">{t("verify.invalid")}</Notice> : null}
        {actionData?.sent ? <Notice>{t("verify.resent")}</Notice> : null}
        {!token || showInvalid ? (
          <Form method="post" className="space-y-4" {...getFormProps(form)}>
            <h2 className="font-medium">{t("verify.resendTitle")}</h2>
            <input type="hidden" name="intent" value="resend" />
            <TextField label={t("fields.email")} errors={[...(form.errors ?? []), ...(fields.email.errors ?? [])]} namespace="auth" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
            <Button type="submit" variant="secondary" className="w-full">
              {t("verify.resendSubmit")}
            </Button>
          </Form>
        ) : null}
      </div>
    </AuthCard>
  );
}
