import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { AUDIT_LOG_AREA, requireReadAccess } from "~/features/access/gate.server";
import { parseAuditParams } from "~/features/audit/audit-params";
import { auditViewPage } from "~/features/audit/audit.server";
import { AuditLogView, type AuditViewData } from "~/features/audit/audit-log-view";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["audit"] };

/**
 * /settings/audit-log?action=&from=&to=&page=: the account's audit log
 * (docs/product/audit-log.md), for its owners: every administrative and
 * security action, newest first, with its filters in the URL and a CSV of
 * exactly the view. Admins, though they have every settings action, do not
 * read it: it is an area of its own (AUDIT_LOG_AREA).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, AUDIT_LOG_AREA);
  // A tenant's own log: the super admin's tenant filter (/usersManagement/audit-log) means nothing here.
  const requested = { ...parseAuditParams(new URL(request.url).searchParams), tenant: null };
  const scope = { tenantId: gate.tenant.id, timeZone: gate.tenant.timeZone };
  const t = await getTranslator(request, "audit");
  return { title: t("title"), view: (await auditViewPage(scope, requested, t)) satisfies AuditViewData };
}

export const meta = titleFromLoader;

export default function AuditLogPage() {
  const { t } = useTranslation("audit");
  const { view } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader
        back={
          <Link to="/settings" className="underline">
            {t("back")}
          </Link>
        }
        title={t("title")}
        description={t("intro")}
      />
      <AuditLogView data={view} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
