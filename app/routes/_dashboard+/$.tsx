import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { NotAvailablePanel } from "~/components/not-available-panel";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { firstSegment } from "~/features/roles/permissions";
import { isDashboardSegment, SERVICE_DESK_TABS, type NavTab } from "~/lib/navigation/routes";
import { pageTitle } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

const TABS: Partial<Record<string, NavTab[]>> = {
  "service-desk": SERVICE_DESK_TABS,
};

/**
 * Every dashboard screen (docs/product/navigation.md#screens) whose issue has not landed: behind the
 * full gate, with an honest "not available yet" panel. A screen's real route
 * file takes precedence over this splat as soon as it exists.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const path = params["*"] ?? "";
  const segment = firstSegment(`/${path}`);
  // Only the screen itself exists; deeper paths under a placeholder are unknown.
  if (!isDashboardSegment(segment) || path.split("/").filter(Boolean).length > 1) notFound();
  await requireReadAccess(request, segment);
  const tabs = TABS[segment];
  const requestedTab = new URL(request.url).searchParams.get("tab");
  const activeTab = tabs?.some((tab) => tab.value === requestedTab) ? requestedTab : tabs?.[0]?.value;
  return { segment, tabs: tabs ?? null, activeTab: activeTab ?? null };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data?.segment);

export default function NotYetAvailableScreen() {
  const { t } = useTranslation();
  const { segment, tabs, activeTab } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title={t(`screens.${segment}`)} />
      <NotAvailablePanel tabs={tabs ?? undefined} activeTab={activeTab ?? undefined} basePath={`/${segment}`} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
