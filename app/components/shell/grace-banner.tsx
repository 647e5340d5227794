import { formatDate } from "~/i18n/format";
import { ListLink } from "~/components/ui/list-link";
import { useTranslation } from "~/i18n/react";

export interface GraceNotice {
  plan: string;
  endsAt: string;
  timeZone: string;
  /** The reader may fix it (billing's payment methods); else they are told who can. */
  canPay: boolean;
}

/** On every dashboard page while a failed renewal's grace period runs: until when, and where to pay. */
export function GraceBanner({ notice }: { notice: GraceNotice | null }) {
  const { t, i18n } = useTranslation();
  if (!notice) return null;
  return (
    <div
      role="alert"
      data-testid="grace-banner"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100 sm:px-6"
    >
      {t("graceBanner.message", { plan: notice.plan, date: formatDate(notice.endsAt, i18n.language, notice.timeZone) })}{" "}
      {notice.canPay ? (
        <ListLink to="/choose-plan" className="font-medium underline">
          {t("graceBanner.pay")}
        </ListLink>
      ) : (
        t("graceBanner.askOwner")
      )}
    </div>
  );
}
