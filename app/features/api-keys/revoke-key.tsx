import { useTranslation } from "~/i18n/react";
import { ConfirmForm, type ConfirmFetcher } from "~/components/ui/confirm-action";
import { useIsPending } from "~/components/ui/use-is-pending";
import { API_KEYS_PATH } from "./links";

interface RevokeTarget {
  id: string;
  name: string;
  prefix: string;
}

/** The confirmation of a revocation: on its own page without JavaScript, in the row menu's dialog with it. */
export function RevokeKeyForm({ target, fetcher, onCancel }: { target: RevokeTarget; fetcher?: ConfirmFetcher; onCancel?: () => void }) {
  const { t } = useTranslation("api");
  const submitting = useIsPending({ intent: "revoke", formAction: API_KEYS_PATH });
  return (
    <ConfirmForm
      action={API_KEYS_PATH}
      hidden={{ intent: "revoke", keyId: target.id }}
      confirmLabel={t("revoke.confirm")}
      cancelHref={API_KEYS_PATH}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={fetcher ? undefined : submitting}
    >
      <p className="text-sm">{t("revoke.message", { prefix: `${target.prefix}…` })}</p>
    </ConfirmForm>
  );
}

/** The confirmation step without JavaScript: /api-access?tab=keys&revoke=<id> shows it above the list. */
export function RevokeConfirmation({ target }: { target: RevokeTarget }) {
  const { t } = useTranslation("api");
  return (
    <section
      aria-labelledby="revoke-api-key-title"
      className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950"
      data-testid="revoke-confirmation"
    >
      <h2 id="revoke-api-key-title" className="break-words text-lg font-semibold">
        {t("revoke.title", { name: target.name })}
      </h2>
      <RevokeKeyForm target={target} />
    </section>
  );
}
