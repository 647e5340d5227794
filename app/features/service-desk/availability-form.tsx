import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";

/**
 * A member's own switch for the round robin (docs/product/service-desk.md#assignment):
 * one button that says what it will do, posting to the list's action and
 * coming back to the same view.
 */
export function AvailabilityForm({ available, availableCount, returnTo }: { available: boolean; availableCount: number; returnTo: string }) {
  const { t } = useTranslation("service-desk");
  const pending = useIsPending({ intent: "availability" });
  return (
    // No action: the form posts to the list's own URL (Remix adds ?index), so the view comes back as it was.
    <Form
      method="post"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="availability"
    >
      <p>
        <span className="font-medium">{available ? t("availability.on") : t("availability.off")}</span>{" "}
        <span className="text-slate-600 dark:text-slate-300">{t("availability.count", { count: availableCount })}</span>
      </p>
      <input type="hidden" name="intent" value="availability" />
      <input type="hidden" name="available" value={available ? "0" : "1"} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" variant="secondary" size="sm" loading={pending}>
        {available ? t("availability.goUnavailable") : t("availability.goAvailable")}
      </Button>
    </Form>
  );
}
