import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { AuditLogView, type AuditViewData } from "~/features/audit/audit-log-view";
import { parseAuditParams } from "~/features/audit/audit-params";
import { auditViewPage } from "~/features/audit/audit.server";
import { PLATFORM_AUDIT_PATH } from "~/features/users-admin/list-params";
import { listTenantChoices } from "~/features/users-admin/list-query.server";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { UsersAdminTabs } from "~/features/users-admin/users-admin-tabs";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["audit", "users-management"] };

/**
 * /usersManagement/audit-log?tenant=&action=&from=&to=&page=: the audit log
 * of every tenant, for the platform's super admin, with the tenant of each
 * entry and a tenant filter (docs/product/audit-log.md). A tenant's owners
 * keep their own log at /settings/audit-log, which never shows another's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "usersManagement");
  const requested = parseAuditParams(new URL(request.url).searchParams);
  const scope = { tenantId: null, timeZone: gate.tenant.timeZone };
  const [t, usersT, tenants] = await Promise.all([getTranslator(request, "audit"), getTranslator(request, "users-management"), listTenantChoices()]);
  return {
    title: usersT("auditTitle"),
    view: { ...(await auditViewPage(scope, requested, t)), path: PLATFORM_AUDIT_PATH, tenants } satisfies AuditViewData,
  };
}

export const meta = titleFromLoader;

export default function PlatformAuditLogPage() {
  const { t } = useTranslation("users-management");
  const { view } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title={t("title")} description={t("auditIntro")} />
      <UsersAdminTabs active="audit" />
      <AuditLogView data={view} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
