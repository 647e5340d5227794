import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FieldErrors, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { getEnv } from "~/config/env.server";
import { requireActionAccess, requireReadAccess, type GateContext } from "~/features/access/gate.server";
import { can } from "~/features/access/permissions";
import { clearedSessionCookie, revokeUserSessions } from "~/features/auth/session.server";
import { avatarUrl } from "~/features/profile/avatar";
import { deleteAvatar, parseAvatarUpload, saveAvatar, sniffImageType } from "~/features/profile/avatar-storage.server";
import {
  deleteAccount,
  getProfileVersion,
  isCurrentPassword,
  setPassword,
  setProfilePicture,
  updateDetails,
  updateThemeColor,
} from "~/features/profile/profile.server";
import {
  AVATAR_MIME_TYPES,
  deleteAccountSchema,
  DetailsSchema,
  PasswordSchema,
  pictureSchema,
  ThemeSchema,
  type ProfileIntent,
} from "~/features/profile/schemas";
import { PALETTE } from "~/features/theme/palette";
import { redirectWithToast } from "~/features/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request);
  const t = await getTranslator(request, "profile");
  return {
    title: t("title"),
    profile: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      phone: user.phone ?? "",
      callerPhone: user.callerPhone ?? "",
      avatarUrl: avatarUrl(user),
      hasPicture: user.profilePicture !== null,
      themeColor: user.themeColor,
    },
    tenantName: tenant.name,
    version: await getProfileVersion(user),
    maxAvatarBytes: getEnv().MAX_AVATAR_BYTES,
    canUpdate: can(user.permissions, "profile", "update"),
    canDelete: can(user.permissions, "profile", "delete"),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Voxboard · ${data.title}` : "Voxboard" }];

/** A form's failed submission, tagged with the form it belongs to so only that form shows the errors. */
function invalid(intent: ProfileIntent, result: SubmissionResult<string[]>) {
  return data({ intent, result }, { status: 400 });
}

const toProfile = (message: string) => ({ type: "success" as const, key: `profile:toast.${message}` });

function isMultipart(request: Request) {
  return request.headers.get("Content-Type")?.toLowerCase().startsWith("multipart/form-data") ?? false;
}

/**
 * One action for the page's forms, told apart by the hidden `intent` field.
 * The permission check comes before anything else, so a read-only user gets
 * a 403 on every form and nothing is read from an upload it was not allowed to make.
 */
export async function action({ request }: ActionFunctionArgs) {
  // Only the picture form is multipart; its body must be streamed with a size cap, never buffered whole.
  if (isMultipart(request)) return uploadPicture(request, await requireActionAccess(request, "update"));

  const formData = await request.formData();
  const intent = formData.get("intent");
  const gate = await requireActionAccess(request, intent === "delete-account" ? "delete" : "update");
  switch (intent) {
    case "update-details":
      return saveDetails(formData, gate);
    case "remove-picture":
      return removePicture(gate);
    case "update-theme":
      return saveTheme(formData, gate);
    case "change-password":
      return changePassword(formData, gate);
    case "delete-account":
      return removeAccount(request, formData, gate);
    default:
      throw new Response("Bad Request", { status: 400 });
  }
}

async function saveDetails(formData: FormData, { user }: GateContext) {
  const submission = parseWithZod(formData, { schema: DetailsSchema });
  if (submission.status !== "success") return invalid("update-details", submission.reply());
  await updateDetails(user, submission.value);
  return redirectWithToast("/profile", toProfile("detailsSaved"));
}

async function uploadPicture(request: Request, { user }: GateContext) {
  const schema = pictureSchema(getEnv().MAX_AVATAR_BYTES);
  const upload = await parseAvatarUpload(request);
  if (upload.tooLarge) {
    const submission = parseWithZod(new FormData(), { schema });
    return invalid("upload-picture", submission.reply({ fieldErrors: { picture: ["validation.pictureTooLarge"] } }));
  }
  if (upload.formData.get("intent") !== "upload-picture") throw new Response("Bad Request", { status: 400 });

  const submission = parseWithZod(upload.formData, { schema });
  if (submission.status !== "success") return invalid("upload-picture", submission.reply());
  const bytes = new Uint8Array(await submission.value.picture.arrayBuffer());
  const extension = sniffImageType(bytes);
  if (!extension) return invalid("upload-picture", submission.reply({ fieldErrors: { picture: ["validation.pictureType"] } }));

  const fileName = await saveAvatar(user.id, bytes, extension);
  let previous: string | null;
  try {
    previous = await setProfilePicture(user, fileName);
  } catch (error) {
    await deleteAvatar(fileName);
    throw error;
  }
  await deleteAvatar(previous);
  return redirectWithToast("/profile", toProfile("pictureSaved"));
}

async function removePicture({ user }: GateContext) {
  await deleteAvatar(await setProfilePicture(user, null));
  return redirectWithToast("/profile", toProfile("pictureRemoved"));
}

async function saveTheme(formData: FormData, { user }: GateContext) {
  const submission = parseWithZod(formData, { schema: ThemeSchema });
  if (submission.status !== "success") return invalid("update-theme", submission.reply());
  await updateThemeColor(user, submission.value.themeColor);
  return redirectWithToast("/profile", toProfile("themeSaved"));
}

async function changePassword(formData: FormData, { user, sessionIdHash }: GateContext) {
  const hideFields = ["currentPassword", "newPassword"];
  const submission = parseWithZod(formData, { schema: PasswordSchema });
  if (submission.status !== "success") return invalid("change-password", submission.reply({ hideFields }));
  if (!(await isCurrentPassword(user, submission.value.currentPassword))) {
    return invalid("change-password", submission.reply({ fieldErrors: { currentPassword: ["validation.invalidPassword"] }, hideFields }));
  }
  await setPassword(user, submission.value.newPassword);
  // Whoever else holds a session made with the old password is out; this browser stays signed in.
  await revokeUserSessions(user.id, { except: sessionIdHash });
  return redirectWithToast("/profile", toProfile("passwordChanged"));
}

async function removeAccount(request: Request, formData: FormData, { user }: GateContext) {
  const t = await getTranslator(request, "profile");
  const submission = parseWithZod(formData, { schema: deleteAccountSchema(t("deleteAccount.phrase")) });
  if (submission.status !== "success") return invalid("delete-account", submission.reply());
  const { profilePicture } = await deleteAccount(user);
  await deleteAvatar(profilePicture);
  return redirectWithToast("/login", { type: "info", key: "profile:toast.accountDeleted" }, { headers: { "Set-Cookie": await clearedSessionCookie() } });
}

function useSubmittingIntent(intent: ProfileIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function IntentField({ intent }: { intent: ProfileIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const { profile, tenantName, version, maxAvatarBytes, canUpdate, canDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: ProfileIntent) => (actionData?.intent === intent ? actionData.result : undefined);
  const readOnly = !canUpdate;
  // Forms are keyed by the profile's last save, so after a successful save they start again from what is stored.
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
      </div>
      {readOnly ? <Notice>{t("readOnly")}</Notice> : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <DetailsSection key={`details-${version}`} profile={profile} lastResult={resultFor("update-details")} disabled={readOnly} />
        <PictureSection
          key={`picture-${version}`}
          avatarUrl={profile.avatarUrl}
          hasPicture={profile.hasPicture}
          maxBytes={maxAvatarBytes}
          lastResult={resultFor("upload-picture")}
          disabled={readOnly}
        />
        <ThemeSection key={`theme-${version}`} themeColor={profile.themeColor} lastResult={resultFor("update-theme")} disabled={readOnly} />
        <PasswordSection key={`password-${version}`} lastResult={resultFor("change-password")} disabled={readOnly} />
      </div>
      {canDelete ? <DeleteAccountSection tenantName={tenantName} lastResult={resultFor("delete-account")} /> : null}
    </div>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

function DetailsSection({
  profile,
  lastResult,
  disabled,
}: {
  profile: { name: string; email: string; emailVerified: boolean; phone: string; callerPhone: string };
  lastResult: LastResult;
  disabled: boolean;
}) {
  const { t } = useTranslation("profile");
  const submitting = useSubmittingIntent("update-details");
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult,
    defaultValue: { name: profile.name, phone: profile.phone, callerPhone: profile.callerPhone },
    constraint: getZodConstraint(DetailsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Panel title={t("details.title")}>
      <Form method="post" {...getFormProps(form)}>
        <IntentField intent="update-details" />
        <fieldset disabled={disabled} className="space-y-4">
          <legend className="sr-only">{t("details.title")}</legend>
          <TextField
            label={t("details.name")}
            errors={fields.name.errors}
            namespace="profile"
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
          />
          <TextField
            label={t("details.email")}
            namespace="profile"
            hint={
              <span className="flex flex-wrap items-center gap-2">
                <span
                  data-testid="email-verification"
                  className={cn(
                    "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
                    profile.emailVerified
                      ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
                      : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
                  )}
                >
                  {profile.emailVerified ? t("details.emailVerified") : t("details.emailNotVerified")}
                </span>
                <span>{t("details.emailHint")}</span>
              </span>
            }
            inputProps={{ id: "profile-email", type: "email", value: profile.email, readOnly: true, className: "bg-slate-50 dark:bg-slate-800" }}
          />
          <TextField
            label={t("details.phone")}
            errors={fields.phone.errors}
            namespace="profile"
            hint={t("details.phoneHint")}
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", inputMode: "tel" }}
          />
          <TextField
            label={t("details.callerPhone")}
            errors={fields.callerPhone.errors}
            namespace="profile"
            hint={t("details.callerPhoneHint")}
            inputProps={{ ...getInputProps(fields.callerPhone, { type: "tel" }), autoComplete: "off", inputMode: "tel" }}
          />
          <Button type="submit" disabled={submitting}>
            {t("details.submit")}
          </Button>
        </fieldset>
      </Form>
    </Panel>
  );
}

function formatMegabytes(bytes: number, language: string) {
  return new Intl.NumberFormat(language === "de" ? "de-DE" : "en-US", { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);
}

function PictureSection({
  avatarUrl,
  hasPicture,
  maxBytes,
  lastResult,
  disabled,
}: {
  avatarUrl: string;
  hasPicture: boolean;
  maxBytes: number;
  lastResult: LastResult;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation("profile");
  const uploading = useSubmittingIntent("upload-picture");
  const removing = useSubmittingIntent("remove-picture");
  const schema = useMemo(() => pictureSchema(maxBytes), [maxBytes]);
  const [form, fields] = useForm({
    id: "profile-picture",
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: "onInput",
  });
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
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <IntentField intent="upload-picture" />
            <fieldset disabled={disabled} className="space-y-4">
              <legend className="sr-only">{t("picture.title")}</legend>
              <TextField
                label={t("picture.label")}
                errors={fields.picture.errors}
                namespace="profile"
                hint={t("picture.hint", { size: formatMegabytes(maxBytes, i18n.language) })}
                inputProps={{
                  ...getInputProps(fields.picture, { type: "file" }),
                  accept: AVATAR_MIME_TYPES.join(","),
                  className:
                    "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-700 dark:file:text-slate-100",
                }}
              />
              <Button type="submit" disabled={uploading}>
                {t("picture.submit")}
              </Button>
            </fieldset>
          </Form>
          {hasPicture ? (
            <Form method="post">
              <IntentField intent="remove-picture" />
              <Button type="submit" variant="secondary" disabled={disabled || removing}>
                {t("picture.remove")}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
    </Panel>
  );
}

function ThemeSection({ themeColor, lastResult, disabled }: { themeColor: string; lastResult: LastResult; disabled: boolean }) {
  const { t } = useTranslation("profile");
  const submitting = useSubmittingIntent("update-theme");
  const [form, fields] = useForm({
    id: "profile-theme",
    lastResult,
    defaultValue: { themeColor },
    constraint: getZodConstraint(ThemeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ThemeSchema }),
  });
  const errorId = `${fields.themeColor.id}-error`;
  return (
    <Panel title={t("theme.title")}>
      <Form method="post" {...getFormProps(form)}>
        <IntentField intent="update-theme" />
        <fieldset disabled={disabled} className="space-y-4" aria-describedby={fields.themeColor.errors ? errorId : undefined}>
          <legend className="text-sm text-slate-600 dark:text-slate-300">{t("theme.legend")}</legend>
          <div className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2">
            {getCollectionProps(fields.themeColor, { type: "radio", options: PALETTE.map((entry) => entry.name) }).map(({ key, ...radio }) => {
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
                    className="h-10 w-10 rounded-full border border-slate-300 shadow-inner peer-checked:ring-2 peer-checked:ring-slate-900 peer-checked:ring-offset-2 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-sky-500 dark:border-slate-600 dark:peer-checked:ring-white dark:peer-checked:ring-offset-slate-900"
                    style={{ background: `linear-gradient(135deg, ${entry.gradient[0]}, ${entry.gradient[1]})` }}
                  />
                  <span>{t(`theme.colours.${entry.name}`)}</span>
                </label>
              );
            })}
          </div>
          <FieldErrors id={errorId} errors={fields.themeColor.errors} t={t} />
          <Button type="submit" disabled={submitting}>
            {t("theme.submit")}
          </Button>
        </fieldset>
      </Form>
    </Panel>
  );
}

function PasswordSection({ lastResult, disabled }: { lastResult: LastResult; disabled: boolean }) {
  const { t } = useTranslation("profile");
  const submitting = useSubmittingIntent("change-password");
  const [form, fields] = useForm({
    id: "profile-password",
    lastResult,
    constraint: getZodConstraint(PasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Panel title={t("password.title")}>
      <Form method="post" {...getFormProps(form)}>
        <IntentField intent="change-password" />
        <fieldset disabled={disabled} className="space-y-4">
          <legend className="sr-only">{t("password.title")}</legend>
          <TextField
            label={t("password.current")}
            errors={fields.currentPassword.errors}
            namespace="profile"
            inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          />
          <TextField
            label={t("password.new")}
            errors={fields.newPassword.errors}
            namespace="profile"
            hint={t("validation.passwordRules")}
            inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
          />
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("password.note")}</p>
          <Button type="submit" disabled={submitting}>
            {t("password.submit")}
          </Button>
        </fieldset>
      </Form>
    </Panel>
  );
}

function DeleteAccountSection({ tenantName, lastResult }: { tenantName: string; lastResult: LastResult }) {
  const { t } = useTranslation("profile");
  const submitting = useSubmittingIntent("delete-account");
  const phrase = t("deleteAccount.phrase");
  const schema = useMemo(() => deleteAccountSchema(phrase), [phrase]);
  const [form, fields] = useForm({
    id: "profile-delete",
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: "onInput",
  });
  return (
    <Panel title={t("deleteAccount.title")} className="border-red-300 dark:border-red-900">
      <Form method="post" className="max-w-xl space-y-4" {...getFormProps(form)}>
        <IntentField intent="delete-account" />
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("deleteAccount.warning", { tenant: tenantName })}</p>
        <TextField
          label={t("deleteAccount.label", { phrase })}
          errors={fields.confirmation.errors}
          namespace="profile"
          inputProps={{ ...getInputProps(fields.confirmation, { type: "text" }), autoComplete: "off", spellCheck: false, autoCapitalize: "none" }}
        />
        <Button type="submit" variant="danger" disabled={submitting}>
          {t("deleteAccount.submit")}
        </Button>
      </Form>
    </Panel>
  );
}
