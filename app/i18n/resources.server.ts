import deAnalysis from "../../locales/de/analysis.json";
import deApi from "../../locales/de/api.json";
import deAuth from "../../locales/de/auth.json";
import deCalls from "../../locales/de/calls.json";
import deCommon from "../../locales/de/common.json";
import deProfile from "../../locales/de/profile.json";
import deRecording from "../../locales/de/recording.json";
import deRecordings from "../../locales/de/recordings.json";
import enAnalysis from "../../locales/en/analysis.json";
import enApi from "../../locales/en/api.json";
import enAuth from "../../locales/en/auth.json";
import enCalls from "../../locales/en/calls.json";
import enCommon from "../../locales/en/common.json";
import enProfile from "../../locales/en/profile.json";
import enRecording from "../../locales/en/recording.json";
import enRecordings from "../../locales/en/recordings.json";
import type { Language, Namespace } from "./config";

// Imported so the translations travel inside the server bundle and need no file reads at request time.
export const resources = {
  en: { common: enCommon, auth: enAuth, profile: enProfile, recordings: enRecordings, recording: enRecording, analysis: enAnalysis, calls: enCalls, api: enApi },
  de: { common: deCommon, auth: deAuth, profile: deProfile, recordings: deRecordings, recording: deRecording, analysis: deAnalysis, calls: deCalls, api: deApi },
} satisfies Record<Language, Record<Namespace, unknown>>;
