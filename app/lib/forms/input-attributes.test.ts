import { describe, expect, it } from "vitest";
import { constraintsForType, selectRequirement } from "./input-attributes";

const all = { required: true, minLength: 1, maxLength: 9, pattern: "\\d+", min: "1", max: "9", step: 1, multiple: true } as const;

describe("constraintsForType", () => {
  it("keeps the constraints a text-like input takes", () => {
    expect(constraintsForType({ type: "email", name: "e", ...all })).toEqual({
      type: "email",
      name: "e",
      required: true,
      minLength: 1,
      maxLength: 9,
      pattern: "\\d+",
      multiple: true,
    });
    expect(constraintsForType({ name: "t", required: true, pattern: "x" })).toEqual({ name: "t", required: true, pattern: "x" });
  });

  it("gives a hidden input none of them", () => {
    expect(constraintsForType({ type: "hidden", name: "id", value: "1", ...all })).toEqual({ type: "hidden", name: "id", value: "1" });
  });

  it("gives a date its range and requirement, never a pattern or lengths", () => {
    expect(constraintsForType({ type: "date", ...all })).toEqual({ type: "date", required: true, min: "1", max: "9", step: 1 });
  });

  it("gives a checkbox only its requirement, and a file its requirement and multiple", () => {
    expect(constraintsForType({ type: "checkbox", ...all })).toEqual({ type: "checkbox", required: true });
    expect(constraintsForType({ type: "file", ...all })).toEqual({ type: "file", required: true, multiple: true });
  });
});

describe("selectRequirement", () => {
  it("keeps required above a placeholder option, says it with aria-required above a real choice", () => {
    expect(selectRequirement(true, "")).toEqual({ required: true });
    expect(selectRequirement(true, "owner")).toEqual({ "aria-required": true });
    expect(selectRequirement(true, undefined)).toEqual({ "aria-required": true });
    expect(selectRequirement(undefined, "owner")).toEqual({});
  });
});
