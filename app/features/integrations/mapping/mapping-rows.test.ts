import { describe, expect, it } from "vitest";
import { CUSTOM_SOURCE, readRows, sourceChoice } from "./mapping-rows";

const KNOWN = ["contact.firstName", "contact.email", "call.summary"];

describe("the mapping source choice (issue 27)", () => {
  it("shows a known field as itself and anything else as custom, keeping its path", () => {
    expect(sourceChoice("contact.email", KNOWN)).toEqual({ choice: "contact.email", custom: "" });
    expect(sourceChoice("", KNOWN)).toEqual({ choice: "", custom: "" });
    expect(sourceChoice("call.extractedData.budget", KNOWN)).toEqual({ choice: CUSTOM_SOURCE, custom: "call.extractedData.budget" });
  });

  it("reads the custom path when Custom is chosen, and the chosen field otherwise", () => {
    const form = new URLSearchParams({
      "rows[0].field": "properties.firstname",
      "rows[0].source": "contact.firstName",
      "rows[0].sourceCustom": "ignored.because.not.custom",
      "rows[1].field": "properties.budget",
      "rows[1].source": CUSTOM_SOURCE,
      "rows[1].sourceCustom": "  call.extractedData.budget ",
    });
    expect(readRows(form).map((row) => row.source)).toEqual(["contact.firstName", "call.extractedData.budget"]);
  });
});
