import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { accessForOrganizations } from "~/features/organizations/organization-access.server";
import { parseOrganizationListParams } from "~/features/organizations/list-params";
import { listOrganizations } from "~/features/organizations/organizations.server";
import { OrganizationsList } from "~/features/organizations/organizations-list";
import { organizationPaths } from "~/features/organizations/paths";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["organizations"] };

/** /organizations?page=&limit=&search=&sortBy=&sortOrder=: the tenant's organizations (docs/product/navigation.md#organizations-list). */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "organizations");
  const params = parseOrganizationListParams(new URL(request.url).searchParams);
  const [t, list] = await Promise.all([getTranslator(request, "organizations"), listOrganizations(gate.tenant.id, params)]);
  // Each row by the user's role in that organization: the selected one's role reaches no other.
  const access = await accessForOrganizations(
    gate,
    list.items.map((item) => item.id),
  );
  return {
    title: t("title"),
    params,
    rows: list.items.map((item) => ({
      id: item.id,
      name: item.name,
      website: item.website,
      logoUrl: organizationPaths.logo(item.id, item.logo_file),
      teamCount: item.team_count,
      memberCount: item.member_count,
      createdAt: item.created_at,
      canUpdate: can(access[item.id] ?? {}, "organizations", "update"),
      canDelete: can(gate.user.accountPermissions, "organizations", "delete"),
    })),
    total: list.total,
    pageCount: list.pageCount,
    timeZone: gate.tenant.timeZone,
    canCreate: can(gate.user.accountPermissions, "organizations", "create"),
  };
}

export const meta = titleFromLoader;

export default function OrganizationsPage() {
  const { t } = useTranslation("organizations");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={data.title}
        description={t("intro")}
        actions={
          data.canCreate ? (
            <Link to={organizationPaths.create} className={buttonClass("primary")} data-tour="organizations-new">
              {t("list.new")}
            </Link>
          ) : null
        }
      />
      <div data-tour="organizations-list">
        <Panel>
          <OrganizationsList params={data.params} rows={data.rows} total={data.total} pageCount={data.pageCount} timeZone={data.timeZone} />
        </Panel>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
