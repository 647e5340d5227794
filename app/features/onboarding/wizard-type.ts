/**
 * Which wizard or page tour a page belongs to, from its path
 * (docs/product/behaviour.md#wizard-type-by-path). The words are tested in this order, as
 * substrings, and the first that matches wins, so "ai-agent-manager-complete"
 * gets the ai-agent-manager wizard (its own entry is never reached) and every
 * path under /ai-agent-manager is not mistaken for /ai-agent. The numbers
 * screen keeps its historic path spelling; its wizard is spelt correctly.
 */
export const WIZARD_TYPES_BY_PATH = [
  ["numbers-managment", "numbers-management"],
  ["organizations", "organizations"],
  ["ai-agent-manager", "ai-agent-manager"],
  ["ai-agent-manager-complete", "ai-agent-manager-complete"],
  ["ai-agent", "ai-agent"],
  ["campaigns", "campaigns"],
  ["contacts", "contacts"],
  ["overview", "overview"],
] as const;

export type WizardType = (typeof WIZARD_TYPES_BY_PATH)[number][1] | "main";

export const WIZARD_TYPES: readonly WizardType[] = [...WIZARD_TYPES_BY_PATH.map(([, type]) => type), "main"];

export function isWizardType(value: unknown): value is WizardType {
  return typeof value === "string" && (WIZARD_TYPES as readonly string[]).includes(value);
}

export function wizardTypeForPath(pathname: string): WizardType {
  for (const [word, type] of WIZARD_TYPES_BY_PATH) if (pathname.includes(word)) return type;
  return "main";
}
