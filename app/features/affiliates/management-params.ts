import { PAYOUT_STATES } from "./payout-states";

/*
 * The URL of /affiliate-management (?tab=, ?state=): read by the page itself,
 * so kept apart from the forms' zod schemas (schemas.ts), which only the
 * action uses and which must not reach the browser (tests/e2e/no-zod-in-browser.spec.ts).
 */

export const MANAGEMENT_TABS = ["approve", "manage", "payout"] as const;
export type ManagementTab = (typeof MANAGEMENT_TABS)[number];

export function parseManagementTab(value: string | null): ManagementTab {
  return (MANAGEMENT_TABS as readonly string[]).includes(value ?? "") ? (value as ManagementTab) : "approve";
}

/** ?state= on the payout tab: one state, or the open ones (waiting for approval or payment) by default. */
export function parsePayoutFilter(value: string | null) {
  return (PAYOUT_STATES as readonly string[]).includes(value ?? "") ? (value as (typeof PAYOUT_STATES)[number]) : null;
}
