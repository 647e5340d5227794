import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";

/**
 * When the list cannot be loaded: spec section 8's 'Failed to fetch
 * recordings.' inside the dashboard, with a link that tries the same view
 * again. Refusals and unknown pages keep the dashboard's usual messages.
 */
export function RecordingsListErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("recordings");
  const location = useLocation();
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404)) return <RouteErrorBoundary />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Panel title={t("error.title")}>
      <div role="alert" className="space-y-4">
        <p className="text-slate-600 dark:text-slate-300" data-testid="recordings-error">
          {t("error.message")}
        </p>
        {/* A document reload, not a client navigation: whatever broke in this page's scripts starts afresh too. */}
        <a href={location.pathname + location.search} className={buttonClass("secondary")}>
          {t("error.retry")}
        </a>
      </div>
    </Panel>
  );
}
