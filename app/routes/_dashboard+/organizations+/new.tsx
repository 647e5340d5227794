import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { getEnv } from "~/config/env.server";
import { requireActionAccess } from "~/features/access/gate.server";
import { requireAccountOrganizationAction } from "~/features/organizations/organization-access.server";
import { OrganizationForm } from "~/features/organizations/organization-form";
import { saveOrganizationForm } from "~/features/organizations/organization-form.server";
import { organizationPaths } from "~/features/organizations/paths";
import { OrganizationSchema } from "~/features/organizations/schemas";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["organizations"] };

/** /organizations/new: a new organization with its business name, website and logo. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "organizations");
  await requireAccountOrganizationAction(request, gate, "create");
  const t = await getTranslator(request, "organizations");
  return { title: t("create.title"), constraint: getZodConstraint(OrganizationSchema), maxLogoBytes: getEnv().MAX_AVATAR_BYTES };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "organizations");
  await requireAccountOrganizationAction(request, gate, "create");
  const outcome = await saveOrganizationForm(request, { tenantId: gate.tenant.id, userId: gate.user.id, roleKey: gate.user.roleKey });
  if (!("saved" in outcome)) return outcome;
  return redirectWithToast(organizationPaths.page(outcome.organizationId), {
    type: "success",
    key: "organizations:toast.created",
    values: { name: outcome.name },
  });
}

export default function NewOrganizationPage() {
  const { t } = useTranslation("organizations");
  const { constraint, maxLogoBytes } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={t("create.title")}
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
          logoUrl={null}
          maxLogoBytes={maxLogoBytes}
          submitLabel={t("create.submit")}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
