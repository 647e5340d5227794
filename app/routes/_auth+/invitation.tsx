import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { clientIp, rateLimitMessage } from "~/features/auth/request.server";
import { AcceptInvitationSchema, type AcceptInvitationFields } from "~/features/auth/schemas";
import { createSession, destroySession } from "~/features/auth/session.server";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { acceptInvitation, findLiveInvitation } from "~/features/organizations/invitations.server";
import { storeSelection } from "~/features/organizations/selection.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { keepRetryAfter } from "~/lib/http/action-headers";
import { readFormData } from "~/lib/http/form-body.server";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["auth"] };
export const headers = keepRetryAfter;

/** /invitation?token=…: the link of an invitation email. A name and a password make the account, in the inviting organization. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = token ? await findLiveInvitation(token) : undefined;
  return {
    token,
    invitation: invitation ? { email: invitation.email, organization: invitation.organization_name } : null,
    constraint: getZodConstraint(AcceptInvitationSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: AcceptInvitationSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), problem: null }, { status: 400 });
  const limited = await rateLimitMessage(request, context, "register");
  if (limited) return data({ result: submission.reply({ formErrors: [limited.message], hideFields }), problem: null }, limited.init);
  const outcome = await acceptInvitation(submission.value.token, { name: submission.value.name, password: submission.value.password });
  if (outcome.kind !== "accepted") return data({ result: submission.reply({ hideFields }), problem: outcome.kind }, { status: 400 });
  const headers = new Headers();
  if (request.headers.get("Cookie")?.includes("__session=")) await destroySession(request);
  const session = await createSession({
    userId: outcome.userId,
    tenantId: outcome.tenantId,
    ip: clientIp(context),
    userAgent: request.headers.get("User-Agent"),
  });
  headers.append("Set-Cookie", session.setCookie);
  // The new member lands in the organization that invited them.
  headers.append("Set-Cookie", await storeSelection({ organizationId: outcome.organizationId, teamId: null }));
  return redirectWithToast("/overview", { type: "success", key: "auth:invitation.welcome" }, { headers });
}

export default function InvitationPage() {
  const { t } = useTranslation("auth");
  const { token, invitation, constraint } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [form, fields] = usePlainForm<AcceptInvitationFields>({ id: "accept-invitation", lastResult: reply?.result, constraint });
  const problem = reply?.problem ?? (invitation ? null : "invalid");
  return (
    <AuthCard title={t("invitation.title")}>
      <div className="space-y-6">
        {problem === "invalid" ? <Notice tone="warning">{t("invitation.invalid")}</Notice> : null}
        {problem === "email-taken" ? <Notice tone="warning">{t("invitation.emailTaken")}</Notice> : null}
        {invitation && problem === null ? (
          <Form method="post" className="space-y-4" {...plainFormProps(form)}>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("invitation.intro", { organization: invitation.organization, email: invitation.email })}
            </p>
            <FormErrors errors={form.errors} namespace="auth" />
            <input type="hidden" name="token" value={token} />
            <TextField
              label={t("fields.name")}
              errors={fields.name.errors}
              namespace="auth"
              inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
            />
            <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
            <Button type="submit" className="w-full">
              {t("invitation.submit")}
            </Button>
          </Form>
        ) : null}
        <Link to="/login" className="block text-sm text-primary-dark underline dark:text-primary">
          {t("reset.backToLogin")}
        </Link>
      </div>
    </AuthCard>
  );
}
