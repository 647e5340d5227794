import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { CSSProperties } from "react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FieldErrors, FormErrors, formWidthClass, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { passwordRulesHint } from "~/features/auth/new-password-fields";
import { PASSWORD_RULES_ERROR } from "~/features/auth/password-rules";
import { PhoneField } from "~/features/phone/phone-field";
import { PALETTE, swatchBackground } from "~/lib/theme/palette";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainCollectionProps, plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { AVATAR_MIME_TYPES, type ProfileIntent } from "./profile-forms";
import type { DeleteAccountFields, DetailsFields, PasswordFields, PictureFields, ThemeFields } from "./schemas";

/**
 * The five sections of /profile. Each is its own form with its own schema,
 * which the route's action applies (it dispatches on `intent`); the page gets
 * each form's HTML constraints from the loader.
 */
const useSubmittingIntent = (intent: ProfileIntent) => useIsPending({ intent });

function IntentField({ intent }: { intent: ProfileIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

type LastResult = SubmissionResult<string[]> | undefined;

export function DetailsSection({
  profile,
  lastResult,
  disabled,
  phoneCountry,
  constraint,
}: {
  profile: { name: string; email: string; emailVerified: boolean; phone: string; callerPhone: string };
  lastResult: LastResult;
  disabled: boolean;
  /** The tenant's country (gate.tenant.country): numbers typed with a leading 0 are national numbers of it. */
  phoneCountry: string;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("profile");
  const submitting = useSubmittingIntent("update-details");
  const [form, fields] = usePlainForm<DetailsFields>({
    id: "profile-details",
    lastResult,
    defaultValue: { name: profile.name, phone: profile.phone, callerPhone: profile.callerPhone },
    constraint,
  });
  return (
    <Panel title={t("details.title")}>
      <Form method="post" className={formWidthClass} {...plainFormProps(form)}>
        <IntentField intent="update-details" />
        <FormErrors errors={form.errors} namespace="profile" />
        <fieldset disabled={disabled} className="space-y-4">
          <legend className="sr-only">{t("details.title")}</legend>
          <TextField
            label={t("details.name")}
            errors={fields.name.errors}
            namespace="profile"
            inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
          />
          <TextField
            label={t("details.email")}
            namespace="profile"
            hint={
              <span className="flex flex-wrap items-center gap-2">
                <Badge data-testid="email-verification" tone={profile.emailVerified ? "success" : "warning"}>
                  {profile.emailVerified ? t("details.emailVerified") : t("details.emailNotVerified")}
                </Badge>
                <span>{t("details.emailHint")}</span>
              </span>
            }
            inputProps={{ id: "profile-email", type: "email", value: profile.email, readOnly: true, className: "bg-slate-50 dark:bg-slate-800" }}
          />
          <PhoneField
            label={t("details.phone")}
            errors={fields.phone.errors}
            namespace="profile"
            hint={t("details.phoneHint")}
            country={phoneCountry}
            inputProps={{ ...plainInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
          />
          <PhoneField
            label={t("details.callerPhone")}
            errors={fields.callerPhone.errors}
            namespace="profile"
            hint={t("details.callerPhoneHint")}
            country={phoneCountry}
            inputProps={{ ...plainInputProps(fields.callerPhone, { type: "tel" }), autoComplete: "off" }}
          />
          <Button type="submit" loading={submitting}>
            {t("details.submit")}
          </Button>
        </fieldset>
      </Form>
    </Panel>
  );
}

function formatMegabytes(bytes: number, language: string) {
  return new Intl.NumberFormat(language === "de" ? "de-DE" : "en-US", { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(
    bytes / 1024 / 1024,
  );
}

export function PictureSection({
  avatarUrl,
  hasPicture,
  maxBytes,
  lastResult,
  disabled,
  constraint,
}: {
  avatarUrl: string;
  hasPicture: boolean;
  maxBytes: number;
  lastResult: LastResult;
  disabled: boolean;
  constraint: FormConstraint;
}) {
  const { t, i18n } = useTranslation("profile");
  const uploading = useSubmittingIntent("upload-picture");
  const removing = useSubmittingIntent("remove-picture");
  const [form, fields] = usePlainForm<PictureFields>({ id: "profile-picture", lastResult, constraint });
  return (
    <Panel title={t("picture.title")}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <img
          src={avatarUrl}
          alt={hasPicture ? t("picture.current") : t("picture.default")}
          width={96}
          height={96}
          className="h-24 w-24 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover dark:border-slate-700 dark:bg-slate-800"
          data-testid="profile-picture"
        />
        <div className="min-w-0 flex-1 space-y-4">
          <Form method="post" encType="multipart/form-data" {...plainFormProps(form)}>
            <IntentField intent="upload-picture" />
            <fieldset disabled={disabled} className="space-y-4">
              <legend className="sr-only">{t("picture.title")}</legend>
              <TextField
                label={t("picture.label")}
                errors={fields.picture.errors}
                namespace="profile"
                hint={t("picture.hint", { size: formatMegabytes(maxBytes, i18n.language) })}
                inputProps={{
                  ...plainInputProps(fields.picture, { type: "file" }),
                  accept: AVATAR_MIME_TYPES.join(","),
                  className:
                    "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-700 dark:file:text-slate-100",
                }}
              />
              <Button type="submit" loading={uploading}>
                {t("picture.submit")}
              </Button>
            </fieldset>
          </Form>
          {hasPicture ? (
            <Form method="post">
              <IntentField intent="remove-picture" />
              <Button type="submit" variant="secondary" disabled={disabled} loading={removing}>
                {t("picture.remove")}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
    </Panel>
  );
}

export function ThemeSection({
  themeColor,
  lastResult,
  disabled,
  constraint,
}: {
  themeColor: string;
  lastResult: LastResult;
  disabled: boolean;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("profile");
  const submitting = useSubmittingIntent("update-theme");
  const [form, fields] = usePlainForm<ThemeFields>({ id: "profile-theme", lastResult, defaultValue: { themeColor }, constraint });
  const errorId = `${fields.themeColor.id}-error`;
  return (
    <Panel title={t("theme.title")}>
      <Form method="post" className={formWidthClass} {...plainFormProps(form)}>
        <IntentField intent="update-theme" />
        <fieldset disabled={disabled} className="space-y-4" aria-describedby={fields.themeColor.errors ? errorId : undefined}>
          <legend className="text-sm text-slate-600 dark:text-slate-300">{t("theme.legend")}</legend>
          <div className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2">
            {plainCollectionProps(fields.themeColor, { type: "radio", options: PALETTE.map((entry) => entry.name) }).map(({ key, ...radio }) => {
              const entry = PALETTE.find((p) => p.name === radio.value) ?? PALETTE[0];
              return (
                <label
                  key={key}
                  htmlFor={radio.id}
                  className="flex min-w-0 cursor-pointer flex-col items-center gap-2 rounded-md border border-transparent p-2 text-center text-xs [overflow-wrap:anywhere] hover:bg-slate-100 has-[:checked]:border-slate-400 has-[:checked]:bg-slate-50 dark:hover:bg-slate-800 dark:has-[:checked]:border-slate-500 dark:has-[:checked]:bg-slate-800"
                >
                  <input {...radio} className="peer sr-only" />
                  <span
                    aria-hidden
                    className="h-10 w-10 rounded-full border border-slate-300 bg-[image:var(--swatch-light)] shadow-inner dark:bg-[image:var(--swatch-dark)] peer-checked:ring-2 peer-checked:ring-slate-900 peer-checked:ring-offset-2 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-sky-500 dark:border-slate-600 dark:peer-checked:ring-white dark:peer-checked:ring-offset-slate-900"
                    // The colours the buttons and accents really get in each mode, not the raw palette value.
                    style={{ "--swatch-light": swatchBackground(entry.name, "light"), "--swatch-dark": swatchBackground(entry.name, "dark") } as CSSProperties}
                  />
                  <span>{t(`theme.colours.${entry.name}`)}</span>
                </label>
              );
            })}
          </div>
          <FieldErrors id={errorId} errors={fields.themeColor.errors} t={t} />
          <Button type="submit" loading={submitting}>
            {t("theme.submit")}
          </Button>
        </fieldset>
      </Form>
    </Panel>
  );
}

export function PasswordSection({ lastResult, disabled, constraint }: { lastResult: LastResult; disabled: boolean; constraint: FormConstraint }) {
  const { t } = useTranslation("profile");
  const submitting = useSubmittingIntent("change-password");
  const [form, fields] = usePlainForm<PasswordFields>({ id: "profile-password", lastResult, constraint });
  return (
    <Panel title={t("password.title")}>
      <Form method="post" className={formWidthClass} {...plainFormProps(form)}>
        <IntentField intent="change-password" />
        <FormErrors errors={form.errors} namespace="profile" />
        <fieldset disabled={disabled} className="space-y-4">
          <legend className="sr-only">{t("password.title")}</legend>
          <TextField
            label={t("password.current")}
            errors={fields.currentPassword.errors}
            namespace="profile"
            inputProps={{ ...plainInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          />
          <TextField
            label={t("password.new")}
            errors={fields.newPassword.errors}
            namespace="profile"
            hint={passwordRulesHint(fields.newPassword.errors, t(PASSWORD_RULES_ERROR))}
            inputProps={{ ...plainInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
          />
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("password.note")}</p>
          <Button type="submit" loading={submitting}>
            {t("password.submit")}
          </Button>
        </fieldset>
      </Form>
    </Panel>
  );
}

export function DeleteAccountSection({ tenantName, lastResult, constraint }: { tenantName: string; lastResult: LastResult; constraint: FormConstraint }) {
  const { t } = useTranslation("profile");
  const submitting = useSubmittingIntent("delete-account");
  const phrase = t("deleteAccount.phrase");
  const [form, fields] = usePlainForm<DeleteAccountFields>({ id: "profile-delete", lastResult, constraint });
  return (
    <Panel title={t("deleteAccount.title")} className="border-red-300 dark:border-red-900">
      <Form method="post" className={cn(formWidthClass, "space-y-4")} {...plainFormProps(form)}>
        <IntentField intent="delete-account" />
        <FormErrors errors={form.errors} namespace="profile" />
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("deleteAccount.warning", { tenant: tenantName })}</p>
        <TextField
          label={t("deleteAccount.label", { phrase })}
          errors={fields.confirmation.errors}
          namespace="profile"
          inputProps={{ ...plainInputProps(fields.confirmation, { type: "text" }), autoComplete: "off", spellCheck: false, autoCapitalize: "none" }}
        />
        <Button type="submit" variant="danger" loading={submitting}>
          {t("deleteAccount.submit")}
        </Button>
      </Form>
    </Panel>
  );
}

/**
 * "CRM active" (docs/product/contact-center.md#crm-active-on-the-user-profile):
 * whether the account has an enabled CRM integration, and which. `hubHref`: the integrations hub,
 * when the user may open it.
 */
export function CrmSection({ crmNames, hubHref }: { crmNames: string[]; hubHref: string | null }) {
  const { t } = useTranslation("profile");
  return (
    <Panel title={t("crm.title")}>
      <p className="text-sm" data-testid="profile-crm">
        {crmNames.length > 0 ? t("crm.active", { count: crmNames.length, names: crmNames.join(", ") }) : t("crm.inactive")}
      </p>
      {hubHref ? (
        <p className="mt-2 text-sm">
          <Link to={hubHref} className="underline">
            {t("crm.hub")}
          </Link>
        </p>
      ) : null}
    </Panel>
  );
}
