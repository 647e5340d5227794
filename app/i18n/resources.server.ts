import deAuth from "../../locales/de/auth.json";
import deCommon from "../../locales/de/common.json";
import deProfile from "../../locales/de/profile.json";
import enAuth from "../../locales/en/auth.json";
import enCommon from "../../locales/en/common.json";
import enProfile from "../../locales/en/profile.json";
import type { Language } from "./config";

// Imported so the translations travel inside the server bundle and need no file reads at request time.
export const resources = {
  en: { common: enCommon, auth: enAuth, profile: enProfile },
  de: { common: deCommon, auth: deAuth, profile: deProfile },
} satisfies Record<Language, Record<string, unknown>>;
