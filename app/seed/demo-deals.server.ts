import { newId, type DB } from "~/db/db.server";
import { dealCurrency } from "~/features/deals/deals.server";
import { ensurePipelines, listPipelines, listStages } from "~/features/deals/pipelines.server";

/**
 * A few deals across the demo tenant's default pipeline, each with one of the
 * demo contacts (found by number) and most with an owner, so the board, the
 * list and their totals have something to show. Inserted directly, as the
 * other demo data is (known to be valid, and no integration is listening yet);
 * dates follow the day it is seeded.
 */
interface DemoDeal {
  title: string;
  phone: string;
  stage: string;
  value: number;
  owner: "owner" | "agent" | null;
  /** Days from today the deal is expected to close; null: not said. */
  closesIn: number | null;
  lostReason?: string;
}

const DEALS: DemoDeal[] = [
  { title: "Front desk line for Maple Leaf Dental", phone: "+14165550123", stage: "new", value: 480_000, owner: "owner", closesIn: 30 },
  { title: "Appointment reminders for Harbour Physio", phone: "+19025550131", stage: "new", value: 240_000, owner: null, closesIn: null },
  { title: "Fleet booking assistant", phone: "+14035550199", stage: "qualified", value: 1_250_000, owner: "agent", closesIn: 45 },
  { title: "After-hours answering for Brooklyn Family Dental", phone: "+12125550187", stage: "proposal", value: 960_000, owner: "owner", closesIn: 14 },
  { title: "Solar lead qualification", phone: "+13035550119", stage: "negotiation", value: 2_400_000, owner: "owner", closesIn: 7 },
  { title: "Maintenance hotline for Hudson Property Group", phone: "+12125550136", stage: "negotiation", value: 1_800_000, owner: "agent", closesIn: 21 },
  { title: "Reservation line for Harbourfront Café", phone: "+16135550158", stage: "won", value: 360_000, owner: "owner", closesIn: -10 },
  {
    title: "Claims intake for Biscayne Insurance",
    phone: "+13055550147",
    stage: "lost",
    value: 3_000_000,
    owner: "owner",
    closesIn: -20,
    lostReason: "Chose to staff an in-house call centre.",
  },
];

const DAY = 86_400_000;

export async function seedDemoDeals(db: DB, tenantId: string, users: { ownerId: string; agentId: string }) {
  await ensurePipelines(tenantId, db);
  const [pipeline] = await listPipelines(tenantId, db);
  const stages = new Map((await listStages(tenantId, pipeline!.id, db)).map((stage) => [stage.system_key, stage]));
  const currency = await dealCurrency(tenantId, db);
  const contacts = new Map(
    (await db.selectFrom("contacts").select(["id", "phone"]).where("tenant_id", "=", tenantId).execute()).map((contact) => [contact.phone, contact.id]),
  );
  const now = Date.now();
  const rows = DEALS.map((deal, index) => {
    const stage = stages.get(deal.stage)!;
    // Older deals first, an hour apart, so the board's order (newest arrival on top) is stable.
    const createdAt = new Date(now - (DEALS.length - index) * 3_600_000 - 5 * DAY).toISOString();
    const enteredAt = new Date(now - (DEALS.length - index) * 3_600_000).toISOString();
    const closes = deal.closesIn === null ? null : new Date(now + deal.closesIn * DAY).toISOString().slice(0, 10);
    return {
      id: newId(),
      tenant_id: tenantId,
      pipeline_id: pipeline!.id,
      stage_id: stage.id,
      title: deal.title,
      value_minor: deal.value,
      currency,
      contact_id: contacts.get(deal.phone) ?? null,
      owner_user_id: deal.owner === "owner" ? users.ownerId : deal.owner === "agent" ? users.agentId : null,
      expected_close_on: closes,
      lost_reason: deal.lostReason ?? null,
      closed_at: stage.kind === "open" ? null : enteredAt,
      call_id: null,
      created_by: users.ownerId,
      stage_entered_at: enteredAt,
      created_at: createdAt,
      updated_at: enteredAt,
    };
  });
  await db.insertInto("deals").values(rows).execute();
}
