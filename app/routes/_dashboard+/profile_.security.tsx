import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireActionAccess, requireReadAccess, type GateContext } from "~/features/access/gate.server";
import { rateLimitMessage } from "~/features/auth/request.server";
import { qrCodeSvg } from "~/features/security/qr-code.server";
import {
  ConfirmEnrolmentSchema,
  RequirementSchema,
  securityFormConstraints,
  SignOutSessionSchema,
  StepUpSchema,
  UnlinkIdentitySchema,
} from "~/features/security/schemas";
import { SECURITY_PATH, type SecurityIntent } from "~/features/security/security-forms";
import {
  LinkedAccountsSection,
  RecoveryCodesPanel,
  RequirementSection,
  SessionsSection,
  TwoFactorSection,
  type TwoFactorView,
} from "~/features/security/security-sections";
import { listUserSessions, signOutOtherSessions, signOutSession } from "~/features/security/sessions.server";
import { groupedSecret, totpUri } from "~/features/security/totp.server";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  isTwoFactorRequired,
  passesStepUp,
  regenerateRecoveryCodes,
  setTwoFactorRequirement,
  startEnrolment,
  twoFactorStatus,
} from "~/features/security/two-factor.server";
import { linkedAccountsOf, providerLabelFor, unlinkIdentity } from "~/features/sso/identities.server";
import { getEnv } from "~/config/env.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { badRequest, forbidden } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { keepRetryAfter } from "~/lib/http/action-headers";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["profile", "security"] };
/**
 * A 429 from the code rate limit keeps its Retry-After without JavaScript too;
 * and the page is never cached: it shows the enrolment's secret, and after a
 * post the recovery codes.
 */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(keepRetryAfter(args));
  headers.set("Cache-Control", "no-store");
  return headers;
};

/** The issuer an authenticator app lists the account under. */
const TOTP_ISSUER = "Voxboard";

/**
 * Securing one's own sign-in is every signed-in user's business, whatever
 * their role (a read-only agent included: an owner may require it of them),
 * so the page and its forms ask only for read access to the profile. The
 * tenant-wide requirement is the account owner's alone.
 */
const isOwner = (gate: GateContext) => gate.user.accountRoleKey === "owner";

export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "profile");
  const { user, tenant } = gate;
  const t = await getTranslator(request, "security");
  const status = await twoFactorStatus(user);
  let view: TwoFactorView;
  if (status.state === "enrolling") {
    view = {
      state: "enrolling",
      qrSvg: await qrCodeSvg(totpUri({ secret: status.secret, accountName: user.email, issuer: TOTP_ISSUER })),
      key: groupedSecret(status.secret),
    };
  } else view = status;
  return {
    title: t("title"),
    view,
    mustEnrol: gate.mustEnrolTwoFactor,
    owner: isOwner(gate) ? { required: await isTwoFactorRequired(tenant.id), tenantName: tenant.name } : null,
    sessions: await listUserSessions(user, gate.sessionIdHash),
    linkedAccounts: await linkedAccountsOf(user.id, getEnv().oidc),
    ssoProvider: getEnv().oidc?.buttonLabel ?? null,
    timeZone: tenant.timeZone,
    constraints: securityFormConstraints(),
  };
}

export const meta = titleFromLoader;

type ActionReply = { intent: SecurityIntent; result?: SubmissionResult<string[]>; recoveryCodes?: string[] };

const invalid = (intent: SecurityIntent, result: SubmissionResult<string[]>, init: ResponseInit = { status: 400 }) =>
  data<ActionReply>({ intent, result }, init);
const done = (key: string) => redirectWithToast(SECURITY_PATH, { type: "success", key: `security:toast.${key}` });

