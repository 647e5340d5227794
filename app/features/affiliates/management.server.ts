import { getDb, now, type DB } from "~/db/db.server";
import type { AffiliateStatus, PayoutState } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { formatDateTime } from "~/i18n/format";
import type { TFunction } from "~/i18n/translator";
import { csvDialectFor, csvLine, UTF8_BOM } from "~/lib/csv/csv-writer";
import { isValidRateBps } from "./commission";
import { affiliateFigures } from "./programme.server";

/**
 * The super admin's side of the programme (/affiliate-management): applicants,
 * affiliates and their rates, the payout queue and its CSV batch. Payout
 * moves themselves live in payouts.server.ts.
 */

export const MANAGEMENT_PAGE_SIZE = 100;

function affiliatesWithUsers(db: DB) {
  return db
    .selectFrom("affiliates")
    .innerJoin("users", "users.id", "affiliates.user_id")
    .innerJoin("tenants", "tenants.id", "affiliates.tenant_id")
    .select([
      "affiliates.id",
      "affiliates.status",
      "affiliates.rate_bps",
      "affiliates.referral_code",
      "affiliates.created_at",
      "affiliates.decided_at",
      "users.name",
      "users.email",
      "tenants.name as tenantName",
    ]);
}

export function listAffiliatesByStatus(statuses: AffiliateStatus[], db: DB = getDb()) {
  return affiliatesWithUsers(db).where("affiliates.status", "in", statuses).orderBy("affiliates.created_at", "desc").limit(MANAGEMENT_PAGE_SIZE).execute();
}

export async function listApprovedAffiliatesWithFigures(db: DB = getDb(), at: string = now()) {
  const rows = await listAffiliatesByStatus(["approved"], db);
  return Promise.all(rows.map(async (row) => ({ ...row, figures: await affiliateFigures(row.id, at, db) })));
}

export type DecisionOutcome = "decided" | "not-found" | "already-decided";

/** Approves or rejects an application (only an applied one: a decision is not taken twice); audited. */
export async function decideApplication(
  actor: { userId: string },
  affiliateId: string,
  decision: "approved" | "rejected",
  db: DB = getDb(),
  at: string = now(),
) {
  return db.transaction().execute(async (trx): Promise<DecisionOutcome> => {
    const affiliate = await affiliatesWithUsers(trx).select("affiliates.tenant_id").where("affiliates.id", "=", affiliateId).executeTakeFirst();
    if (!affiliate) return "not-found";
    const changed = await trx
      .updateTable("affiliates")
      .set({ status: decision, decided_at: at })
      .where("id", "=", affiliateId)
      .where("status", "=", "applied")
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return "already-decided";
    await recordAudit(
      trx,
      {
        tenantId: affiliate.tenant_id,
        actorUserId: actor.userId,
        action: decision === "approved" ? "affiliate.approved" : "affiliate.rejected",
        target: { kind: "affiliate", id: affiliateId, label: `${affiliate.name} <${affiliate.email}>` },
      },
      at,
    );
    return "decided";
  });
}

/** Sets an affiliate's own rate (null: the programme's); applies to invoices paid from now on, never to booked lines. */
export async function setAffiliateRate(actor: { userId: string }, affiliateId: string, rateBps: number | null, db: DB = getDb(), at: string = now()) {
  if (rateBps !== null && !isValidRateBps(rateBps)) throw new Error(`invalid rate ${rateBps}`);
  return db.transaction().execute(async (trx) => {
    const affiliate = await affiliatesWithUsers(trx).select("affiliates.tenant_id").where("affiliates.id", "=", affiliateId).executeTakeFirst();
    if (!affiliate) return false;
    await trx.updateTable("affiliates").set({ rate_bps: rateBps }).where("id", "=", affiliateId).execute();
    await recordAudit(
      trx,
      {
        tenantId: affiliate.tenant_id,
        actorUserId: actor.userId,
        action: "affiliate.rate-changed",
        target: { kind: "affiliate", id: affiliateId, label: `${affiliate.name} <${affiliate.email}>` },
        details: { from: affiliate.rate_bps, to: rateBps },
      },
      at,
    );
    return true;
  });
}

function payoutsQuery(db: DB) {
  return db
    .selectFrom("affiliate_payouts")
    .innerJoin("affiliates", "affiliates.id", "affiliate_payouts.affiliate_id")
    .innerJoin("users", "users.id", "affiliates.user_id")
    .innerJoin("tenants", "tenants.id", "affiliates.tenant_id")
    .select([
      "affiliate_payouts.id",
      "affiliate_payouts.amount_cents",
      "affiliate_payouts.currency",
      "affiliate_payouts.method",
      "affiliate_payouts.state",
      "affiliate_payouts.reason",
      "affiliate_payouts.requested_at",
      "affiliate_payouts.approved_at",
      "affiliate_payouts.paid_at",
      "affiliate_payouts.rejected_at",
      "users.name",
      "users.email",
      "tenants.name as tenantName",
    ]);
}

export function listPayouts(states: readonly PayoutState[], db: DB = getDb()) {
  return payoutsQuery(db)
    .where("affiliate_payouts.state", "in", [...states])
    .orderBy("affiliate_payouts.requested_at", "desc")
    .orderBy("affiliate_payouts.id", "desc")
    .limit(MANAGEMENT_PAGE_SIZE)
    .execute();
}

/**
 * A payout batch as CSV: the payouts in `state` (by default the approved
 * ones waiting to be paid, the batch the finance team pays by bank transfer),
 * in the user's language. A batch is small (one row per affiliate), so it
 * is read at once and streamed out in one piece.
 */
export function payoutBatchCsv(state: PayoutState, { language, t, timeZone }: { language: string; t: TFunction; timeZone: string }, db: DB = getDb()) {
  const dialect = csvDialectFor(language);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const rows = await payoutsQuery(db).where("affiliate_payouts.state", "=", state).orderBy("affiliate_payouts.requested_at").execute();
      const header = [
        t("csv.payoutId"),
        t("columns.affiliate"),
        t("columns.email"),
        t("columns.tenant"),
        t("csv.amount"),
        t("csv.currency"),
        t("columns.method"),
        t("columns.state"),
        t("columns.requestedAt"),
        t("csv.requestedAtIso"),
      ];
      let text = (dialect.bom ? UTF8_BOM : "") + csvLine(header, dialect);
      for (const row of rows) {
        text += csvLine(
          [
            row.id,
            row.name,
            row.email,
            row.tenantName,
            (Number(row.amount_cents) / 100).toFixed(2).replace(".", dialect.separator === ";" ? "," : "."),
            row.currency,
            t(`methods.${row.method}`),
            t(`states.${row.state}`),
            formatDateTime(row.requested_at, language, timeZone),
            row.requested_at,
          ],
          dialect,
        );
      }
      controller.enqueue(encoder.encode(text));
      controller.close();
    },
  });
}
