import { describe, expect, it } from "vitest";
import { shareByMinutes } from "./overage-attribution";

describe("a day's overage shared among campaigns", () => {
  it("is proportional to each campaign's minutes", () => {
    expect(
      Object.fromEntries(
        shareByMinutes(10, [
          { key: "a", minutes: 30 },
          { key: "b", minutes: 10 },
        ]),
      ),
    ).toEqual({ a: 8, b: 2 });
  });

  it("adds up exactly, whatever the remainders", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 500; round += 1) {
      const entries = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => ({ key: `c${i}`, minutes: Math.floor(random() * 90) }));
      const total = entries.reduce((sum, entry) => sum + entry.minutes, 0);
      const overage = Math.floor(random() * (total + 1));
      const shares = shareByMinutes(overage, entries);
      expect([...shares.values()].reduce((sum, share) => sum + share, 0)).toBe(total === 0 ? 0 : overage);
      for (const entry of entries) expect(shares.get(entry.key) ?? 0).toBeLessThanOrEqual(entry.minutes);
    }
  });

  it("gives nothing when there is no overage or no minutes", () => {
    expect(shareByMinutes(0, [{ key: "a", minutes: 5 }]).size).toBe(0);
    expect(shareByMinutes(3, [{ key: "a", minutes: 0 }]).size).toBe(0);
  });

  it("breaks a tie toward the campaign listed first", () => {
    expect(
      Object.fromEntries(
        shareByMinutes(1, [
          { key: "a", minutes: 5 },
          { key: "b", minutes: 5 },
        ]),
      ),
    ).toEqual({ a: 1 });
  });
});
