import { mergeClasses } from "./class-merge";

/** A class name, or nothing: `cn("px-2", active && "bg-primary", className)`. */
export type ClassValue = string | false | null | undefined | 0;

/**
 * Joins class names and lets a later Tailwind class win over an earlier one
 * of the same kind: `bg-primary` passed by a caller replaces the default
 * `bg-slate-…` instead of both being kept (class-merge.ts, which merges as
 * tailwind-merge does, for a fraction of its size in every page). Strings and
 * falsy values only: no caller needs clsx's objects and arrays, and every
 * page would carry clsx for them.
 */
export function cn(...classes: ClassValue[]) {
  let joined = "";
  for (const value of classes) if (value) joined = joined ? `${joined} ${value}` : value;
  return mergeClasses(joined);
}
