import { useTranslation } from "~/i18n/react";
import { Tabs } from "~/components/ui/tabs";
import { API_ACCESS_TABS, apiAccessTabHref, type ApiAccessTab } from "./links";

/** The sections of /api-access as link tabs: each a URL of its own (?tab=…). */
export function ApiAccessTabs({ active }: { active: ApiAccessTab }) {
  const { t } = useTranslation("api");
  return (
    <Tabs label={t("tabs.label")} active={active} tabs={API_ACCESS_TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`), to: apiAccessTabHref(tab) }))} />
  );
}
