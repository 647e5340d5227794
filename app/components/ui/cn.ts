import { clsx, type ClassValue } from "clsx";
import { mergeClasses } from "./class-merge";

/**
 * Joins class names (clsx rules) and lets a later Tailwind class win over an
 * earlier one of the same kind: `bg-primary` passed by a caller replaces the
 * default `bg-slate-…` instead of both being kept (class-merge.ts, which
 * merges as tailwind-merge does, for a fraction of its size in every page).
 */
export function cn(...classes: ClassValue[]) {
  return mergeClasses(clsx(classes));
}
