import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";

/**
 * When the list cannot be loaded: 'Failed to fetch recordings.'
 * (docs/product/errors.md#recordings-and-analysis) inside the dashboard, with a link that tries the same view
 * again. The list route's error boundary shows it for every failure but
 * refusals and unknown pages, which keep the dashboard's usual messages.
 */
export function RecordingsListFailure() {
  const { t } = useTranslation("recordings");
  const location = useLocation();
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
