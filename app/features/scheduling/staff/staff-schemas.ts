import { z } from "zod";
import { isKnownTimeZone } from "~/lib/dates/zoned-time";
import { parseHoursText, WEEKDAYS, type WeeklyHours } from "../availability/working-hours";
import type { WorkingWindow } from "../availability/slots";

/** The staff page's forms. Messages are keys of the scheduling namespace. */
const hoursText = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const parsed = parseHoursText(value ?? "");
    if ("problem" in parsed) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `validation.${parsed.problem}` });
      return z.NEVER;
    }
    return parsed.windows;
  });

export const WorkingHoursSchema = z
  .object({
    intent: z.literal("save-hours"),
    timeZone: z.string({ required_error: "validation.timeZoneRequired" }).refine(isKnownTimeZone, "validation.timeZoneInvalid"),
    day1: hoursText,
    day2: hoursText,
    day3: hoursText,
    day4: hoursText,
    day5: hoursText,
    day6: hoursText,
    day7: hoursText,
  })
  .transform((value) => {
    const weeklyHours: WeeklyHours = {};
    for (const day of WEEKDAYS) {
      const windows = value[`day${day}`] as WorkingWindow[];
      if (windows.length) weeklyHours[day] = windows;
    }
    return { timeZone: value.timeZone, weeklyHours };
  });

export const OverrideSchema = z.object({
  intent: z.literal("add-override"),
  date: z
    .string({ required_error: "validation.dateRequired" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.dateInvalid")
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "validation.dateInvalid"),
  hours: hoursText,
});

export type WorkingHoursFields = z.input<typeof WorkingHoursSchema>;
export type OverrideFields = z.input<typeof OverrideSchema>;
