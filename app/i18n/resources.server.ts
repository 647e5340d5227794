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
import dePhone from "../../locales/de/phone.json";
import deContacts from "../../locales/de/contacts.json";
import deImports from "../../locales/de/imports.json";
import deNumbers from "../../locales/de/numbers.json";
import deKnowledge from "../../locales/de/knowledge.json";
import deCampaigns from "../../locales/de/campaigns.json";
import deBilling from "../../locales/de/billing.json";
import deOrganizations from "../../locales/de/organizations.json";
import deScheduling from "../../locales/de/scheduling.json";
import deCalcom from "../../locales/de/calcom.json";
import deIntegrations from "../../locales/de/integrations.json";
import deAgents from "../../locales/de/agents.json";
import enPhone from "../../locales/en/phone.json";
import enContacts from "../../locales/en/contacts.json";
import enImports from "../../locales/en/imports.json";
import enNumbers from "../../locales/en/numbers.json";
import enKnowledge from "../../locales/en/knowledge.json";
import enCampaigns from "../../locales/en/campaigns.json";
import enBilling from "../../locales/en/billing.json";
import enOrganizations from "../../locales/en/organizations.json";
import enScheduling from "../../locales/en/scheduling.json";
import enCalcom from "../../locales/en/calcom.json";
import enIntegrations from "../../locales/en/integrations.json";
import enAgents from "../../locales/en/agents.json";
import deOnboarding from "../../locales/de/onboarding.json";
import enOnboarding from "../../locales/en/onboarding.json";
import dePostCall from "../../locales/de/post-call.json";
import enPostCall from "../../locales/en/post-call.json";
import deFeedback from "../../locales/de/feedback.json";
import enFeedback from "../../locales/en/feedback.json";
import deServiceDesk from "../../locales/de/service-desk.json";
import enServiceDesk from "../../locales/en/service-desk.json";
import deDeals from "../../locales/de/deals.json";
import enDeals from "../../locales/en/deals.json";
import deContactCenter from "../../locales/de/contact-center.json";
import enContactCenter from "../../locales/en/contact-center.json";
import deAudit from "../../locales/de/audit.json";
import enAudit from "../../locales/en/audit.json";
import deSecurity from "../../locales/de/security.json";
import enSecurity from "../../locales/en/security.json";
import deRoles from "../../locales/de/roles.json";
import enRoles from "../../locales/en/roles.json";
import deUsersManagement from "../../locales/de/users-management.json";
import enUsersManagement from "../../locales/en/users-management.json";
import deApiDocs from "../../locales/de/api-docs.json";
import enApiDocs from "../../locales/en/api-docs.json";
import deAffiliates from "../../locales/de/affiliates.json";
import deNotifications from "../../locales/de/notifications.json";
import dePlatform from "../../locales/de/platform.json";
import enAffiliates from "../../locales/en/affiliates.json";
import enNotifications from "../../locales/en/notifications.json";
import enPlatform from "../../locales/en/platform.json";
import deSearch from "../../locales/de/search.json";
import enSearch from "../../locales/en/search.json";
import type { Language, Namespace } from "./config";

// Imported so the translations travel inside the server bundle and need no file reads at request time.
export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    profile: enProfile,
    recordings: enRecordings,
    recording: enRecording,
    analysis: enAnalysis,
    calls: enCalls,
    api: enApi,
    phone: enPhone,
    contacts: enContacts,
    imports: enImports,
    numbers: enNumbers,
    knowledge: enKnowledge,
    campaigns: enCampaigns,
    billing: enBilling,
    organizations: enOrganizations,
    scheduling: enScheduling,
    calcom: enCalcom,
    integrations: enIntegrations,
    agents: enAgents,
    onboarding: enOnboarding,
    "post-call": enPostCall,
    feedback: enFeedback,
    "service-desk": enServiceDesk,
    deals: enDeals,
    "contact-center": enContactCenter,
    audit: enAudit,
    security: enSecurity,
    roles: enRoles,
    "users-management": enUsersManagement,
    "api-docs": enApiDocs,
    affiliates: enAffiliates,
    platform: enPlatform,
    notifications: enNotifications,
    search: enSearch,
  },
  de: {
    common: deCommon,
    auth: deAuth,
    profile: deProfile,
    recordings: deRecordings,
    recording: deRecording,
    analysis: deAnalysis,
    calls: deCalls,
    api: deApi,
    phone: dePhone,
    contacts: deContacts,
    imports: deImports,
    numbers: deNumbers,
    knowledge: deKnowledge,
    campaigns: deCampaigns,
    billing: deBilling,
    organizations: deOrganizations,
    scheduling: deScheduling,
    calcom: deCalcom,
    integrations: deIntegrations,
    agents: deAgents,
    onboarding: deOnboarding,
    "post-call": dePostCall,
    feedback: deFeedback,
    "service-desk": deServiceDesk,
    deals: deDeals,
    "contact-center": deContactCenter,
    audit: deAudit,
    security: deSecurity,
    roles: deRoles,
    "users-management": deUsersManagement,
    "api-docs": deApiDocs,
    affiliates: deAffiliates,
    platform: dePlatform,
    notifications: deNotifications,
    search: deSearch,
  },
} satisfies Record<Language, Record<Namespace, unknown>>;
