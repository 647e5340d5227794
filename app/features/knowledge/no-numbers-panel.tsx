import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";

/** A knowledge base belongs to a number, so without numbers there is nothing to create yet. */
export function NoNumbersPanel() {
  const { t } = useTranslation("knowledge");
  return (
    <EmptyState
      data-testid="no-numbers"
      title={t("list.noNumbersTitle")}
      action={
        <Link to="/numbers-managment" className={buttonClass("primary")}>
          {t("list.noNumbersLink")}
        </Link>
      }
    >
      {t("list.noNumbersText")}
    </EmptyState>
  );
}
