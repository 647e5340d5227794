import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources.server";
import { Translator } from "~/i18n/translator";
import { describeEntry, type AuditRow } from "./audit.server";

const entry = (action: string, details: AuditRow["details"]): AuditRow => ({
  id: "e1",
  tenantId: null,
  at: "2026-11-28T10:00:00.000Z",
  actorLabel: "Ada Admin <admin@demo.test>",
  action,
  targetKind: null,
  targetLabel: null,
  details,
  ip: null,
  requestId: null,
});

const tFor = (language: "en" | "de") => new Translator(language, resources[language]).fixed("audit");

describe("an audit entry in the reader's language", () => {
  it("translates recorded words (a payout's states and method, a plan change, a credential), and shows free text as recorded", () => {
    const payout = entry("payout.moved", { from: "PENDING_APPROVAL", to: "REJECTED", method: "balance", reason: "Missing tax ID" });
    expect(describeEntry(payout, tFor("de"))).toEqual({
      action: "Auszahlung verschoben",
      details: "von Freigabe ausstehend, zu abgelehnt, als Voxboard-Guthaben ausgezahlt, Grund: Missing tax ID",
    });
    expect(describeEntry(entry("plan.changed", { change: "retired" }), tFor("de")).details).toBe("eingestellt");
    expect(describeEntry(entry("integration.secret-replaced", { secret: "webhook-secret" }), tFor("en")).details).toBe("Webhook signing secret replaced");
    // A role key is a role's name; a custom role's recorded name stays as it was.
    expect(describeEntry(entry("member.role-changed", { from: "admin", to: "Night shift" }), tFor("de")).details).toBe("von Administrator, zu Night shift");
  });
});
