import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import type { ResendVerificationFields } from "./schemas";
import type { verifyEmailAction, verifyEmailLoader } from "./verify-email.server";

export function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const { token, tokenIsLive, constraint } = useLoaderData<typeof verifyEmailLoader>();
  const actionData = useActionData<typeof verifyEmailAction>();
  const [form, fields] = usePlainForm<ResendVerificationFields>({ id: "resend-verification", lastResult: actionData?.resend, constraint });
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
          <Form method="post" className="space-y-4" {...plainFormProps(form)}>
            <h2 className="font-medium">{t("verify.resendTitle")}</h2>
            <input type="hidden" name="intent" value="resend" />
            <TextField
              label={t("fields.email")}
              errors={[...(form.errors ?? []), ...(fields.email.errors ?? [])]}
              namespace="auth"
              inputProps={{ ...plainInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            />
            <Button type="submit" variant="secondary" className="w-full">
              {t("verify.resendSubmit")}
            </Button>
          </Form>
        ) : null}
      </div>
    </AuthCard>
  );
}
