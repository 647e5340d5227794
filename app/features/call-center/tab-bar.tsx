import { useTranslation } from "~/i18n/react";
import { Tabs } from "~/components/ui/tabs";
import { CALL_CENTER_NAV_TABS, type CallCenterTab } from "./tabs";

/** The call management tabs: each a URL of its own; Recordings is the /recordings screen, which shows the same bar. */
export function CallCenterTabBar({ active }: { active: CallCenterTab }) {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t("calls:tabsLabel")}
      active={active}
      tabs={CALL_CENTER_NAV_TABS.map((tab) => ({ value: tab.value, label: t(tab.labelKey), to: tab.href ?? `/call-management?tab=${tab.value}` }))}
    />
  );
}
