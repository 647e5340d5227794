import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { DEFAULT_WEEKLY_HOURS } from "../availability/working-hours";
import { WorkingHoursSchema } from "./staff-schemas";
import { weeklyHoursFormValues } from "./working-hours-fields";

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  formData.set("intent", "save-hours");
  formData.set("timeZone", "Europe/Berlin");
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: WorkingHoursSchema });
}

describe("the weekly hours form's schema", () => {
  it("saves several ranges a day and leaves unticked days off", () => {
    const submission = submit({
      day1Works: "on",
      day1From0: "09:00",
      day1To0: "12:00",
      day1From1: "13:00",
      day1To1: "17:00",
      day1From2: "",
      day1To2: "",
      // Unticked: its times stay in the form but are not saved.
      day2From0: "10:00",
      day2To0: "11:00",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      timeZone: "Europe/Berlin",
      weeklyHours: {
        1: [
          { start: "09:00", end: "12:00" },
          { start: "13:00", end: "17:00" },
        ],
      },
    });
  });

  it("names the field of each problem, on every day at once", () => {
    const submission = submit({
      day1Works: "on",
      day1From0: "09:00",
      day1To0: "12:00",
      day1From1: "11:00",
      day1To1: "13:00",
      day3Works: "on",
      day3From0: "17:00",
      day3To0: "09:00",
      day5Works: "on",
      day7Works: "on",
      day7From0: "08:00",
    });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      day1From1: ["validation.hoursOverlap"],
      day3To0: ["validation.hoursOrder"],
      day5From0: ["validation.hoursNeedRange"],
      day7To0: ["validation.hoursIncomplete"],
    });
    // What was typed comes back to be shown again.
    expect(submission.reply().initialValue).toMatchObject({ day1From1: "11:00", day3To0: "09:00", day7From0: "08:00" });
  });

  it("gives the form the stored hours as its values", () => {
    expect(weeklyHoursFormValues({ 1: [{ start: "18:00", end: "24:00" }] })).toEqual({ day1Works: "on", day1From0: "18:00", day1To0: "00:00" });
    const defaults = submit(weeklyHoursFormValues(DEFAULT_WEEKLY_HOURS));
    expect(defaults.status === "success" && defaults.value.weeklyHours).toEqual(DEFAULT_WEEKLY_HOURS);
  });
});
