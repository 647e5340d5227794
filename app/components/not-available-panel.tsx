import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { NavTab } from "~/lib/navigation/routes";
import { cn } from "./ui/cn";
import { Panel } from "./ui/panel";

/** The honest placeholder for a screen whose issue has not landed yet. */
export function NotAvailablePanel({ tabs, activeTab, basePath }: { tabs?: NavTab[]; activeTab?: string; basePath?: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {tabs && basePath ? (
        <nav aria-label={t("notAvailable.tabsLabel")} className="flex flex-wrap gap-2 border-b border-slate-200 pb-2 dark:border-slate-800">
          {tabs.map((tab) => (
            <Link
              key={tab.value}
              to={`${basePath}?tab=${tab.value}`}
              aria-current={tab.value === activeTab ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm",
                tab.value === activeTab ? "bg-primary-button text-primary-button-text" : "hover:bg-slate-100 dark:hover:bg-slate-800",
              )}
            >
              {t(tab.labelKey)}
            </Link>
          ))}
        </nav>
      ) : null}
      <Panel title={t("notAvailable.title")}>
        <p className="text-slate-600 dark:text-slate-300" data-testid="not-available">
          {t("notAvailable.message")}
        </p>
      </Panel>
    </div>
  );
}
