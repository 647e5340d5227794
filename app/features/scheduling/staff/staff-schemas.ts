import { z } from "zod";
import { isKnownTimeZone } from "~/lib/dates/zoned-time";
import { MAX_WINDOWS_PER_DAY, parseDayRanges, WEEKDAYS, type WeeklyHours } from "../availability/working-hours";
import type { WorkingWindow } from "../availability/slots";
import { dayPrefix, OVERRIDE_PREFIX, pairField, worksField } from "./working-hours-fields";

/**
 * The staff page's forms (zod, for the actions only: the browser loads no zod,
 * docs/decisions/0015). Messages are keys of the scheduling namespace; the
 * fields' names are in working-hours-fields.ts, which the forms import.
 */
const PAIR_INDEXES = Array.from({ length: MAX_WINDOWS_PER_DAY }, (_, index) => index);

const optionalText = z.string().optional();
function rangesShape(prefix: string) {
  const shape: Record<string, typeof optionalText> = { [worksField(prefix)]: optionalText };
  for (const index of PAIR_INDEXES) {
    shape[pairField(prefix, "from", index)] = optionalText;
    shape[pairField(prefix, "to", index)] = optionalText;
  }
  return shape;
}

/** One day's fields judged by parseDayRanges: its windows, or undefined after adding each problem at its field. */
function readRanges(value: Record<string, unknown>, prefix: string, ctx: z.RefinementCtx): WorkingWindow[] | undefined {
  const text = (name: string) => (typeof value[name] === "string" ? (value[name] as string) : "");
  const parsed = parseDayRanges({
    works: Boolean(text(worksField(prefix))),
    pairs: PAIR_INDEXES.map((index) => ({ from: text(pairField(prefix, "from", index)), to: text(pairField(prefix, "to", index)) })),
  });
  if ("windows" in parsed) return parsed.windows;
  for (const problem of parsed.problems)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [pairField(prefix, problem.field, problem.index)], message: `validation.${problem.problem}` });
  return undefined;
}

/**
 * The weekly hours form: a time zone and, per day, whether the person works and their
 * ranges. The rules are parseDayRanges', each problem put on the field that caused it.
 */
export const WorkingHoursSchema = z
  .object({
    intent: z.literal("save-hours"),
    timeZone: z.string({ required_error: "validation.timeZoneRequired" }).refine(isKnownTimeZone, "validation.timeZoneInvalid"),
    ...(Object.assign({}, ...WEEKDAYS.map((day) => rangesShape(dayPrefix(day)))) as ReturnType<typeof rangesShape>),
  })
  .transform((value, ctx) => {
    const weeklyHours: WeeklyHours = {};
    let refused = false;
    for (const day of WEEKDAYS) {
      const windows = readRanges(value, dayPrefix(day), ctx);
      if (!windows) refused = true;
      else if (windows.length) weeklyHours[day] = windows;
    }
    return refused ? z.NEVER : { timeZone: value.timeZone, weeklyHours };
  });

/** A date exception: a day off (unticked) or that day's own ranges, by the same rules as the weekly hours. */
export const OverrideSchema = z
  .object({
    intent: z.literal("add-override"),
    date: z
      .string({ required_error: "validation.dateRequired" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.dateInvalid")
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "validation.dateInvalid"),
    ...rangesShape(OVERRIDE_PREFIX),
  })
  .transform((value, ctx) => {
    const hours = readRanges(value, OVERRIDE_PREFIX, ctx);
    return hours ? { date: value.date, hours } : z.NEVER;
  });

export type WorkingHoursFields = z.input<typeof WorkingHoursSchema>;
export type OverrideFields = z.input<typeof OverrideSchema>;
