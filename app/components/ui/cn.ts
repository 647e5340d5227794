import { clsx, type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

// The palette adds colour names of its own (primary, primary-button…); tailwind-merge must know them as colours so
// that `bg-primary` passed by a caller replaces the default `bg-slate-…` instead of both being kept.
const merge = extendTailwindMerge({
  extend: {
    theme: { colors: ["primary", "primary-dark", "primary-contrast", "primary-button", "primary-button-text"] },
  },
});

/** Joins class names (clsx rules) and lets a later Tailwind class win over an earlier one of the same kind. */
export function cn(...classes: ClassValue[]) {
  return merge(clsx(classes));
}
