import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { CALL_CENTER_NAV_TABS, type CallCenterTab } from "./tabs";

/** The /call-management tabs as links: each tab is a URL of its own, so they work without JavaScript and can be bookmarked. */
export function CallCenterTabBar({ active }: { active: CallCenterTab }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("calls:tabsLabel")} className="border-b border-slate-200 pb-2 dark:border-slate-800">
      <ul className="flex flex-wrap gap-2">
        {CALL_CENTER_NAV_TABS.map((tab) => (
          <li key={tab.value}>
            <Link
              to={`/call-management?tab=${tab.value}`}
              aria-current={tab.value === active ? "page" : undefined}
              className={cn(
                "inline-block rounded-md px-3 py-1.5 text-sm",
                tab.value === active ? "bg-primary-button text-primary-button-text" : "hover:bg-slate-100 dark:hover:bg-slate-800",
              )}
            >
              {t(tab.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
