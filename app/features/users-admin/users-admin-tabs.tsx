import { Tabs } from "~/components/ui/tabs";
import { useTranslation } from "~/i18n/react";
import { PLATFORM_AUDIT_PATH, USERS_MANAGEMENT_PATH } from "./list-params";

/** The super admin's users screens: every user, and the audit log of every tenant. */
export function UsersAdminTabs({ active }: { active: "users" | "audit" }) {
  const { t } = useTranslation("users-management");
  return (
    <Tabs
      label={t("tabs.label")}
      active={active}
      tabs={[
        { value: "users", label: t("tabs.users"), to: USERS_MANAGEMENT_PATH },
        { value: "audit", label: t("tabs.audit"), to: PLATFORM_AUDIT_PATH },
      ]}
    />
  );
}
