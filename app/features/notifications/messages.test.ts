import { describe, expect, it } from "vitest";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { NOTIFICATION_KINDS, notificationMessage, parseParams, type NotificationKind } from "./messages";

const SAMPLES: Record<NotificationKind, { params: Record<string, string | number>; en: string; de: string }> = {
  "import-finished": {
    params: { fileName: "leads.csv", count: 3 },
    en: "Import of leads.csv finished: 3 contacts added",
    de: "Import von leads.csv abgeschlossen: 3 Kontakte hinzugefügt",
  },
  "import-failed": { params: { fileName: "a&b.csv" }, en: "Import of a&b.csv failed", de: "Import von a&b.csv fehlgeschlagen" },
  "campaign-completed": { params: { name: "Spring" }, en: "Campaign Spring completed", de: "Kampagne Spring abgeschlossen" },
  "appointment-booked": {
    params: { title: "Consultation", contactName: "Ada" },
    en: "Appointment booked: Consultation with Ada",
    de: "Termin gebucht: Consultation mit Ada",
  },
  "appointment-cancelled": {
    params: { title: "Consultation", contactName: "Ada" },
    en: "Appointment cancelled: Consultation with Ada",
    de: "Termin abgesagt: Consultation mit Ada",
  },
  "renewal-failed": {
    params: { planName: "Growth", graceEndsAt: "2026-12-05T00:00:00.000Z" },
    en: "Payment for the Growth plan failed: pay by Dec 5, 2026 to keep it",
    de: "Zahlung für den Tarif Growth fehlgeschlagen: bis 05.12.2026 bezahlen, um ihn zu behalten",
  },
  "auto-topup-failed": {
    params: { amountCents: 2500, currency: "EUR" },
    en: "Automatic top-up of €25.00 failed",
    de: "Automatische Aufladung über 25,00\u00a0€ fehlgeschlagen",
  },
  "integration-failing": {
    params: { name: "HubSpot", failures: 3 },
    en: "Integration HubSpot keeps failing: its last 3 deliveries failed",
    de: "Integration HubSpot schlägt wiederholt fehl: die letzten 3 Übertragungen sind fehlgeschlagen",
  },
  "ticket-assigned": {
    params: { number: 42, subject: "Call back" },
    en: "Ticket #42 assigned to you: Call back",
    de: "Ticket #42 wurde Ihnen zugewiesen: Call back",
  },
};

describe("notificationMessage", () => {
  it.each(NOTIFICATION_KINDS)("renders %s in English and German from its parameters, unescaped (React and plain text escape on their own)", async (kind) => {
    const sample = SAMPLES[kind];
    expect(notificationMessage(await getTranslatorFor("en", "notifications"), kind, sample.params, "en")).toBe(sample.en);
    expect(notificationMessage(await getTranslatorFor("de", "notifications"), kind, sample.params, "de")).toBe(sample.de);
  });

  it("reads an unknown kind as the generic title rather than a raw key", async () => {
    expect(notificationMessage(await getTranslatorFor("en", "notifications"), "billing.something-new", {}, "en")).toBe("Notifications");
  });
});

describe("parseParams", () => {
  it("keeps strings and numbers and drops anything else or broken JSON", () => {
    expect(parseParams('{"a":"x","n":2,"o":{"p":1},"l":[1]}')).toEqual({ a: "x", n: 2 });
    expect(parseParams("not json")).toEqual({});
    expect(parseParams("[1,2]")).toEqual({});
  });
});
