/**
 * Whether a tenant whose plan is `currentPlanId` may choose `plan` (/choose-plan,
 * billing's plan changes): a plan retired on /products is offered to its own
 * subscribers only, who keep, resume and pay for it
 * (docs/decisions/0050-plan-price-changes-at-renewal.md).
 */
export function isOfferedTo(plan: { id: string; active: number }, currentPlanId: string | null) {
  return plan.active === 1 || plan.id === currentPlanId;
}
