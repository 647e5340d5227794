import { isEventTypeColor } from "./event-type-rules";

/** Tailwind classes per colour, written out whole so the compiler keeps them. */
const SWATCH: Record<string, string> = {
  blue: "bg-blue-500",
  green: "bg-emerald-500",
  amber: "bg-amber-500",
  rose: "bg-rose-500",
  violet: "bg-violet-500",
  teal: "bg-teal-500",
};

/** A calendar entry: a tinted block with a strong left edge, readable in light and dark. */
const ENTRY: Record<string, string> = {
  blue: "border-l-blue-500 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100",
  green: "border-l-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  amber: "border-l-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  rose: "border-l-rose-500 bg-rose-50 text-rose-900 dark:bg-rose-950 dark:text-rose-100",
  violet: "border-l-violet-500 bg-violet-50 text-violet-900 dark:bg-violet-950 dark:text-violet-100",
  teal: "border-l-teal-500 bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-100",
};

export const colorSwatchClass = (color: string) => SWATCH[isEventTypeColor(color) ? color : "blue"];
export const calendarEntryClass = (color: string | null | undefined) => ENTRY[color && isEventTypeColor(color) ? color : "blue"];
