import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/tabs";
import { apiAccessTabHref } from "./links";
import { API_ACCESS_TABS, type ApiAccessTab } from "./schemas";

/** The sections of /api-access as link tabs: each a URL of its own (?tab=…). */
export function ApiAccessTabs({ active }: { active: ApiAccessTab }) {
  const { t } = useTranslation("api");
  return <Tabs label={t("tabs.label")} active={active} tabs={API_ACCESS_TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`), to: apiAccessTabHref(tab) }))} />;
}
