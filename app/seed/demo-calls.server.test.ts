import { describe, expect, it } from "vitest";
import { localDateOf } from "~/lib/dates/date-ranges";
import { DEMO_HISTORY_CALLS, planDemoCalls } from "./demo-calls.server";

const now = new Date("2026-03-18T15:30:00Z");
const timeZone = "America/Toronto";
const plans = planDemoCalls({ timeZone, now });
const E164 = /^\+[1-9]\d{7,14}$/;

function localHour(iso: string) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", hour: "numeric" }).formatToParts(new Date(iso));
  return Number(parts.find((p) => p.type === "hour")?.value);
}

describe("planDemoCalls", () => {
  it("is the same plan every time for the same moment", () => {
    expect(planDemoCalls({ timeZone, now })).toEqual(plans);
    expect(planDemoCalls({ timeZone, now: new Date(now.getTime() + 86_400_000) })).not.toEqual(plans);
  });

  it("has about 200 calls: the history plus two live and two queued", () => {
    expect(plans).toHaveLength(DEMO_HISTORY_CALLS + 4);
    expect(plans.filter((p) => p.call.status === "live")).toHaveLength(2);
    expect(plans.filter((p) => p.call.status === "queued")).toHaveLength(2);
    const statuses = new Set(plans.map((p) => p.call.status));
    expect([...statuses].sort()).toEqual(["ended", "live", "missed", "queued", "voicemail"]);
    expect(new Set(plans.map((p) => p.call.externalId)).size).toBe(plans.length);
  });

  it("places past calls in the last 90 days, in business hours of the tenant's zone, denser recently", () => {
    const past = plans.filter((p) => p.call.status !== "live" && p.call.status !== "queued");
    const ageDays = past.map((p) => (now.getTime() - Date.parse(p.call.createdAt)) / 86_400_000);
    expect(Math.min(...ageDays)).toBeGreaterThan(0);
    expect(Math.max(...ageDays)).toBeLessThan(93);
    expect(ageDays.filter((d) => d <= 30).length).toBeGreaterThan(ageDays.filter((d) => d > 60).length * 2);
    for (const plan of past) {
      const start = plan.call.startedAt ?? plan.call.queuedAt!;
      expect(localHour(start)).toBeGreaterThanOrEqual(8);
      expect(localHour(start)).toBeLessThan(19);
    }
    // Not every call falls on the same few days.
    expect(new Set(past.map((p) => JSON.stringify(localDateOf(new Date(p.call.createdAt), timeZone)))).size).toBeGreaterThan(40);
  });

  it("keeps times, durations and transcript turns consistent", () => {
    for (const { call } of plans) {
      expect(call.from).toMatch(E164);
      expect(call.to).toMatch(E164);
      if (call.status === "ended" || call.status === "voicemail") {
        const turns = call.transcript!;
        expect(turns.length).toBeGreaterThan(0);
        const starts = turns.map((t) => t.startSeconds!);
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
        expect(call.durationSeconds!).toBeGreaterThan(starts.at(-1)!);
        expect(Date.parse(call.endedAt!) - Date.parse(call.startedAt!)).toBe(call.durationSeconds! * 1000);
        expect(call.createdAt).toBe(call.endedAt);
        expect(call.summary).toBeTruthy();
      }
      if (call.status === "voicemail") expect(call.transcript).toHaveLength(1);
      if (call.status === "missed") {
        expect(call.transcript ?? null).toBeNull();
        expect(call.durationSeconds).toBe(0);
      }
    }
    const live = plans.filter((p) => p.call.status === "live");
    for (const { call } of live) {
      const minutesAgo = (now.getTime() - Date.parse(call.startedAt!)) / 60_000;
      expect(minutesAgo).toBeGreaterThan(0);
      expect(minutesAgo).toBeLessThan(15);
      expect(call.endedAt ?? null).toBeNull();
    }
  });

  it("speaks English and German, with feedback, some of it contradicting the conversation", () => {
    const german = plans.filter((p) => p.language === "de" && p.call.transcript);
    const english = plans.filter((p) => p.language === "en" && p.call.transcript);
    expect(german.length).toBeGreaterThan(40);
    expect(english.length).toBeGreaterThan(40);
    expect(german.some((p) => p.call.transcript!.some((t) => /Termin|Rechnung/.test(t.text)))).toBe(true);
    // Whatever the day of seeding, the built-in analyzer's sentiment disagrees with some ratings both ways.
    for (const day of [now, new Date("2026-11-02T12:00:00Z"), new Date("2027-07-04T23:59:00Z")]) {
      const rated = planDemoCalls({ timeZone, now: day }).filter((p) => p.extra.feedback_rating);
      expect(rated.length).toBeGreaterThan(20);
      expect(rated.every((p) => p.extra.sentiment && p.extra.analysis_status === "done")).toBe(true);
      expect(rated.filter((p) => p.extra.feedback_rating! <= 2 && p.extra.sentiment === "positive").length).toBeGreaterThanOrEqual(3);
      expect(rated.filter((p) => p.extra.feedback_rating! >= 4 && p.extra.sentiment === "negative").length).toBeGreaterThanOrEqual(2);
    }
  });

  it("gives about 90% of the recorded calls audio and none to missed, live or queued calls", () => {
    const recorded = plans.filter((p) => p.call.status === "ended" || p.call.status === "voicemail");
    const withAudio = recorded.filter((p) => p.audio);
    expect(withAudio.length / recorded.length).toBeGreaterThan(0.82);
    expect(withAudio.length / recorded.length).toBeLessThan(0.97);
    expect(plans.filter((p) => p.audio && !recorded.includes(p))).toEqual([]);
    for (const { audio } of withAudio) {
      expect(audio!.seconds).toBeGreaterThanOrEqual(3);
      expect(audio!.seconds).toBeLessThanOrEqual(6);
    }
    // A recording is as long as its call, 8 kHz 8-bit (8,000 bytes a second), one file per distinct length: the demo stays under 15 MB.
    const lengths = new Set(withAudio.map((p) => p.call.durationSeconds!));
    expect([...lengths].reduce((sum, seconds) => sum + seconds * 8_000 + 44, 0)).toBeLessThan(15_000_000);
  });
});
