import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusBadge, type BadgeTone } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm } from "~/components/ui/confirm-action";
import { inputClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { USERS_MANAGEMENT_PATH, userPath, type UserStatus } from "~/features/users-admin/list-params";
import { UserActionSchema } from "~/features/users-admin/schemas";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import {
  changeUserRole,
  disableUser,
  enableUser,
  getManagedUser,
  resendVerificationFor,
  sendPasswordResetFor,
  signOutEverywhere,
  type UserActionOutcome,
} from "~/features/users-admin/user-actions.server";
import { PLATFORM_ASSIGNABLE_ROLE_KEYS, type UserIntent } from "~/features/users-admin/user-rules";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["users-management"] };

/**
 * /usersManagement/<id>: one user of any tenant, for the super admin, with
 * what can be done to them: change the role, sign out everywhere, resend the
 * verification email, send a password-reset link, disable or enable.
 * ?confirm=disable is the confirmation of disabling without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "usersManagement");
  const user = await getManagedUser(params.id ?? "");
  if (!user) notFound();
  const t = await getTranslator(request, "users-management");
  return {
    title: user.name,
    user,
    self: user.id === gate.user.id,
    confirmDisable: new URL(request.url).searchParams.get("confirm") === "disable" && user.status !== "disabled",
    timeZone: gate.tenant.timeZone,
    back: t("back"),
  };
}

export const meta = titleFromLoader;

const TOASTS: Record<UserIntent, string> = {
  disable: "users-management:toast.disabled",
  enable: "users-management:toast.enabled",
  "sign-out-everywhere": "users-management:toast.signedOut",
  "change-role": "users-management:toast.roleChanged",
  "resend-verification": "users-management:toast.verificationSent",
  "send-password-reset": "users-management:toast.resetSent",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireSuperAdmin(request, "usersManagement", "update");
  const userId = params.id ?? "";
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: UserActionSchema });
  if (submission.status !== "success") return data({ refusal: "validation.roleRequired" }, { status: 400 });
  const actor = { userId: gate.user.id, sessionIdHash: gate.sessionIdHash };
  const value = submission.value;
  let outcome: UserActionOutcome;
  switch (value.intent) {
    case "disable":
      outcome = await disableUser(actor, userId);
      break;
    case "enable":
      outcome = await enableUser(actor, userId);
      break;
    case "sign-out-everywhere":
      outcome = await signOutEverywhere(actor, userId);
      break;
    case "change-role":
      outcome = await changeUserRole(actor, userId, value.roleKey);
      break;
    case "resend-verification":
      outcome = await resendVerificationFor(actor, userId, await getLanguage(request));
      break;
    case "send-password-reset":
      outcome = await sendPasswordResetFor(actor, userId, await getLanguage(request));
      break;
  }
  if (outcome.kind === "not-found") notFound();
  if (outcome.kind === "refused") return data({ refusal: `refusals.${outcome.refusal}` }, { status: 409 });
  return redirectWithToast(userPath(userId), { type: "success", key: TOASTS[value.intent] });
}

const STATUS_TONES: Record<UserStatus, BadgeTone> = { active: "success", disabled: "danger", unverified: "warning" };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

function IntentForm({ intent, label, variant = "secondary" }: { intent: UserIntent; label: string; variant?: "secondary" | "primary" }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </Form>
  );
}

export default function ManagedUserPage() {
  const { t, i18n } = useTranslation("users-management");
  const { user, self, confirmDisable, timeZone, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const language = i18n.language;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language, timeZone) : t("detail.never"));
  const here = userPath(user.id);
  const roleLabel = user.customRole ? user.roleName : t(`roles.${user.roleKey}`, { defaultValue: user.roleName });
  return (
    <div className="space-y-4">
      <PageHeader
        title={user.name}
        description={user.email}
        back={
          <Link to={USERS_MANAGEMENT_PATH} className="underline">
            {back}
          </Link>
        }
        actions={<StatusBadge status={user.status} tones={STATUS_TONES} label={t(`status.${user.status}`)} data-testid="user-status" />}
      />
      {actionData?.refusal ? (
        <div role="alert">
          <Notice tone="warning">{t(actionData.refusal)}</Notice>
        </div>
      ) : null}
      {confirmDisable ? (
        <Panel title={t("disable.title")}>
          <ConfirmForm action={here} hidden={{ intent: "disable" }} confirmLabel={t("disable.submit")} cancelHref={here} submitting={submitting}>
            <p>{t("disable.question", { name: user.name })}</p>
          </ConfirmForm>
        </Panel>
      ) : null}
      <Panel title={t("detail.facts")}>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label={t("columns.tenant")}>{user.tenantName}</Fact>
          <Fact label={t("columns.role")}>
            <span data-testid="user-role">{roleLabel}</span>
          </Fact>
          <Fact label={t("columns.created")}>{when(user.createdAt)}</Fact>
          <Fact label={t("detail.verified")}>{when(user.emailVerifiedAt)}</Fact>
          <Fact label={t("detail.disabled")}>{when(user.disabledAt)}</Fact>
          <Fact label={t("detail.sessions")}>
            <span data-testid="user-sessions">{formatNumber(user.sessionCount, language)}</span>
          </Fact>
          <Fact label={t("detail.lastSeen")}>{when(user.lastSeenAt)}</Fact>
        </dl>
      </Panel>
      <Panel title={t("detail.role")}>
        {self ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("detail.ownRole")}</p>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="change-role" />
            <div className="space-y-1">
              <label htmlFor="user-role-key" className="block text-sm font-medium">
                {t("detail.newRole")}
              </label>
              <select
                id="user-role-key"
                name="roleKey"
                defaultValue={user.customRole ? "" : user.roleKey}
                className={inputClass}
                // Required only with the custom role's empty placeholder first: HTML forbids required on a select whose first option is a real choice.
                required={user.customRole}
              >
                {user.customRole ? <option value="">{user.roleName}</option> : null}
                {PLATFORM_ASSIGNABLE_ROLE_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {t(`roles.${key}`)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit">{t("detail.changeRole")}</Button>
          </Form>
        )}
      </Panel>
      <Panel title={t("detail.actions")}>
        <div className="flex flex-wrap gap-2">
          <IntentForm intent="sign-out-everywhere" label={t("detail.signOutEverywhere")} />
          {user.status === "unverified" ? <IntentForm intent="resend-verification" label={t("detail.resendVerification")} /> : null}
          {user.status !== "disabled" ? <IntentForm intent="send-password-reset" label={t("detail.sendReset")} /> : null}
          {user.status === "disabled" ? (
            <IntentForm intent="enable" label={t("detail.enable")} variant="primary" />
          ) : self ? null : (
            <ConfirmAction
              href={`${here}?confirm=disable`}
              title={t("disable.title")}
              className={buttonClass("danger")}
              content={({ fetcher, close }) => (
                <ConfirmForm
                  action={here}
                  hidden={{ intent: "disable" }}
                  fetcher={fetcher}
                  onCancel={close}
                  confirmLabel={t("disable.submit")}
                  cancelHref={here}
                >
                  {fetcher.data && typeof fetcher.data === "object" && "refusal" in fetcher.data ? (
                    <div role="alert">
                      <Notice tone="warning">{t(String(fetcher.data.refusal))}</Notice>
                    </div>
                  ) : null}
                  <p>{t("disable.question", { name: user.name })}</p>
                </ConfirmForm>
              )}
            >
              {t("detail.disable")}
            </ConfirmAction>
          )}
        </div>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("detail.actionsHint")}</p>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
