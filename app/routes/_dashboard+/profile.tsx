import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { SECURITY_PATH } from "~/features/security/security-forms";
import { getEnv } from "~/config/env.server";
import { requireActionAccess, requireReadAccess, type GateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { clearedSessionCookie } from "~/features/auth/session.server";
import { avatarUrl } from "~/features/profile/avatar";
import { deleteAvatar, parseAvatarUpload, saveAvatar, sniffImageType } from "~/features/profile/avatar-storage.server";
import { formatPhoneForDisplay } from "~/features/phone/phone-library.server";
import {
  changesPhone,
  deleteAccount,
  getProfileVersion,
  isCurrentPassword,
  setPassword,
  setProfilePicture,
  updateDetails,
  updateThemeColor,
} from "~/features/profile/profile.server";
import type { ProfileIntent } from "~/features/profile/profile-forms";
import { deleteAccountSchema, detailsSchema, PasswordSchema, pictureSchema, profileFormConstraints, ThemeSchema } from "~/features/profile/schemas";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import { CrmSection, DeleteAccountSection, DetailsSection, PasswordSection, PictureSection, ThemeSection } from "~/features/profile/profile-sections";
import { enabledCrmNames } from "~/features/integrations/integrations.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { badRequest } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { DigestSection } from "~/features/notifications/digest-section";
import { digestChoiceOf, parseDigestChoice, setDigestChoice } from "~/features/notifications/digest.server";

export const handle: I18nHandle = { i18n: ["auth", "phone", "profile", "notifications"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "profile");
  const t = await getTranslator(request, "profile");
  return {
    title: t("title"),
    profile: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      phone: formatPhoneForDisplay(user.phone),
      callerPhone: formatPhoneForDisplay(user.callerPhone),
      avatarUrl: avatarUrl(user),
      hasPicture: user.profilePicture !== null,
      themeColor: user.themeColor,
    },
    tenantName: tenant.name,
    phoneCountry: tenant.country,
    version: await getProfileVersion(user),
    maxAvatarBytes: getEnv().MAX_AVATAR_BYTES,
    constraints: profileFormConstraints({ country: tenant.country, maxAvatarBytes: getEnv().MAX_AVATAR_BYTES, deletePhrase: t("deleteAccount.phrase") }),
    canUpdate: can(user.permissions, "profile", "update"),
    canDelete: can(user.permissions, "profile", "delete"),
    crmNames: await enabledCrmNames(tenant.id),
    hubHref: can(user.permissions, "integrations-hub", "read") ? "/integrations-hub" : null,
    digest: await digestChoiceOf(tenant.id, user.id),
  };
}

export const meta = titleFromLoader;

/** A form's failed submission, tagged with the form it belongs to so only that form shows the errors. */
function invalid(intent: ProfileIntent, result: SubmissionResult<string[]>) {
  return data({ intent, result }, { status: 400 });
}

/** The database failed (docs/product/errors.md#operation-failures): the form says so in the catalogue's words and keeps what was typed. */
function failed(intent: ProfileIntent, result: SubmissionResult<string[]>) {
  return data({ intent, result }, { status: 500 });
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
  if (isMultipart(request)) return uploadPicture(request, await requireActionAccess(request, "update", "profile"));

  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const gate = await requireActionAccess(request, intent === "delete-account" ? "delete" : "update", "profile");
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
    case "update-digest":
      return saveDigest(formData, gate);
    default:
      badRequest();
  }
}

/** The notification digest (docs/decisions/0059-notifications.md): only a choice of two radios, so a bad value is a bad request. */
async function saveDigest(formData: FormData, { user, tenant }: GateContext) {
  const choice = parseDigestChoice(formData);
  if (!choice) badRequest();
  await setDigestChoice(tenant.id, user.id, choice);
  return redirectWithToast("/profile", { type: "success", key: "notifications:digest.saved" });
}

