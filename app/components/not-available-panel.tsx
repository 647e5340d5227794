import { useTranslation } from "~/i18n/react";
import type { NavTab } from "~/lib/navigation/routes";
import { EmptyState } from "./ui/empty-state";
import { Tabs } from "./ui/tabs";

/**
 * The honest placeholder for a screen whose issue has not landed yet: the
 * screen's tabs (links, so the sections it will have are visible already) and
 * an empty state that says so.
 */
export function NotAvailablePanel({ tabs, activeTab, basePath }: { tabs?: NavTab[]; activeTab?: string; basePath?: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {tabs && basePath ? (
        <Tabs
          label={t("notAvailable.tabsLabel")}
          active={activeTab ?? ""}
          tabs={tabs.map((tab) => ({ value: tab.value, label: t(tab.labelKey), to: `${basePath}?tab=${tab.value}` }))}
        />
      ) : null}
      <EmptyState data-testid="not-available" title={t("notAvailable.title")}>
        {t("notAvailable.message")}
      </EmptyState>
    </div>
  );
}
