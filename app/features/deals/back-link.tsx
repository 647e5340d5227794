import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/** Above a deal or pipeline page's title: back to the board or list view the user came from (or to the pipeline's editor). */
export function BackToDeals({ returnTo, toPipeline = false }: { returnTo: string; toPipeline?: boolean }) {
  const { t } = useTranslation("deals");
  return (
    <Link to={returnTo} className="text-primary-dark underline underline-offset-2 dark:text-primary">
      <span aria-hidden="true">←</span> {toPipeline ? t("pipelineEditor.back") : t("back")}
    </Link>
  );
}
