import { describe, expect, it } from "vitest";
import { recordingTitle, type TitledCall, type TitleWords } from "./recording-title";

const english: TitleWords = {
  with: (who) => `Call with ${who}`,
  on: (date) => `Call on ${date}`,
  language: "en",
  timeZone: "America/Toronto",
  formatPhone: (value) => (value === "+14165550199" ? "+1 (416) 555-0199" : value),
};

const call = (overrides: Partial<TitledCall> = {}): TitledCall => ({
  direction: "outbound",
  from: "+14165550100",
  to: "+14165550199",
  userName: "Anna Schmidt",
  caller: { name: "A. Schmidt" },
  campaignName: "Spring leads",
  createdAt: "2026-03-02T15:04:05.000Z",
  ...overrides,
});

describe("a recording's title", () => {
  it("names who was on the call and the campaign", () => {
    expect(recordingTitle(call(), english)).toBe("Call with Anna Schmidt · Spring leads");
    expect(recordingTitle(call({ campaignName: " " }), english)).toBe("Call with Anna Schmidt");
  });

  it("falls back to the name in the caller details", () => {
    expect(recordingTitle(call({ userName: "  " }), english)).toBe("Call with A. Schmidt · Spring leads");
    expect(recordingTitle(call({ userName: null, caller: { name: 42 } }), english)).toBe("Call with +1 (416) 555-0199 · Spring leads");
  });

  it("then to the other party's number for display: who was called, or who called in", () => {
    expect(recordingTitle(call({ userName: null, caller: null }), english)).toBe("Call with +1 (416) 555-0199 · Spring leads");
    expect(recordingTitle(call({ userName: null, caller: null, direction: "inbound", from: "+4930123456" }), english)).toBe(
      "Call with +4930123456 · Spring leads",
    );
  });

  it("and last to the time of the call, in the user's language and the tenant's zone", () => {
    const anonymous = call({ userName: null, caller: null, to: null, campaignName: null });
    expect(recordingTitle(anonymous, english)).toMatch(/^Call on Mar 2, 2026, 10:04\sAM$/);
    expect(recordingTitle(anonymous, { ...english, on: (date) => `Anruf vom ${date}`, language: "de", timeZone: "Europe/Berlin" })).toBe(
      "Anruf vom 02.03.2026, 16:04",
    );
  });
});