export async function action({ request, context }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "read", "profile");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const { user } = gate;
  switch (intent) {
    case "start-enrolment":
      await startEnrolment(user);
      return redirectWithToast(SECURITY_PATH, { type: "info", key: "security:toast.enrolmentStarted" });
    case "cancel-enrolment":
      await cancelEnrolment(user);
      return done("enrolmentCancelled");
    case "confirm-enrolment": {
      const submission = parseWithZod(formData, { schema: ConfirmEnrolmentSchema });
      if (submission.status !== "success") return invalid(intent, submission.reply({ hideFields: ["code"] }));
      const limited = await rateLimitMessage(request, context, "two-factor", user.id);
      if (limited) return invalid(intent, submission.reply({ formErrors: [limited.message], hideFields: ["code"] }), limited.init);
      const codes = await confirmEnrolment(user, submission.value.code);
      if (!codes) return invalid(intent, submission.reply({ fieldErrors: { code: ["validation.codeWrong"] }, hideFields: ["code"] }));
      return data<ActionReply>({ intent, recoveryCodes: codes }, { headers: { "Cache-Control": "no-store" } });
    }
    case "disable-two-factor":
    case "regenerate-codes": {
      const submission = parseWithZod(formData, { schema: StepUpSchema });
      if (submission.status !== "success") return invalid(intent, submission.reply({ hideFields: ["proof"] }));
      const limited = await rateLimitMessage(request, context, "two-factor", user.id);
      if (limited) return invalid(intent, submission.reply({ formErrors: [limited.message], hideFields: ["proof"] }), limited.init);
      if (!(await passesStepUp(user.id, submission.value.proof))) {
        return invalid(intent, submission.reply({ fieldErrors: { proof: ["validation.proofWrong"] }, hideFields: ["proof"] }));
      }
      if (intent === "disable-two-factor") {
        await disableTwoFactor(user);
        return done("disabled");
      }
      const codes = await regenerateRecoveryCodes(user);
      if (!codes) return done("disabled");
      return data<ActionReply>({ intent, recoveryCodes: codes }, { headers: { "Cache-Control": "no-store" } });
    }
    case "set-requirement": {
      if (!isOwner(gate)) throw await forbidden(request);
      const submission = parseWithZod(formData, { schema: RequirementSchema });
      if (submission.status !== "success") badRequest();
      const required = submission.value.required === "on";
      // The owner secures their own sign-in first, or the requirement would send them to enrol on their next click.
      if (required && (await twoFactorStatus(user)).state !== "on")
        return redirectWithToast(SECURITY_PATH, { type: "error", key: "security:requirement.enrolFirst" });
      await setTwoFactorRequirement(user.tenantId, user.id, required);
      return done(required ? "requirementOn" : "requirementOff");
    }
    case "sign-out-session": {
      const submission = parseWithZod(formData, { schema: SignOutSessionSchema });
      if (submission.status !== "success") badRequest();
      await signOutSession(user, submission.value.session, gate.sessionIdHash);
      // Already gone (signed out elsewhere, expired) is the outcome asked for: the list simply no longer shows it.
      return done("sessionSignedOut");
    }
    case "sign-out-others": {
      const count = await signOutOtherSessions(user, gate.sessionIdHash);
      return redirectWithToast(SECURITY_PATH, { type: "success", key: "security:toast.othersSignedOut", values: { count } });
    }
    case "unlink-identity": {
      const submission = parseWithZod(formData, { schema: UnlinkIdentitySchema });
      if (submission.status !== "success") badRequest();
      // Another user's link (or one already gone) is simply not among this user's: nothing changes.
      await unlinkIdentity(user, submission.value, providerLabelFor(submission.value.issuer, getEnv().oidc));
      return done("identityUnlinked");
    }
    default:
      badRequest();
  }
}

export default function ProfileSecurityPage() {
  const { t } = useTranslation("security");
  const { t: tProfile } = useTranslation("profile");
  const { view, mustEnrol, owner, sessions, linkedAccounts, ssoProvider, timeZone, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionReply | undefined;
  const resultFor = (intent: SecurityIntent) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <div className="space-y-6">
      <PageHeader title={tProfile("title")} description={t("intro")} />
      <Tabs
        label={tProfile("tabs.label")}
        active="security"
        tabs={[
          { value: "account", label: tProfile("tabs.account"), to: "/profile" },
          { value: "security", label: tProfile("tabs.security"), to: SECURITY_PATH },
        ]}
      />
      {mustEnrol ? <Notice tone="warning">{t("mustEnrol")}</Notice> : null}
      {actionData?.recoveryCodes ? <RecoveryCodesPanel codes={actionData.recoveryCodes} continueTo={SECURITY_PATH} /> : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <TwoFactorSection view={view} timeZone={timeZone} resultFor={resultFor} constraints={constraints} />
        {owner ? <RequirementSection required={owner.required} ownerHasTwoFactor={view.state === "on"} tenantName={owner.tenantName} /> : null}
      </div>
      <SessionsSection sessions={sessions} timeZone={timeZone} />
      {linkedAccounts.length > 0 || ssoProvider ? <LinkedAccountsSection accounts={linkedAccounts} provider={ssoProvider} timeZone={timeZone} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
