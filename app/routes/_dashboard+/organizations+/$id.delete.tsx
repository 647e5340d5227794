import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireReadAccess } from "~/features/access/gate.server";
import { requireAccountOrganizationAction } from "~/features/organizations/organization-access.server";
import { DeleteOrganizationForm } from "~/features/organizations/delete-organization";
import { deleteOrganization, organizationContents } from "~/features/organizations/organizations.server";
import { organizationPaths } from "~/features/organizations/paths";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["organizations"] };

/** /organizations/<id>/delete: GET names what goes with it (teams, memberships, the logo), POST deletes. The list opens the same form in a dialog. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const contents = await organizationContents(gate.tenant.id, params.id ?? "");
  if (!contents) notFound();
  await requireAccountOrganizationAction(request, gate, "delete");
  const t = await getTranslator(request, "organizations");
  return {
    title: t("delete.title"),
    organization: { id: contents.organization.id, name: contents.organization.name, teams: contents.teams, members: contents.members },
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const contents = await organizationContents(gate.tenant.id, params.id ?? "");
  if (!contents) notFound();
  await requireAccountOrganizationAction(request, gate, "delete");
  const deleted = await deleteOrganization(gate.tenant.id, params.id ?? "");
  if (!deleted) notFound();
  return redirectWithToast(organizationPaths.list, { type: "success", key: "organizations:toast.deleted", values: { name: deleted.name } });
}

export default function DeleteOrganizationPage() {
  const { t } = useTranslation("organizations");
  const { organization } = useLoaderData<typeof loader>();
  const deleting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={t("delete.title")}
        back={
          <Link to={organizationPaths.list} className="text-primary-dark underline dark:text-primary">
            {t("backToList")}
          </Link>
        }
      />
      <Panel>
        <DeleteOrganizationForm organization={organization} submitting={deleting} />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
