import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { getEnv } from "~/config/env.server";
import { requireReadAccess } from "~/features/access/gate.server";
import { requireOrganizationAction } from "~/features/organizations/organization-access.server";
import { OrganizationForm } from "~/features/organizations/organization-form";
import { saveOrganizationForm } from "~/features/organizations/organization-form.server";
import { getOrganization } from "~/features/organizations/organizations.server";
import { organizationPaths } from "~/features/organizations/paths";
import { OrganizationSchema } from "~/features/organizations/schemas";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["organizations"] };

/** /organizations/<id>/edit: the organization's name, website and logo (a new logo replaces the old one). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const organization = await getOrganization(gate.tenant.id, params.id ?? "");
  if (!organization) notFound();
  await requireOrganizationAction(request, gate, organization.id, "update");
  const t = await getTranslator(request, "organizations");
  return {
    title: t("edit.title", { name: organization.name }),
    organization: {
      id: organization.id,
      name: organization.name,
      website: organization.website,
      logoUrl: organizationPaths.logo(organization.id, organization.logo_file),
    },
    constraint: getZodConstraint(OrganizationSchema),
    maxLogoBytes: getEnv().MAX_AVATAR_BYTES,
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  if (!(await getOrganization(gate.tenant.id, params.id ?? ""))) notFound();
  await requireOrganizationAction(request, gate, params.id ?? "", "update");
  const outcome = await saveOrganizationForm(request, { tenantId: gate.tenant.id, userId: gate.user.id, organizationId: params.id });
  if (!("saved" in outcome)) return outcome;
  return redirectWithToast(organizationPaths.list, { type: "success", key: "organizations:toast.updated", values: { name: outcome.name } });
}

export default function EditOrganizationPage() {
  const { t } = useTranslation("organizations");
  const { title, organization, constraint, maxLogoBytes } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={title}
        back={
          <Link to={organizationPaths.list} className="text-primary-dark underline dark:text-primary">
            {t("backToList")}
          </Link>
        }
      />
      <Panel>
        <OrganizationForm
          lastResult={reply && "result" in reply ? reply.result : undefined}
          constraint={constraint}
          defaults={{ name: organization.name, website: organization.website }}
          logoUrl={organization.logoUrl}
          maxLogoBytes={maxLogoBytes}
          submitLabel={t("edit.submit")}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
