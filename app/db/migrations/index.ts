import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./0001-initial";
import * as calls from "./0002-calls";
import * as recordingsListIndexes from "./0003-recordings-list-indexes";
import * as shortTermSearch from "./0004-short-term-search";
import * as contactsCampaigns from "./0005-contacts-campaigns";
import * as tenantCountry from "./0006-tenant-country";
import * as userFirstSignIn from "./0007-user-first-sign-in";
import * as rateLimits from "./0008-rate-limits";
import * as importLeases from "./0009-import-leases";
import * as billing from "./0010-billing";
import * as callCosts from "./0011-call-costs";
import * as organizations from "./0012-organizations";
import * as scheduling from "./0013-scheduling";
import * as calcomPerOrganization from "./0014-calcom-per-organization";
import * as integrationHub from "./0015-integration-hub";
import * as outboxJobs from "./0016-outbox-jobs";
import * as agents from "./0017-agents";
import * as onboarding from "./0018-onboarding";
import * as voiceProviders from "./0019-voice-providers";
import * as postCall from "./0020-post-call";
import * as feedback from "./0021-feedback";
import * as serviceDesk from "./0022-service-desk";
import * as deals from "./0023-deals";
import * as contactCenter from "./0024-contact-center";
import * as auditLog from "./0025-audit-log";
import * as rolesUsers from "./0026-roles-users";
import * as twoFactor from "./0027-two-factor";
import * as apiUsage from "./0028-api-usage";
import * as oidcIdentities from "./0029-oidc-identities";
import * as planCatalogue from "./0030-plan-catalogue";
import * as affiliates from "./0032-affiliates";
import * as planRecommended from "./0036-plan-recommended";
import * as gateChanges from "./0037-gate-changes";
import * as notifications from "./0038-notifications";
import * as hubspotTemplateName from "./0039-hubspot-template-name";
import * as taxInvoices from "./0040-tax-invoices";
import * as taxRateChanges from "./0041-tax-rate-changes";

/**
 * Migrations are imported statically so they travel inside the server bundle;
 * a folder scan would break once the app is compiled into build/index.js.
 */
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-calls": calls,
  "0003-recordings-list-indexes": recordingsListIndexes,
  "0004-short-term-search": shortTermSearch,
  "0005-contacts-campaigns": contactsCampaigns,
  "0006-tenant-country": tenantCountry,
  "0007-user-first-sign-in": userFirstSignIn,
  "0008-rate-limits": rateLimits,
  "0009-import-leases": importLeases,
  "0010-billing": billing,
  "0011-call-costs": callCosts,
  "0012-organizations": organizations,
  "0013-scheduling": scheduling,
  "0014-calcom-per-organization": calcomPerOrganization,
  "0015-integration-hub": integrationHub,
  "0016-outbox-jobs": outboxJobs,
  "0017-agents": agents,
  "0018-onboarding": onboarding,
  "0019-voice-providers": voiceProviders,
  "0020-post-call": postCall,
  "0021-feedback": feedback,
  "0022-service-desk": serviceDesk,
  "0023-deals": deals,
  "0024-contact-center": contactCenter,
  "0025-audit-log": auditLog,
  "0026-roles-users": rolesUsers,
  "0027-two-factor": twoFactor,
  "0028-api-usage": apiUsage,
  "0029-oidc-identities": oidcIdentities,
  "0030-plan-catalogue": planCatalogue,
  "0032-affiliates": affiliates,
  "0036-plan-recommended": planRecommended,
  "0037-gate-changes": gateChanges,
  "0038-notifications": notifications,
  "0039-hubspot-template-name": hubspotTemplateName,
  "0040-tax-invoices": taxInvoices,
  "0041-tax-rate-changes": taxRateChanges,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
