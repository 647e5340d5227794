import { describe, expect, it } from "vitest";
import { planMove } from "./stage-moves.server";

const stage = (id: string, kind: "open" | "won" | "lost", pipeline = "p1") => ({ id, pipeline_id: pipeline, kind });
const open = stage("open", "open");
const later = stage("later", "open");
const won = stage("won", "won");
const lost = stage("lost", "lost");
const lostToo = stage("lost-too", "lost");
const deal = { pipeline_id: "p1", lost_reason: null, closed_at: null, stage_entered_at: "2026-01-01T00:00:00.000Z" };
const AT = "2026-02-02T10:00:00.000Z";

describe("the rules of a move (docs/product/deals.md#moving-a-deal)", () => {
  it("moves within the deal's pipeline only", () => {
    expect(planMove(deal, open, stage("x", "open", "p2"), null, AT)).toEqual({ ok: false, refusal: "stage-unknown" });
    expect(planMove(deal, open, undefined, null, AT)).toEqual({ ok: false, refusal: "stage-unknown" });
    expect(planMove(deal, open, later, null, AT)).toEqual({ ok: true, plan: { stage_id: "later", lost_reason: null, closed_at: null, stage_entered_at: AT } });
  });

  it("asks why a deal is lost, and keeps the reason of a deal lost already", () => {
    expect(planMove(deal, open, lost, "  ", AT)).toEqual({ ok: false, refusal: "lost-reason-required" });
    expect(planMove(deal, open, lost, "x".repeat(501), AT)).toEqual({ ok: false, refusal: "lost-reason-too-long" });
    expect(planMove(deal, open, lost, " Too expensive ", AT)).toMatchObject({ ok: true, plan: { lost_reason: "Too expensive", closed_at: AT } });
    const lostDeal = { ...deal, lost_reason: "Too expensive", closed_at: "2026-01-05T00:00:00.000Z" };
    expect(planMove(lostDeal, lost, lostToo, null, AT)).toMatchObject({
      ok: true,
      plan: { lost_reason: "Too expensive", closed_at: "2026-01-05T00:00:00.000Z" },
    });
  });

  it("closes on won or lost, closes anew between them, and opens again (without the reason) on an open stage", () => {
    expect(planMove(deal, open, won, "ignored", AT)).toEqual({ ok: true, plan: { stage_id: "won", lost_reason: null, closed_at: AT, stage_entered_at: AT } });
    const lostDeal = { ...deal, lost_reason: "Too expensive", closed_at: "2026-01-05T00:00:00.000Z" };
    expect(planMove(lostDeal, lost, won, null, AT)).toMatchObject({ ok: true, plan: { closed_at: AT, lost_reason: null } });
    expect(planMove(lostDeal, lost, open, null, AT)).toEqual({
      ok: true,
      plan: { stage_id: "open", lost_reason: null, closed_at: null, stage_entered_at: AT },
    });
    // Staying put keeps when the deal entered the stage.
    expect(planMove(lostDeal, lost, lost, "Changed our mind", AT)).toMatchObject({
      ok: true,
      plan: { stage_entered_at: deal.stage_entered_at, lost_reason: "Changed our mind" },
    });
  });
});
