/**
 * The overview's onboarding wizard (docs/product/behaviour.md#onboarding-wizard): its steps in
 * order, each a URL of its own (`/overview?onboarding=<step>`), so the wizard
 * works as a sequence of pages without JavaScript and as a dialog with it.
 */
export const WIZARD_STEPS = ["welcome", "phone", "profile", "tour", "done"] as const;

export type WizardStep = (typeof WIZARD_STEPS)[number];

export const ONBOARDING_PARAM = "onboarding";

export function isWizardStep(value: unknown): value is WizardStep {
  return typeof value === "string" && (WIZARD_STEPS as readonly string[]).includes(value);
}

/** The wizard's URL at a step; the overview's other parameters (its date range) are kept. */
export function wizardStepHref(step: WizardStep, search = ""): string {
  const params = new URLSearchParams(search);
  params.set(ONBOARDING_PARAM, step);
  return `/overview?${params.toString()}`;
}

/** The overview with the wizard closed, its other parameters kept. */
export function wizardClosedHref(search = ""): string {
  const params = new URLSearchParams(search);
  params.delete(ONBOARDING_PARAM);
  const query = params.toString();
  return query ? `/overview?${query}` : "/overview";
}

export function nextWizardStep(step: WizardStep): WizardStep | null {
  return WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1] ?? null;
}

export function previousWizardStep(step: WizardStep): WizardStep | null {
  const index = WIZARD_STEPS.indexOf(step);
  return index > 0 ? WIZARD_STEPS[index - 1]! : null;
}

/** Where "Let's go!" leads: the business whose appointments the agents book comes first. */
export const WIZARD_FINISH_HREF = "/organizations";

/** The call types of the quick profile step, all chosen until the user says otherwise. */
export const PROFILE_OPTIONS = ["inbound", "outbound", "liveCall"] as const;
export type ProfileOption = (typeof PROFILE_OPTIONS)[number];
export type ProfileOptions = Record<ProfileOption, boolean>;
export const DEFAULT_PROFILE_OPTIONS: ProfileOptions = { inbound: true, outbound: true, liveCall: true };