async function saveDetails(formData: FormData, { user, tenant }: GateContext) {
  const submission = parseWithZod(formData, { schema: detailsSchema(tenant.country) });
  if (submission.status !== "success") return invalid("update-details", submission.reply());
  const saved = await orFailed("Saving profile details", () => updateDetails(user, submission.value, tenant.country));
  if (saved === FAILED) {
    // The catalogue's "Failed to update phone number" when the number was what changed (docs/product/errors.md#operation-failures).
    const phoneChanged = await changesPhone(user, submission.value.phone, tenant.country).catch(() => true);
    return failed("update-details", submission.reply({ formErrors: [phoneChanged ? "failures.phoneUpdateFailed" : "failures.detailsFailed"] }));
  }
  return redirectWithToast("/profile", toProfile("detailsSaved"));
}

async function uploadPicture(request: Request, { user }: GateContext) {
  const schema = pictureSchema(getEnv().MAX_AVATAR_BYTES);
  const upload = await parseAvatarUpload(request);
  if (upload.tooLarge) {
    const submission = parseWithZod(new FormData(), { schema });
    return invalid("upload-picture", submission.reply({ fieldErrors: { picture: ["validation.pictureTooLarge"] } }));
  }
  if (upload.formData.get("intent") !== "upload-picture") badRequest();

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
  // Whoever else holds a session made with the old password is out; this browser stays signed in.
  const changed = await orFailed("Changing a password", () => setPassword(user, submission.value.newPassword, { keepSession: sessionIdHash }));
  if (changed === FAILED) return failed("change-password", submission.reply({ formErrors: ["failures.passwordChangeFailed"], hideFields }));
  return redirectWithToast("/profile", toProfile("passwordChanged"));
}

async function removeAccount(request: Request, formData: FormData, { user }: GateContext) {
  const t = await getTranslator(request, "profile");
  const submission = parseWithZod(formData, { schema: deleteAccountSchema(t("deleteAccount.phrase")) });
  if (submission.status !== "success") return invalid("delete-account", submission.reply());
  const deleted = await orFailed("Deleting an account", () => deleteAccount(user));
  if (deleted === FAILED) return failed("delete-account", submission.reply({ formErrors: ["failures.deleteFailed"] }));
  await deleteAvatar(deleted.profilePicture);
  return redirectWithToast("/login", { type: "info", key: "profile:toast.accountDeleted" }, { headers: { "Set-Cookie": await clearedSessionCookie() } });
}

export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const { profile, tenantName, phoneCountry, version, maxAvatarBytes, constraints, canUpdate, canDelete, crmNames, hubHref, digest } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: ProfileIntent) => (actionData?.intent === intent ? actionData.result : undefined);
  const readOnly = !canUpdate;
  // Forms are keyed by the profile's last save, so after a successful save they start again from what is stored.
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("intro")} />
      <Tabs
        label={t("tabs.label")}
        active="account"
        tabs={[
          { value: "account", label: t("tabs.account"), to: "/profile" },
          { value: "security", label: t("tabs.security"), to: SECURITY_PATH },
        ]}
      />
      {readOnly ? <Notice>{t("readOnly")}</Notice> : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <DetailsSection
          key={`details-${version}`}
          profile={profile}
          lastResult={resultFor("update-details")}
          disabled={readOnly}
          phoneCountry={phoneCountry}
          constraint={constraints.details}
        />
        <PictureSection
          key={`picture-${version}`}
          avatarUrl={profile.avatarUrl}
          hasPicture={profile.hasPicture}
          maxBytes={maxAvatarBytes}
          lastResult={resultFor("upload-picture")}
          disabled={readOnly}
          constraint={constraints.picture}
        />
        <ThemeSection
          key={`theme-${version}`}
          themeColor={profile.themeColor}
          lastResult={resultFor("update-theme")}
          disabled={readOnly}
          constraint={constraints.theme}
        />
        <PasswordSection key={`password-${version}`} lastResult={resultFor("change-password")} disabled={readOnly} constraint={constraints.password} />
        <CrmSection crmNames={crmNames} hubHref={hubHref} />
        <DigestSection digest={digest} disabled={readOnly} />
      </div>
      {canDelete ? <DeleteAccountSection tenantName={tenantName} lastResult={resultFor("delete-account")} constraint={constraints.deleteAccount} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
