/** Typed amounts are read by the shared helpers in app/lib/format/amounts.ts (deals read theirs the same way). */
export { centsToInput, parseAmountToCents, type AmountProblem } from "~/lib/format/amounts";
