import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDateTime } from "~/i18n/format";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormErrors, formWidthClass, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import type { DeviceDescription } from "./devices";
import type { SecurityIntent } from "./security-forms";
import type { ConfirmEnrolmentFields, StepUpFields } from "./schemas";
import type { LinkedAccountView } from "~/features/sso/oidc-claims";

/**
 * The sections of /profile/security: the user's second factor (enrolment,
 * recovery codes, turning it off), the owner's tenant-wide requirement, and
 * the user's sessions. Every form posts to the route's action with a hidden
 * `intent`, and each works without JavaScript.
 */
type LastResult = SubmissionResult<string[]> | undefined;

function IntentField({ intent }: { intent: SecurityIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

export type TwoFactorView =
  { state: "off" } | { state: "enrolling"; qrSvg: string; key: string } | { state: "on"; confirmedAt: string; recoveryCodesLeft: number };

export function TwoFactorSection({
  view,
  timeZone,
  resultFor,
  constraints,
}: {
  view: TwoFactorView;
  timeZone: string;
  resultFor: (intent: SecurityIntent) => LastResult;
  constraints: { confirm: FormConstraint; stepUp: FormConstraint };
}) {
  const { t, i18n } = useTranslation("security");
  const starting = useIsPending({ intent: "start-enrolment" });
  return (
    <Panel
      title={t("twoFactor.title")}
      actions={
        <Badge tone={view.state === "on" ? "success" : "neutral"} data-testid="two-factor-state">
          {t(`twoFactor.state.${view.state}`)}
        </Badge>
      }
    >
      <div className="space-y-4 text-sm">
        {view.state === "off" ? (
          <>
            <p>{t("twoFactor.offIntro")}</p>
            <Form method="post">
              <IntentField intent="start-enrolment" />
              <Button type="submit" loading={starting}>
                {t("twoFactor.start")}
              </Button>
            </Form>
          </>
        ) : null}
        {view.state === "enrolling" ? (
          <Enrolment qrSvg={view.qrSvg} secretKey={view.key} lastResult={resultFor("confirm-enrolment")} constraint={constraints.confirm} />
        ) : null}
        {view.state === "on" ? (
          <>
            <p>{t("twoFactor.onSince", { date: formatDateTime(view.confirmedAt, i18n.language, timeZone) })}</p>
            <p data-testid="recovery-codes-left">{t("twoFactor.codesLeft", { count: view.recoveryCodesLeft })}</p>
            <StepUpForm
              id="regenerate-codes"
              intent="regenerate-codes"
              legend={t("twoFactor.regenerate.title")}
              description={t("twoFactor.regenerate.description")}
              submit={t("twoFactor.regenerate.submit")}
              lastResult={resultFor("regenerate-codes")}
              constraint={constraints.stepUp}
            />
            <StepUpForm
              id="disable-two-factor"
              intent="disable-two-factor"
              legend={t("twoFactor.disable.title")}
              description={t("twoFactor.disable.description")}
              submit={t("twoFactor.disable.submit")}
              danger
              lastResult={resultFor("disable-two-factor")}
              constraint={constraints.stepUp}
            />
          </>
        ) : null}
      </div>
    </Panel>
  );
}

function Enrolment({ qrSvg, secretKey, lastResult, constraint }: { qrSvg: string; secretKey: string; lastResult: LastResult; constraint: FormConstraint }) {
  const { t } = useTranslation("security");
  const [form, fields] = usePlainForm<ConfirmEnrolmentFields>({ id: "confirm-enrolment", lastResult, constraint });
  const confirming = useIsPending({ intent: "confirm-enrolment" });
  const cancelling = useIsPending({ intent: "cancel-enrolment" });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5">
        <li className="space-y-3">
          <p>{t("twoFactor.enrol.scan")}</p>
          <div
            role="img"
            aria-label={t("twoFactor.enrol.qrLabel")}
            className="h-48 w-48 max-w-full rounded-md border border-slate-200 bg-white p-1 dark:border-slate-700"
            data-testid="two-factor-qr"
            // Markup made on the server by the qrcode library from our own otpauth:// URI (qr-code.server.ts); no user input reaches it.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <p>{t("twoFactor.enrol.manual")}</p>
          <p>
            <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm tracking-wide dark:bg-slate-800" data-testid="two-factor-key">
              {secretKey}
            </code>
          </p>
        </li>
        <li>
          <Form method="post" className={formWidthClass} {...plainFormProps(form)}>
            <IntentField intent="confirm-enrolment" />
            <FormErrors errors={form.errors} namespace="security" />
            <div className="space-y-4">
              <TextField
                label={t("twoFactor.enrol.code")}
                errors={fields.code.errors}
                namespace="security"
                hint={t("twoFactor.enrol.codeHint")}
                inputProps={{ ...plainInputProps(fields.code, { type: "text" }), inputMode: "numeric", autoComplete: "one-time-code", className: "max-w-48" }}
              />
              <Button type="submit" loading={confirming}>
                {t("twoFactor.enrol.confirm")}
              </Button>
            </div>
          </Form>
        </li>
      </ol>
      <Form method="post">
        <IntentField intent="cancel-enrolment" />
        <Button type="submit" variant="secondary" loading={cancelling}>
          {t("twoFactor.enrol.cancel")}
        </Button>
      </Form>
    </div>
  );
}

function StepUpForm({
  id,
  intent,
  legend,
  description,
  submit,
  danger = false,
  lastResult,
  constraint,
}: {
  id: string;
  intent: SecurityIntent;
  legend: string;
  description: string;
  submit: string;
  danger?: boolean;
  lastResult: LastResult;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("security");
  const [form, fields] = usePlainForm<StepUpFields>({ id, lastResult, constraint });
  const pending = useIsPending({ intent });
  return (
    <Form method="post" className={formWidthClass} {...plainFormProps(form)}>
      <IntentField intent={intent} />
      {/* The rule above sits on a wrapper: on the fieldset itself the legend would be drawn into the line. */}
      <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
        <fieldset className="space-y-3">
          <legend className="pb-1 font-medium">{legend}</legend>
          <p className="text-slate-600 dark:text-slate-300">{description}</p>
          <FormErrors errors={form.errors} namespace="security" />
          <TextField
            label={t("stepUp.label")}
            errors={fields.proof.errors}
            namespace="security"
            hint={t("stepUp.hint")}
            inputProps={{ ...plainInputProps(fields.proof, { type: "password" }), autoComplete: "current-password" }}
          />
          <Button type="submit" variant={danger ? "danger" : "secondary"} loading={pending}>
            {submit}
          </Button>
        </fieldset>
      </div>
    </Form>
  );
}

/** The ten codes, shown once: after enrolment and after replacing them. */
export function RecoveryCodesPanel({ codes, continueTo }: { codes: string[]; continueTo: string }) {
  const { t } = useTranslation("security");
  return (
    <Panel title={t("recoveryCodes.title")} className="border-amber-300 dark:border-amber-800">
      <div className="space-y-4 text-sm">
        <p>{t("recoveryCodes.intro")}</p>
        <ol className="grid grid-cols-1 gap-2 font-mono sm:grid-cols-2" data-testid="recovery-codes">
          {codes.map((code) => (
            <li key={code} className="rounded bg-slate-100 px-3 py-1 tracking-wide dark:bg-slate-800">
              {code}
            </li>
          ))}
        </ol>
        <p>{t("recoveryCodes.once")}</p>
        <Link to={continueTo} className="inline-block font-medium text-primary-dark underline dark:text-primary">
          {t("recoveryCodes.done")}
        </Link>
      </div>
    </Panel>
  );
}

export function RequirementSection({ required, ownerHasTwoFactor, tenantName }: { required: boolean; ownerHasTwoFactor: boolean; tenantName: string }) {
  const { t } = useTranslation("security");
  const pending = useIsPending({ intent: "set-requirement" });
  return (
    <Panel
      title={t("requirement.title")}
      actions={
        <Badge tone={required ? "success" : "neutral"} data-testid="two-factor-requirement">
          {required ? t("requirement.on") : t("requirement.off")}
        </Badge>
      }
    >
      <div className="space-y-4 text-sm">
        <p>{t("requirement.intro", { tenant: tenantName })}</p>
        {!required && !ownerHasTwoFactor ? <Notice>{t("requirement.enrolFirst")}</Notice> : null}
        <Form method="post">
          <IntentField intent="set-requirement" />
          <input type="hidden" name="required" value={required ? "off" : "on"} />
          <Button type="submit" variant={required ? "secondary" : "primary"} loading={pending} disabled={!required && !ownerHasTwoFactor}>
            {required ? t("requirement.turnOff") : t("requirement.turnOn")}
          </Button>
        </Form>
      </div>
    </Panel>
  );
}

export interface SessionView {
  idHash: string;
  device: DeviceDescription;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export function SessionsSection({ sessions, timeZone }: { sessions: SessionView[]; timeZone: string }) {
  const { t, i18n } = useTranslation("security");
  const signingOutOthers = useIsPending({ intent: "sign-out-others" });
  const others = sessions.filter((session) => !session.current).length;
  const device = (session: SessionView) => {
    const browser = session.device.browser ?? t("sessions.unknownBrowser");
    return session.device.system ? t("sessions.device", { browser, system: session.device.system }) : browser;
  };
  return (
    <Panel title={t("sessions.title")}>
      <div className="space-y-4 text-sm">
        <p>{t("sessions.intro")}</p>
        <DataTable
          caption={t("sessions.caption")}
          data-testid="sessions"
          rows={sessions}
          rowKey={(session) => session.idHash}
          rowData={(session) => ({ "data-current": session.current ? "true" : "false" })}
          columns={[
            {
              id: "device",
              header: t("sessions.columns.device"),
              primary: true,
              rowHeader: true,
              cell: (session) => (
                <span className="inline-flex flex-wrap items-center gap-2">
                  {device(session)}
                  {session.current ? <Badge tone="info">{t("sessions.current")}</Badge> : null}
                </span>
              ),
            },
            { id: "ip", header: t("sessions.columns.ip"), cell: (session) => session.ip ?? t("sessions.unknownIp") },
            {
              id: "lastSeen",
              header: t("sessions.columns.lastSeen"),
              cell: (session) => <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt, i18n.language, timeZone)}</time>,
            },
            {
              id: "created",
              header: t("sessions.columns.signedIn"),
              cell: (session) => <time dateTime={session.createdAt}>{formatDateTime(session.createdAt, i18n.language, timeZone)}</time>,
            },
          ]}
          actions={{
            header: t("sessions.columns.actions"),
            cell: (session) => (session.current ? null : <SignOutOne session={session} label={t("sessions.signOutOne", { device: device(session) })} />),
          }}
        />
        {others > 0 ? (
          <Form method="post">
            <IntentField intent="sign-out-others" />
            <Button type="submit" variant="secondary" loading={signingOutOthers}>
              {t("sessions.signOutOthers", { count: others })}
            </Button>
          </Form>
        ) : (
          <p className="text-slate-600 dark:text-slate-300">{t("sessions.onlyThis")}</p>
        )}
      </div>
    </Panel>
  );
}

function SignOutOne({ session, label }: { session: SessionView; label: string }) {
  const { t } = useTranslation("security");
  const navigation = useNavigation();
  // Only the row whose form is on its way shows it, not every row's button.
  const pending = navigation.state !== "idle" && navigation.formData?.get("session") === session.idHash;
  return (
    <Form method="post">
      <IntentField intent="sign-out-session" />
      <input type="hidden" name="session" value={session.idHash} />
      <Button type="submit" size="sm" variant="secondary" loading={pending} aria-label={label}>
        {t("sessions.signOut")}
      </Button>
    </Form>
  );
}

/**
 * The provider accounts that sign in to this one (single sign-on, decision
 * 0048), with unlinking. Shown when single sign-on is configured or an
 * account is linked, so a provider since removed can still be unlinked.
 */
export function LinkedAccountsSection({ accounts, provider, timeZone }: { accounts: LinkedAccountView[]; provider: string | null; timeZone: string }) {
  const { t, i18n } = useTranslation("security");
  return (
    <Panel title={t("linked.title")}>
      <div className="space-y-4 text-sm">
        {accounts.length === 0 ? (
          <p data-testid="no-linked-accounts">{t("linked.none", { provider })}</p>
        ) : (
          <>
            <p>{t("linked.intro")}</p>
            <DataTable
              caption={t("linked.caption")}
              data-testid="linked-accounts"
              rows={accounts}
              rowKey={(account) => `${account.issuer} ${account.subject}`}
              columns={[
                { id: "provider", header: t("linked.columns.provider"), primary: true, rowHeader: true, cell: (account) => account.provider },
                { id: "email", header: t("linked.columns.email"), cell: (account) => account.email, className: "whitespace-normal break-all" },
                {
                  id: "linked",
                  header: t("linked.columns.linked"),
                  cell: (account) => <time dateTime={account.linkedAt}>{formatDateTime(account.linkedAt, i18n.language, timeZone)}</time>,
                },
                {
                  id: "lastUsed",
                  header: t("linked.columns.lastUsed"),
                  cell: (account) => <time dateTime={account.lastUsedAt}>{formatDateTime(account.lastUsedAt, i18n.language, timeZone)}</time>,
                },
              ]}
              actions={{ header: t("linked.columns.actions"), cell: (account) => <UnlinkOne account={account} /> }}
            />
            <p className="text-slate-600 dark:text-slate-300">{t("linked.passwordStays")}</p>
          </>
        )}
      </div>
    </Panel>
  );
}

function UnlinkOne({ account }: { account: LinkedAccountView }) {
  const { t } = useTranslation("security");
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formData?.get("subject") === account.subject && navigation.formData?.get("issuer") === account.issuer;
  return (
    <Form method="post">
      <IntentField intent="unlink-identity" />
      <input type="hidden" name="issuer" value={account.issuer} />
      <input type="hidden" name="subject" value={account.subject} />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        loading={pending}
        aria-label={t("linked.unlinkOne", { provider: account.provider, email: account.email })}
      >
        {t("linked.unlink")}
      </Button>
    </Form>
  );
}
