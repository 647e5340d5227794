import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { organizationPaths } from "./paths";
import { ORGANIZATION_NAME_MAX } from "./organization-rules";
import type { OrganizationFields } from "./schemas";

const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** Creating or editing an organization: business name, website and logo, one multipart form that works without JavaScript. */
export function OrganizationForm({
  lastResult,
  constraint,
  defaults,
  logoUrl,
  maxLogoBytes,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
  defaults?: { name: string; website: string | null };
  logoUrl: string | null;
  maxLogoBytes: number;
  submitLabel: string;
}) {
  const { t, i18n } = useTranslation("organizations");
  const [form, fields] = usePlainForm<OrganizationFields & { logo: unknown }>({
    id: "organization",
    lastResult,
    constraint,
    defaultValue: { name: defaults?.name ?? "", website: defaults?.website ?? "" },
  });
  const saving = useIsPending();
  return (
    <Form method="post" encType="multipart/form-data" {...plainFormProps(form)} className="space-y-4" data-testid="organization-form">
      <FormErrors errors={form.errors} namespace="organizations" />
      <TextField
        label={t("form.name")}
        errors={fields.name.errors}
        namespace="organizations"
        messageValues={{ max: ORGANIZATION_NAME_MAX }}
        inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "organization", maxLength: ORGANIZATION_NAME_MAX }}
      />
      <TextField
        label={t("form.website")}
        errors={fields.website.errors}
        namespace="organizations"
        hint={t("form.websiteHint")}
        inputProps={{ ...plainInputProps(fields.website, { type: "text" }), inputMode: "url", autoComplete: "url", placeholder: "https://example.com" }}
      />
      <div className="flex flex-wrap items-start gap-4">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt={t("form.currentLogo")}
            width={64}
            height={64}
            className="h-16 w-16 rounded-md border border-slate-200 bg-white object-contain dark:border-slate-700"
            data-testid="organization-logo"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <TextField
            label={t("form.logo")}
            errors={fields.logo.errors}
            namespace="organizations"
            messageValues={{ size: formatNumber(Math.round(maxLogoBytes / 1024 / 1024), i18n.language) }}
            hint={t("form.logoHint", { size: formatNumber(Math.round(maxLogoBytes / 1024 / 1024), i18n.language) })}
            inputProps={{
              ...plainInputProps(fields.logo, { type: "file" }),
              accept: LOGO_TYPES.join(","),
              className:
                "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-700 dark:file:text-slate-100",
            }}
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving}>
          {saving ? t("form.saving") : submitLabel}
        </Button>
        <Link to={organizationPaths.list} className={buttonClass("secondary")}>
          {t("form.cancel")}
        </Link>
      </div>
    </Form>
  );
}
