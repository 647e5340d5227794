import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { phoneStepSchema, profileStepSchema } from "./schemas";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const phoneErrors = (phone: string | null, country = "US") => {
  const submission = parseWithZod(form(phone === null ? {} : { phone }), { schema: phoneStepSchema(country) });
  return submission.status === "success" ? [] : (submission.reply().error?.phone ?? []);
};

describe("the onboarding phone step (docs/product/validation.md#onboarding-phone-step)", () => {
  it("says a number is required when nothing is left after trimming", () => {
    expect(phoneErrors("")).toEqual(["validation.phoneRequired"]);
    expect(phoneErrors("   ")).toEqual(["validation.phoneRequired"]);
    expect(phoneErrors(null)).toEqual(["validation.phoneRequired"]);
  });

  it("refuses what has no E.164 form", () => {
    expect(phoneErrors("12345")).toEqual(["validation.phoneInvalid"]);
    expect(phoneErrors("abc")).toEqual(["validation.phoneInvalid"]);
    expect(phoneErrors("+1234567890123456")).toEqual(["validation.phoneInvalid"]);
  });

  it("accepts numbers as typed, with the typing format's brackets and spaces", () => {
    expect(phoneErrors("(416) 555-0199")).toEqual([]);
    expect(phoneErrors("+49 30 1234567")).toEqual([]);
    expect(phoneErrors("030 1234567", "DE")).toEqual([]);
  });

  it("trims the number it passes on", () => {
    const submission = parseWithZod(form({ phone: "  +1 416 555 0199 " }), { schema: phoneStepSchema("US") });
    expect(submission.status === "success" && submission.value.phone).toBe("+1 416 555 0199");
  });
});

describe("the quick profile step", () => {
  it("reads ticked boxes as chosen and missing ones as not", () => {
    const submission = parseWithZod(form({ inbound: "on", liveCall: "on" }), { schema: profileStepSchema });
    expect(submission.status === "success" && submission.value).toEqual({ inbound: true, outbound: false, liveCall: true });
  });
});
