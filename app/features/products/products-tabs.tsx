import { Tabs } from "~/components/ui/tabs";
import { useTranslation } from "~/i18n/react";

/** /products and /products/tax-rates: what billing sells and the VAT it charges, the super admin's two billing screens. */
export function ProductsTabs({ active }: { active: "plans" | "tax-rates" }) {
  const { t } = useTranslation("platform");
  return (
    <Tabs
      label={t("productsTabs.label")}
      active={active}
      tabs={[
        { value: "plans", label: t("productsTabs.plans"), to: "/products" },
        { value: "tax-rates", label: t("productsTabs.taxRates"), to: "/products/tax-rates" },
      ]}
    />
  );
}
