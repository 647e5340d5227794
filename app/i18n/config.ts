export const SUPPORTED_LANGUAGES = ["en", "de"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const DEFAULT_NAMESPACE = "common";
export const NAMESPACES = [
  "common",
  "auth",
  "profile",
  "recordings",
  "recording",
  "analysis",
  "calls",
  "api",
  "phone",
  "contacts",
  "imports",
  "numbers",
  "knowledge",
  "campaigns",
  "billing",
  "organizations",
  "scheduling",
  "calcom",
  "integrations",
  "agents",
  "onboarding",
  "post-call",
  "feedback",
  "service-desk",
  "deals",
  "contact-center",
  "audit",
  "security",
  "roles",
  "users-management",
  "api-docs",
  "affiliates",
  "platform",
  "notifications",
  "search",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export const i18nOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
