import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { Notice } from "~/components/ui/panel";
import { requestPasswordReset, resetPasswordWithToken } from "~/features/auth/accounts.server";
import { rateLimitMessage } from "~/features/auth/request.server";
import { RequestResetSchema, ResetPasswordSchema, type RequestResetFields, type ResetPasswordFields } from "~/features/auth/schemas";
import { findLiveToken } from "~/features/auth/verification.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getLanguage } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { runAfterResponse } from "~/lib/background/after-response.server";
import { readFormData } from "~/lib/http/form-body.server";
import { keepRetryAfter } from "~/lib/http/action-headers";

export const handle: I18nHandle = { i18n: ["auth"] };
// A 429 from the rate limit keeps its Retry-After on a post without JavaScript too.
export const headers = keepRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return {
    token,
    tokenIsLive: token ? Boolean(await findLiveToken(token, "reset-password")) : false,
    constraints: { request: getZodConstraint(RequestResetSchema), set: getZodConstraint(ResetPasswordSchema) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "set-password") {
    const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
    const hideFields = ["password", "confirmPassword"];
    if (submission.status !== "success")
      return data({ kind: "set" as const, result: submission.reply({ hideFields }), invalidLink: false, sent: false }, { status: 400 });
    const limited = await rateLimitMessage(request, context, "reset-password");
    if (limited)
      return data(
        { kind: "set" as const, result: submission.reply({ formErrors: [limited.message], hideFields }), invalidLink: false, sent: false },
        limited.init,
      );
    if (!(await resetPasswordWithToken(submission.value.token, submission.value.password))) {
      return data({ kind: "set" as const, result: submission.reply({ hideFields }), invalidLink: true, sent: false }, { status: 400 });
    }
    return redirectWithToast("/login", { type: "success", key: "auth:reset.done" });
  }

  const submission = parseWithZod(formData, { schema: RequestResetSchema });
  if (submission.status !== "success") return data({ kind: "request" as const, result: submission.reply(), invalidLink: false, sent: false }, { status: 400 });
  const limited = await rateLimitMessage(request, context, "reset-password", submission.value.email);
  if (limited)
    return data({ kind: "request" as const, result: submission.reply({ formErrors: [limited.message] }), invalidLink: false, sent: false }, limited.init);
  const language = await getLanguage(request);
  // Looking the address up, issuing the token and writing the mail happen after the answer, which therefore takes as long for an unknown address.
  runAfterResponse("Password reset email", () => requestPasswordReset(submission.value.email, language));
  return { kind: "request" as const, result: submission.reply({ resetForm: true }), invalidLink: false, sent: true };
}

function RequestLinkForm() {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const { constraints } = useLoaderData<typeof loader>();
  const [form, fields] = usePlainForm<RequestResetFields>({
    id: "request-reset",
    lastResult: actionData?.kind === "request" ? actionData.result : undefined,
    constraint: constraints.request,
  });
  return (
    <Form method="post" className="space-y-4" {...plainFormProps(form)}>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("reset.requestIntro")}</p>
      {actionData?.kind === "request" && actionData.sent ? <Notice>{t("reset.requestSent")}</Notice> : null}
      <FormErrors errors={form.errors} namespace="auth" />
      <input type="hidden" name="intent" value="request" />
      <TextField
        label={t("fields.email")}
        errors={fields.email.errors}
        namespace="auth"
        inputProps={{ ...plainInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
      />
      <Button type="submit" className="w-full">
        {t("reset.requestSubmit")}
      </Button>
    </Form>
  );
}

function SetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const { constraints } = useLoaderData<typeof loader>();
  const [form, fields] = usePlainForm<ResetPasswordFields>({
    id: "set-password",
    lastResult: actionData?.kind === "set" ? actionData.result : undefined,
    constraint: constraints.set,
  });
  return (
    <Form method="post" className="space-y-4" {...plainFormProps(form)}>
      <FormErrors errors={form.errors} namespace="auth" />
      <input type="hidden" name="intent" value="set-password" />
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} passwordLabelKey="fields.newPassword" />
      <Button type="submit" className="w-full">
        {t("reset.setSubmit")}
      </Button>
    </Form>
  );
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { token, tokenIsLive } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const linkBroken = (token && !tokenIsLive) || (actionData?.kind === "set" && actionData.invalidLink);
  const showSetForm = token && tokenIsLive && !linkBroken;
  return (
    <AuthCard title={showSetForm ? t("reset.setTitle") : t("reset.requestTitle")}>
      <div className="space-y-6">
        {linkBroken ? <Notice tone="warning">{t("reset.invalidLink")}</Notice> : null}
        {showSetForm ? <SetPasswordForm token={token} /> : <RequestLinkForm />}
        <Link to="/login" className="block text-sm text-primary-dark underline dark:text-primary">
          {t("reset.backToLogin")}
        </Link>
      </div>
    </AuthCard>
  );
}
