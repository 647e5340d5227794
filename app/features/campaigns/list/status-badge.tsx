import { useTranslation } from "~/i18n/react";
import { StatusBadge, type BadgeTone } from "~/components/ui/badge";
import type { CampaignStatus } from "~/db/schema";

/** The campaign state machine's colours, declared once for the list, the campaign page and anything else showing a status. */
export const CAMPAIGN_STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  draft: "neutral",
  scheduled: "info",
  running: "success",
  paused: "warning",
  completed: "accent",
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation("campaigns");
  return <StatusBadge status={status} tones={CAMPAIGN_STATUS_TONES} label={t(`status.${status}`)} data-testid="campaign-status" />;
}
