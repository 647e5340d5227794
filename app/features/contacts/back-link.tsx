import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** Above a contact or list page's title: back to the list view the user came from. */
export function BackToContacts({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation("contacts");
  return (
    <Link to={returnTo} className="text-primary-dark underline underline-offset-2 dark:text-primary">
      <span aria-hidden="true">←</span> {t("back")}
    </Link>
  );
}
