import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { rateLimitMessage } from "~/features/auth/request.server";
import { SecondStepSchema, type SecondStepFields } from "~/features/security/schemas";
import { clearPendingSignIn, readPendingSignIn, startSignedInSession } from "~/features/security/sign-in.server";
import { verifySecondFactor } from "~/features/security/two-factor.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { keepRetryAfter } from "~/lib/http/action-headers";
import { readFormData } from "~/lib/http/form-body.server";
import { pageTitle } from "~/lib/http/page-title";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["auth", "security"] };
export const headers = keepRetryAfter;
export const meta = () => pageTitle(null);

/** Without a pending sign-in (none, tampered with, or run out) the password step comes first again. */
async function backToPasswordStep() {
  return redirectWithToast("/login", { type: "info", key: "auth:toast.secondStepExpired" }, { headers: { "Set-Cookie": await clearPendingSignIn() } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await readPendingSignIn(request))) throw await backToPasswordStep();
  return { constraint: getZodConstraint(SecondStepSchema) };
}

/**
 * The second step of sign-in (docs/product/two-factor.md#signing-in): a code
 * from the app or a recovery code, rate-limited like the password step, per
 * client address and per account. Only a right code creates the session.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await readPendingSignIn(request);
  if (!pending) return backToPasswordStep();
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: SecondStepSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  const limited = await rateLimitMessage(request, context, "two-factor", pending.userId);
  if (limited) return data(submission.reply({ formErrors: [limited.message], hideFields: ["code"] }), limited.init);
  const used = await verifySecondFactor(pending.userId, submission.value.code);
  if (!used) return data(submission.reply({ fieldErrors: { code: ["validation.codeWrong"] }, hideFields: ["code"] }), { status: 400 });
  return startSignedInSession(request, context, { id: pending.userId, tenantId: pending.tenantId }, pending.redirectTo);
}

export default function SecondStepPage() {
  const { t } = useTranslation("security");
  const { constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = usePlainForm<SecondStepFields>({ id: "second-step", lastResult, constraint });
  return (
    <AuthCard title={t("secondStep.title")}>
      <Form method="post" className="space-y-4" {...plainFormProps(form)}>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("secondStep.intro")}</p>
        <FormErrors errors={form.errors} namespace="security" />
        <TextField
          label={t("secondStep.code")}
          errors={fields.code.errors}
          namespace="security"
          hint={t("secondStep.hint")}
          inputProps={{ ...plainInputProps(fields.code, { type: "text" }), autoComplete: "one-time-code", spellCheck: false, autoCapitalize: "none" }}
        />
        <Button type="submit" className="w-full" loading={pending}>
          {t("secondStep.submit")}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/login" className="text-primary-dark underline dark:text-primary">
          {t("secondStep.back")}
        </Link>
      </p>
    </AuthCard>
  );
}
