import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/auth-card";
import { useIsPending } from "~/components/ui/use-is-pending";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { getGateContext } from "~/features/access/gate.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { authenticateWithForm } from "~/features/auth/authenticator.server";
import { rateLimitMessage } from "~/features/auth/request.server";
import { LoginSchema, type LoginFields } from "~/features/auth/schemas";
import { completeSignIn, signInRefusal } from "~/features/security/sign-in.server";
import { isSsoError } from "~/features/sso/oidc-claims";
import { getEnv } from "~/config/env.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { keepRetryAfter } from "~/lib/http/action-headers";
import { pageTitle } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["auth"] };
// A 429 from the rate limit keeps its Retry-After on a post without JavaScript too.
export const headers = keepRetryAfter;

export const meta = () => pageTitle(null);

export async function loader({ request }: LoaderFunctionArgs) {
  // Signed in already: the sign-in form has nothing to offer.
  if (await getGateContext(request)) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  const sso = getEnv().oidc;
  const ssoError = new URL(request.url).searchParams.get("sso");
  return {
    constraint: getZodConstraint(LoginSchema),
    // Single sign-on (docs/product/single-sign-on.md): the button only when a provider is configured, and why the last try was refused.
    sso: sso ? { provider: sso.buttonLabel } : null,
    ssoError: sso && isSsoError(ssoError) ? ssoError : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });

  const limited = await rateLimitMessage(request, context, "login", submission.value.email);
  if (limited) {
    return data(submission.reply({ formErrors: [limited.message], hideFields: ["password"] }), limited.init);
  }

  const user = await authenticateWithForm(request, formData, context);
  if (!user) return data(submission.reply({ formErrors: ["validation.invalidCredentials"], hideFields: ["password"] }), { status: 400 });
  // Said only after the right password, so the message tells nobody else that the account exists (docs/product/roles.md#disabled-users).
  const refusal = await signInRefusal(user.id);
  if (refusal) return data(submission.reply({ formErrors: [`validation.${refusal}`], hideFields: ["password"] }), { status: 403 });

  // The session (or, for an account with a second factor, the code step first) comes from the one path every sign-in takes.
  return completeSignIn({ request, context, user, redirectTo: submission.value.redirectTo });
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const { constraint, sso, ssoError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const pending = useIsPending();
  const [form, fields] = usePlainForm<LoginFields>({ id: "login", lastResult, constraint });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <AuthCard title={t("login.title")}>
      {sso && ssoError ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          <p>{t(`sso.errors.${ssoError}`, { provider: sso.provider })}</p>
        </div>
      ) : null}
      <Form method="post" className="space-y-4" {...plainFormProps(form)}>
        <FormErrors errors={form.errors} namespace="auth" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label={t("fields.email")}
          errors={fields.email.errors}
          namespace="auth"
          inputProps={{ ...plainInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <TextField
          label={t("fields.password")}
          errors={fields.password.errors}
          namespace="auth"
          inputProps={{ ...plainInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        />
        <Button type="submit" className="w-full" loading={pending}>
          {t("login.submit")}
        </Button>
      </Form>
      {sso ? (
        <>
          <p className="my-4 text-center text-sm text-gray-500 dark:text-gray-400">{t("sso.or")}</p>
          {/* A whole-page post: the answer is a redirect to the provider, another origin. */}
          <Form method="post" action="/auth/oidc" reloadDocument>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="secondary" className="w-full">
              {t("sso.button", { provider: sso.provider })}
            </Button>
          </Form>
        </>
      ) : null}
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to="/reset-password" className="text-primary-dark underline dark:text-primary">
          {t("login.forgotPassword")}
        </Link>
        <p>
          {t("login.noAccount")}{" "}
          <Link to="/register" className="text-primary-dark underline dark:text-primary">
            {t("login.registerLink")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
