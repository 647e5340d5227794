import { getDb, type DB } from "~/db/db.server";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import type { CampaignActivityKind } from "~/db/schema";
import { ACTIVITY_PAGE_SIZE } from "./list/list-params";
import { DISPATCHING } from "./activity-reasons";

export { DISPATCHING, INTERRUPTED } from "./activity-reasons";

/** The campaign page's activity log, newest first, a page at a time. */
export interface ActivityEntry {
  id: string;
  kind: CampaignActivityKind;
  reason: string | null;
  detail: string | null;
  phone: string | null;
  /** As people read it (formatted here: the page does not load the phone library). */
  phoneDisplay: string | null;
  contactName: string | null;
  platformCallId: string | null;
  createdAt: string;
  /** A contact taken by a run whose call had no answer yet when the page was loaded (see campaign-runs.server.ts). */
  inFlight: boolean;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  total: number;
  page: number;
  pageCount: number;
}

export async function loadActivityPage(tenantId: string, campaignId: string, requestedPage: number, db: DB = getDb()): Promise<ActivityPage> {
  const base = db.selectFrom("campaign_activity").where("campaign_activity.tenant_id", "=", tenantId).where("campaign_activity.campaign_id", "=", campaignId);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  const rows = await base
    .leftJoin("contacts", (join) =>
      join.onRef("contacts.id", "=", "campaign_activity.contact_id").onRef("contacts.tenant_id", "=", "campaign_activity.tenant_id"),
    )
    .select([
      "campaign_activity.id",
      "campaign_activity.kind",
      "campaign_activity.reason",
      "campaign_activity.detail",
      "campaign_activity.phone",
      "campaign_activity.platform_call_id",
      "campaign_activity.created_at",
      "contacts.first_name",
      "contacts.last_name",
    ])
    .orderBy("campaign_activity.created_at", "desc")
    .orderBy("campaign_activity.id", "desc")
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE)
    .execute();
  return {
    total,
    page,
    pageCount,
    entries: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      reason: row.reason,
      detail: row.detail,
      phone: row.phone,
      phoneDisplay: row.phone ? formatPhoneForDisplay(row.phone) : null,
      contactName: row.first_name === null ? null : [row.first_name, row.last_name].filter(Boolean).join(" "),
      platformCallId: row.platform_call_id,
      createdAt: row.created_at,
      inFlight: row.kind === "failed" && row.reason === DISPATCHING,
    })),
  };
}
