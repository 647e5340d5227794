import { useTranslation } from "~/i18n/react";
import { ConfirmForm, type ConfirmFetcher } from "~/components/ui/confirm-action";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { CampaignDetail } from "../campaigns.server";

export const deleteHref = (id: string) => `/campaigns/${encodeURIComponent(id)}/delete`;

/** The delete confirmation: its own page without JavaScript, the same form in a dialog (from the campaign page or a row of the list) with it. */
export function DeleteCampaignForm({
  campaign,
  fetcher,
  onCancel,
}: {
  campaign: Pick<CampaignDetail, "id" | "name">;
  fetcher?: Pick<ConfirmFetcher, "Form" | "state">;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("campaigns");
  const submitting = useIsPending({ formAction: deleteHref(campaign.id) });
  return (
    <ConfirmForm
      action={deleteHref(campaign.id)}
      confirmLabel={t("delete.submit")}
      cancelHref={`/campaigns/${encodeURIComponent(campaign.id)}`}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={fetcher ? undefined : submitting}
    >
      <p>{t("delete.question", { name: campaign.name })}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("delete.warning")}</p>
    </ConfirmForm>
  );
}

/** The dialog's body: a refusal (the campaign started meanwhile) comes back as data and stays in the dialog; success redirects away. */
export function DeleteCampaignDialogContent({
  campaign,
  fetcher,
  close,
}: {
  campaign: Pick<CampaignDetail, "id" | "name">;
  fetcher: ConfirmFetcher;
  close: () => void;
}) {
  const { t } = useTranslation("campaigns");
  const refusal = (fetcher.data as { refusal?: string } | undefined)?.refusal;
  return (
    <>
      {refusal ? (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
          {t(`refusals.${refusal}`)}
        </p>
      ) : null}
      <DeleteCampaignForm campaign={campaign} fetcher={fetcher} onCancel={close} />
    </>
  );
}
