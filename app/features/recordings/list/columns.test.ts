import { describe, expect, it } from "vitest";
import { DEFAULT_RECORDING_COLUMNS, normaliseColumns } from "./columns";

describe("recording list columns", () => {
  it("falls back to the defaults for anything unreadable or empty", () => {
    expect(normaliseColumns(undefined)).toEqual(DEFAULT_RECORDING_COLUMNS);
    expect(normaliseColumns("createdAt")).toEqual(DEFAULT_RECORDING_COLUMNS);
    expect(normaliseColumns([])).toEqual(DEFAULT_RECORDING_COLUMNS);
    expect(normaliseColumns(["nonsense"])).toEqual(DEFAULT_RECORDING_COLUMNS);
  });

  it("keeps the list's own order, drops unknown names and always keeps the date", () => {
    expect(normaliseColumns(["rating", "from", "bogus", "rating"])).toEqual(["createdAt", "from", "rating"]);
  });

  it("shows at most seven columns by default, so a laptop fits the table on one line per call", () => {
    expect(DEFAULT_RECORDING_COLUMNS.length).toBeLessThanOrEqual(7);
  });
});
