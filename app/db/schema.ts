import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types for Kysely. Timestamps are ISO-8601 strings and booleans are 0/1
 * integers so the same migrations run on SQLite and PostgreSQL.
 */
export interface Database {
  tenants: TenantTable;
  gate_changes: GateChangeTable;
  roles: RoleTable;
  users: UserTable;
  sessions: SessionTable;
  verifications: VerificationTable;
  plans: PlanTable;
  subscriptions: SubscriptionTable;
  api_keys: ApiKeyTable;
  calls: CallTable;
  call_events: CallEventTable;
  contact_lists: ContactListTable;
  contacts: ContactTable;
  contact_imports: ContactImportTable;
  phone_numbers: PhoneNumberTable;
  knowledge_bases: KnowledgeBaseTable;
  campaigns: CampaignTable;
  campaign_runs: CampaignRunTable;
  campaign_activity: CampaignActivityTable;
  rate_limit_counters: RateLimitCounterTable;
  billing_accounts: BillingAccountTable;
  payment_methods: PaymentMethodTable;
  charges: ChargeTable;
  ledger_entries: LedgerEntryTable;
  invoices: InvoiceTable;
  billing_details: BillingDetailsTable;
  tax_rates: TaxRateTable;
  tax_rate_changes: TaxRateChangeTable;
  test_provider_payments: TestProviderPaymentTable;
  billing_events: BillingEventTable;
  organizations: OrganizationTable;
  organization_members: OrganizationMemberTable;
  teams: TeamTable;
  team_members: TeamMemberTable;
  invitations: InvitationTable;
  event_types: EventTypeTable;
  event_type_hosts: EventTypeHostTable;
  staff_schedules: StaffScheduleTable;
  staff_overrides: StaffOverrideTable;
  appointments: AppointmentTable;
  appointment_log: AppointmentLogTable;
  calendar_feeds: CalendarFeedTable;
  calcom_connections: CalcomConnectionTable;
  calcom_webhook_events: CalcomWebhookEventTable;
  integrations: IntegrationTable;
  integration_links: IntegrationLinkTable;
  integration_rate_windows: IntegrationRateWindowTable;
  integration_webhooks: IntegrationWebhookTable;
  integration_deliveries: IntegrationDeliveryTable;
  crm_logs: CrmLogTable;
  outbox_jobs: OutboxJobTable;
  agents: AgentTable;
  agent_versions: AgentVersionTable;
  agent_templates: AgentTemplateTable;
  onboarding_seen: OnboardingSeenTable;
  onboarding_profiles: OnboardingProfileTable;
  voice_provider_accounts: VoiceProviderAccountTable;
  agent_provider_links: AgentProviderLinkTable;
  // API usage and rate limits (migration 0028).
  api_rate_windows: ApiRateWindowTable;
  api_usage_daily: ApiUsageDailyTable;
  // The affiliate programme (migration 0032).
  affiliate_settings: AffiliateSettingsTable;
  affiliates: AffiliateTable;
  affiliate_referrals: AffiliateReferralTable;
  affiliate_commissions: AffiliateCommissionTable;
  affiliate_payouts: AffiliatePayoutTable;
  // The notification bell (migration 0038).
  notifications: NotificationTable;
  // Deals (migration 0023).
  deal_pipelines: DealPipelineTable;
  deal_stages: DealStageTable;
  deals: DealTable;
  // Post-call templates (migration 0020).
  post_call_templates: PostCallTemplateTable;
  post_call_template_versions: PostCallTemplateVersionTable;
  post_call_assignments: PostCallAssignmentTable;
  call_template_results: CallTemplateResultTable;
  call_field_values: CallFieldValueTable;
  call_criteria_results: CallCriteriaResultTable;
  post_call_reruns: PostCallRerunTable;
  post_call_rerun_calls: PostCallRerunCallTable;
  // Post-call feedback (migration 0021).
  feedback_requests: FeedbackRequestTable;
  // Service desk (migration 0022).
  service_desk_settings: ServiceDeskSettingsTable;
  service_desk_availability: ServiceDeskAvailabilityTable;
  tickets: TicketTable;
  ticket_tags: TicketTagTable;
  ticket_calls: TicketCallTable;
  ticket_notes: TicketNoteTable;
  ticket_activity: TicketActivityTable;
  // Contact center (migration 0024).
  contact_opt_out_changes: ContactOptOutChangeTable;
  // Audit log (migration 0025).
  audit_log: AuditLogTable;
  // Two-factor sign-in (migration 0027).
  two_factor_credentials: TwoFactorCredentialTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodeTable;
  // Single sign-on (migration 0029).
  oidc_identities: OidcIdentityTable;
}

/** Migration 0037: a row per write to what the route gate reads, by triggers; '*' for a change every tenant sees. */
export interface GateChangeTable {
  seq: Generated<number>;
  tenant_id: string;
}

export interface TenantTable {
  id: string;
  name: string;
  time_zone: string;
  /** ISO 3166 alpha-2; national phone numbers are read in it. Null: the country of time_zone. */
  country: string | null;
  created_at: string;
  updated_at: string;
  /* --- two-factor sign-in (issue 26, migration 0027) --- */
  /** 1: every user of the tenant must sign in with a second factor (the gate sends those without one to enrol). */
  two_factor_required: Generated<number>;
}

export interface RoleTable {
  id: string;
  key: string;
  name: string;
  /** JSON: { [firstPathSegment]: Array<"read" | "create" | "update" | "delete"> } */
  permissions: string;
  is_platform_admin: Generated<number>;
  created_at: string;
  /* --- custom roles (issue 26, migration 0026) --- */
  /** Null for a built-in role (shared by every tenant); the owning tenant of a custom role. */
  tenant_id: Generated<string | null>;
  updated_at: Generated<string | null>;
}

export interface UserTable {
  id: string;
  tenant_id: string;
  role_id: string;
  email: string;
  name: string;
  phone: string | null;
  caller_phone: string | null;
  password_hash: string;
  email_verified_at: string | null;
  profile_picture: string | null;
  theme_color: Generated<string>;
  /** The created_at of the user's first session; null until they first sign in. */
  first_signed_in_at: string | null;
  created_at: string;
  updated_at: string;
  /* --- disabled users (issue 26, migration 0026) --- */
  /** Set by the super admin: no sign-in, and every session of the user is refused. */
  disabled_at: Generated<string | null>;
  /* --- notification digest (issue 27, migration 0038) --- */
  /** "off" | "daily". */
  notification_digest: Generated<string>;
  /** Up to when the last digest email covered this user's notifications. */
  notification_digest_at: Generated<string | null>;
}

export interface SessionTable {
  /** sha256 of the opaque id in the cookie, so a leaked table cannot be replayed. */
  id_hash: string;
  user_id: string;
  tenant_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface VerificationTable {
  id: string;
  tenant_id: string;
  user_id: string;
  purpose: "verify-email" | "reset-password";
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PlanTable {
  id: string;
  key: string;
  name: string;
  price_cents: number;
  currency: string;
  billing_interval: "month" | "year";
  phone_number_limit: number;
  included_minutes: number;
  agent_limit: number;
  sort_order: number;
  /** Requests per API key and minute (migration 0028). */
  api_rate_limit_per_minute: Generated<number>;
  /** Migration 0030: 0 = retired (offered nowhere, its subscribers keep it). */
  active: Generated<number>;
  /** Cents per call minute beyond included_minutes (migration 0030; was a constant of 5). */
  overage_cents_per_minute: Generated<number>;
  /** Migration 0036: 1 = marked as recommended on /choose-plan (at most one plan). */
  recommended: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SubscriptionTable {
  id: string;
  tenant_id: string;
  plan_id: string;
  /** active; grace: a renewal failed and ends_at is the grace period's end; cancelled: runs until ends_at; lapsed: over. */
  status: "active" | "grace" | "cancelled" | "lapsed";
  started_at: string;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
  current_period_start: string | null;
  current_period_end: string | null;
  cancel_at_period_end: Generated<number>;
  next_plan_id: string | null;
  provider_ref: string | null;
  provider_state_at: string | null;
  /** The price and overage rate the current paid period was sold at (migration 0030): a plan's price change reaches a subscription at its next renewal. Null: the plan's. */
  period_price_cents: Generated<number | null>;
  period_overage_cents_per_minute: Generated<number | null>;
  period_included_minutes: Generated<number | null>;
}

export type Tenant = Selectable<TenantTable>;
export type Role = Selectable<RoleTable>;
export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Session = Selectable<SessionTable>;
export type Plan = Selectable<PlanTable>;
export type Subscription = Selectable<SubscriptionTable>;

export interface ApiKeyTable {
  id: string;
  tenant_id: string;
  name: string;
  /** The first characters of the key, shown so a user can tell keys apart; the key itself is never stored. */
  prefix: string;
  key_hash: string;
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Space-separated scopes (migration 0028); keys from before scopes were migrated to every scope. */
  scopes: Generated<string>;
  expires_at: string | null;
}

export type CallStatus = "queued" | "live" | "ended" | "missed" | "voicemail";
export type AudioStatus = "none" | "pending" | "stored" | "failed";
export type AnalysisStatus = "none" | "done" | "failed";

export interface CallTable {
  id: string;
  tenant_id: string;
  /** The voice platform's own id for the call; events refer to the call by it. */
  external_id: string;
  status: CallStatus;
  /** The call's type (docs/product/records.md#calls-and-recordings): stored lower-case, so the case-insensitive filter is an index lookup. */
  direction: string;
  from_number: string | null;
  to_number: string | null;
  campaign_name: string | null;
  campaign_type: string | null;
  agent_name: string | null;
  user_name: string | null;
  user_company: string | null;
  /** JSON object: caller details as the platform sent them. */
  caller: string | null;
  /** JSON array of { speaker, text, startSeconds? }. */
  transcript: string | null;
  transcript_text: string | null;
  summary: string | null;
  duration_seconds: number | null;
  /** JSON object. */
  extracted_data: string | null;
  escalated: Generated<number>;
  audio_file: string | null;
  audio_mime: string | null;
  audio_bytes: number | null;
  audio_url: string | null;
  audio_status: Generated<AudioStatus>;
  /** JSON: the stored analysis result. */
  analysis: string | null;
  analysis_status: Generated<AnalysisStatus>;
  analysis_provider: string | null;
  analyzed_at: string | null;
  sentiment: "positive" | "neutral" | "negative" | null;
  feedback_rating: number | null;
  feedback_text: string | null;
  feedback_at: string | null;
  /** Derived (app/features/calls/derived-columns.ts): never written by hand. */
  search_text: Generated<string>;
  sort_campaign: string | null;
  sort_from: string | null;
  sort_to: string | null;
  sort_agent: string | null;
  sort_user: string | null;
  sort_company: string | null;
  queued_at: string | null;
  started_at: string | null;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
  /** The platform's cost of the call in integer minor units of cost_currency (migration 0011); null: not reported. */
  cost_telephony_minor: number | null;
  cost_stt_minor: number | null;
  cost_llm_minor: number | null;
  cost_tts_minor: number | null;
  /** ISO 4217, upper case; null when the call has no cost breakdown. */
  cost_currency: string | null;
  /** The agent and the version of it that handled the call (migration 0017); null: not reported. */
  agent_id: string | null;
  agent_version: number | null;
  /** The moment (seconds into the call) the feedback is about, when its giver named one (migration 0021); null: not said. */
  feedback_moment_seconds: number | null;
}

export interface CallEventTable {
  tenant_id: string;
  event_id: string;
  type: string;
  call_id: string | null;
  received_at: string;
}

export type ApiKey = Selectable<ApiKeyTable>;
export type Call = Selectable<CallTable>;
export type NewCall = Insertable<CallTable>;
export type CallUpdate = Updateable<CallTable>;

// Contacts, numbers, knowledge bases and campaigns (migration 0005).

export interface ContactListTable {
  id: string;
  tenant_id: string;
  name: string;
  /** Lower-cased trimmed name; unique per tenant. */
  name_key: string;
  created_at: string;
  updated_at: string;
}

export interface ContactTable {
  id: string;
  tenant_id: string;
  list_id: string;
  first_name: string;
  last_name: Generated<string>;
  title: Generated<string>;
  company: Generated<string>;
  /** E.164. */
  phone: string;
  email: Generated<string>;
  /** IANA zone when the number names exactly one; null means the tenant's zone. */
  time_zone: string | null;
  opted_out_at: string | null;
  created_at: string;
  updated_at: string;
}

export type ContactImportStatus = "uploaded" | "mapped" | "importing" | "done" | "failed";

export interface ContactImportTable {
  id: string;
  tenant_id: string;
  user_id: string | null;
  file_name: string;
  stored_file: string;
  size_bytes: number;
  row_count: Generated<number>;
  mapping: string | null;
  removed_rows: Generated<string>;
  row_edits: Generated<string>;
  list_id: string | null;
  status: ContactImportStatus;
  processed_rows: Generated<number>;
  imported_count: Generated<number>;
  error: string | null;
  /** The import runner (process) running it while status is importing (migration 0009). */
  lease_owner: string | null;
  /** UTC ISO: until when that runner's claim holds without being renewed; past it, another runner takes the import over. */
  lease_until: string | null;
  /** Runs started for the current import (takeovers included); reset when the user starts it again. */
  attempts: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PhoneNumberTable {
  id: string;
  tenant_id: string;
  e164: string;
  label: Generated<string>;
  /** The agent answering inbound calls on this number (migration 0017). */
  agent_id: string | null;
  created_at: string;
  updated_at: string;
}

export type KnowledgeBaseType = "inbound" | "outbound";
export type TransferMode = "none" | "warm" | "cold";

export interface KnowledgeBaseTable {
  id: string;
  tenant_id: string;
  phone_number_id: string;
  name: string;
  type: KnowledgeBaseType;
  voice: string;
  first_message: string;
  content: string;
  tool_name: Generated<string>;
  template: Generated<string>;
  transfer_mode: Generated<TransferMode>;
  /** JSON array of E.164 numbers. */
  transfer_numbers: Generated<string>;
  source_file_name: string | null;
  is_default: Generated<number>;
  has_assistant: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type CampaignType = "inbound" | "outbound";
export type CampaignSendingType = "immediate" | "scheduled" | "recurring";
export type CampaignFrequency = "daily" | "weekly" | "monthly";
export type CampaignStatus = "draft" | "scheduled" | "running" | "paused" | "completed";

export interface CampaignTable {
  id: string;
  tenant_id: string;
  name: string;
  contact_list_id: string;
  phone_number_id: string;
  type: CampaignType;
  sending_type: CampaignSendingType;
  frequency: CampaignFrequency | null;
  /** Wall-clock "YYYY-MM-DDTHH:mm" in the tenant's zone. */
  schedule_local: string | null;
  /** JSON array of ISO weekdays, 1 = Monday. */
  window_days: Generated<string>;
  window_start_minute: Generated<number>;
  window_end_minute: Generated<number>;
  status: CampaignStatus;
  /** The agent placing the campaign's calls (migration 0017); null: the number's knowledge base speaks alone. */
  agent_id: string | null;
  /** 1: contacts get an email asking them to rate each answered call (migration 0021). */
  request_feedback: Generated<number>;
  next_run_at: string | null;
  last_run_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CampaignRunTable {
  id: string;
  tenant_id: string;
  campaign_id: string;
  run_key: string;
  status: "running" | "done" | "failed";
  lease_owner: string | null;
  lease_until: string | null;
  called_count: Generated<number>;
  skipped_count: Generated<number>;
  started_at: string;
  finished_at: string | null;
}

export type CampaignActivityKind = "logged" | "placed" | "failed" | "skipped" | "status";
export type SkipReason = "invalid" | "duplicate" | "outside-window" | "opted-out";

export interface CampaignActivityTable {
  id: string;
  tenant_id: string;
  campaign_id: string;
  run_id: string | null;
  contact_id: string | null;
  kind: CampaignActivityKind;
  phone: string | null;
  reason: string | null;
  platform_call_id: string | null;
  detail: string | null;
  created_at: string;
}

export type ContactList = Selectable<ContactListTable>;
export type Contact = Selectable<ContactTable>;
export type ContactImport = Selectable<ContactImportTable>;
export type PhoneNumber = Selectable<PhoneNumberTable>;
export type KnowledgeBase = Selectable<KnowledgeBaseTable>;
export type Campaign = Selectable<CampaignTable>;
export type CampaignRun = Selectable<CampaignRunTable>;
export type CampaignActivity = Selectable<CampaignActivityTable>;

export interface RateLimitCounterTable {
  key: string;
  count: number;
  /** UTC ISO: the end of the key's current window. */
  reset_at: string;
}

/* ---------- billing (migration 0010) ---------- */

export type PaymentProviderKind = "test" | "stripe";

export interface BillingAccountTable {
  tenant_id: string;
  currency: string;
  /** Always the sum of the tenant's ledger entries (written with each entry). */
  balance_cents: Generated<number>;
  provider: PaymentProviderKind;
  provider_customer_ref: string | null;
  auto_topup_enabled: Generated<number>;
  auto_topup_threshold_cents: Generated<number>;
  auto_topup_amount_cents: Generated<number>;
  auto_topup_monthly_cap_cents: Generated<number>;
  auto_topup_failed_at: string | null;
  auto_topup_failure_code: string | null;
  next_invoice_number: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type CardPriority = "primary" | "backup";

export interface PaymentMethodTable {
  id: string;
  tenant_id: string;
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  priority: CardPriority | null;
  created_at: string;
}

export type ChargePurpose = "topup" | "auto-topup" | "subscription";
export type ChargeStatus = "pending" | "succeeded" | "failed";

export interface ChargeTable {
  id: string;
  tenant_id: string;
  request_key: string;
  purpose: ChargePurpose;
  amount_cents: number;
  currency: string;
  payment_method_id: string | null;
  status: ChargeStatus;
  failure_code: string | null;
  provider_ref: string | null;
  details: Generated<string>;
  requested_by: string | null;
  created_at: string;
  settled_at: string | null;
}

export type LedgerKind = "topup" | "payment" | "subscription" | "usage" | "refund" | "adjustment";

export interface LedgerEntryTable {
  id: string;
  tenant_id: string;
  /** 1, 2, 3… per tenant in booking order. */
  seq: number;
  kind: LedgerKind;
  amount_cents: number;
  balance_after_cents: number;
  description_key: string;
  description_values: Generated<string>;
  reference: string;
  charge_id: string | null;
  created_at: string;
}

export interface InvoiceTable {
  id: string;
  tenant_id: string;
  number: number;
  charge_id: string;
  item_key: string;
  item_values: Generated<string>;
  status: "paid";
  amount_cents: number;
  currency: string;
  card_brand: string | null;
  card_last4: string | null;
  created_at: string;
  /** When the payment was returned (migration 0032); null while it stands. */
  refunded_at: Generated<string | null>;
  /** Tax snapshot taken at issue (migration 0040); null on invoices issued before it. JSON of InvoiceParty (app/features/billing/tax/invoice-tax.server.ts). */
  seller_snapshot: Generated<string | null>;
  buyer_snapshot: Generated<string | null>;
  net_cents: Generated<number | null>;
  tax_rate_bp: Generated<number | null>;
  tax_cents: Generated<number | null>;
  /** TaxNote key (tax-rule.ts) or null. */
  tax_note: Generated<string | null>;
  /** The period a plan invoice bills (migration 0041), ISO instants; null for top-ups and older invoices. */
  service_period_start: Generated<string | null>;
  service_period_end: Generated<string | null>;
}

/** The buyer's details for tax invoices (migration 0040), one per tenant. */
export interface BillingDetailsTable {
  tenant_id: string;
  legal_name: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Normalised (vat-id.ts), null when the buyer has none. */
  vat_id: string | null;
  tax_exempt: Generated<number>;
  updated_at: string;
}

/** A country's VAT rate from a UTC day on (migration 0041), set on /products/tax-rates; one per country and day. */
export interface TaxRateChangeTable {
  id: string;
  country: string;
  rate_bp: number;
  /** YYYY-MM-DD (UTC). */
  effective_from: string;
  created_by: string | null;
  created_at: string;
}

/** Country → VAT rate in basis points (migration 0040). */
export interface TaxRateTable {
  country: string;
  rate_bp: number;
  updated_at: string;
}

export interface TestProviderPaymentTable {
  idempotency_key: string;
  payment_method_ref: string;
  amount_cents: number;
  currency: string;
  status: "succeeded" | "failed";
  failure_code: string | null;
  created_at: string;
}

export interface BillingEventTable {
  id: string;
  type: string;
  tenant_id: string | null;
  occurred_at: string;
  received_at: string;
}

export type BillingAccount = Selectable<BillingAccountTable>;
export type PaymentMethod = Selectable<PaymentMethodTable>;
export type Charge = Selectable<ChargeTable>;
export type LedgerEntry = Selectable<LedgerEntryTable>;
export type Invoice = Selectable<InvoiceTable>;

/* ---------- organizations and teams (migration 0012) ---------- */

export interface OrganizationTable {
  id: string;
  tenant_id: string;
  name: string;
  /** The name folded for sorting: lower case, accents off. */
  sort_name: string;
  website: string | null;
  logo_file: string | null;
  owner_user_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrganizationMemberTable {
  organization_id: string;
  user_id: string;
  role_key: string;
  created_at: string;
}

export interface TeamTable {
  id: string;
  tenant_id: string;
  organization_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface TeamMemberTable {
  team_id: string;
  user_id: string;
  created_at: string;
}

export type Organization = Selectable<OrganizationTable>;
export type Team = Selectable<TeamTable>;

export interface InvitationTable {
  id: string;
  tenant_id: string;
  organization_id: string;
  email: string;
  role_key: string;
  language: string;
  token_hash: string;
  invited_by_user_id: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export interface EventTypeTable {
  id: string;
  tenant_id: string;
  team_id: string;
  name: string;
  duration_minutes: number;
  location_kind: string;
  location_detail: string | null;
  appointment_type: string;
  buffer_before_minutes: Generated<number>;
  buffer_after_minutes: Generated<number>;
  minimum_notice_minutes: Generated<number>;
  bookable_days_ahead: number;
  assignment: string;
  color: string;
  calcom_event_type_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventTypeHostTable {
  event_type_id: string;
  user_id: string;
}

export interface StaffScheduleTable {
  user_id: string;
  tenant_id: string;
  time_zone: string;
  /** JSON: { "1": [{ "start": "09:00", "end": "17:00" }], … } by ISO weekday. */
  weekly_hours: string;
  updated_at: string;
}

export interface StaffOverrideTable {
  id: string;
  tenant_id: string;
  user_id: string;
  date: string;
  /** JSON array of { start, end }; [] is a day off. */
  hours: string;
  created_at: string;
}

export interface AppointmentTable {
  id: string;
  tenant_id: string;
  organization_id: string;
  team_id: string | null;
  event_type_id: string | null;
  host_user_id: string | null;
  contact_id: string | null;
  title: string;
  appointment_type: string;
  location_kind: string;
  location_detail: string | null;
  contact_name: string;
  contact_email: string | null;
  contact_phone: string | null;
  start_at: string;
  end_at: string;
  time_zone: string;
  status: string;
  reschedule_count: Generated<number>;
  cancel_reason: string | null;
  notes: string | null;
  sequence: Generated<number>;
  source: string;
  call_id: string | null;
  client_key: string | null;
  calcom_uid: string | null;
  created_by_user_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface AppointmentLogTable {
  id: string;
  tenant_id: string;
  appointment_id: string;
  action: string;
  actor_kind: string;
  actor_user_id: string | null;
  details: string;
  at: string;
}

export interface CalendarFeedTable {
  id: string;
  tenant_id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface CalcomConnectionTable {
  id: string;
  tenant_id: string;
  organization_id: string;
  team_id: string | null;
  base_url: string;
  api_key_sealed: string;
  api_key_last4: string;
  webhook_secret_sealed: string;
  account_email: string | null;
  account_time_zone: string | null;
  last_sync_at: string | null;
  last_sync_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface CalcomWebhookEventTable {
  id: string;
  tenant_id: string;
  received_at: string;
}

/* ---------- integration hub (migration 0015) ---------- */

export type IntegrationStatus = "enabled" | "disabled";

export interface IntegrationTable {
  id: string;
  tenant_id: string;
  organization_id: string;
  template_id: string;
  /** JSON IntegrationTemplate when template_id is "custom". */
  custom_template: string | null;
  crm_name: string;
  status: IntegrationStatus;
  base_url: string;
  secret_sealed: string;
  secret_last4: string;
  /** JSON Record<string, string>: the values mappings read as settings.*. */
  settings: string;
  /** JSON Record<endpointName, { enabled: boolean; includeInSync: boolean }>. */
  endpoint_settings: string;
  /** JSON FieldMapping[]. */
  contacts_mapping: string;
  appointments_mapping: string;
  restricted_contacts: number;
  send_lead_on_email: number;
  lead_email: string | null;
  send_lead_on_crm_only: number;
  records_synced: Generated<number>;
  syncs: Generated<number>;
  successful_syncs: Generated<number>;
  last_test_at: string | null;
  last_test_ok: number | null;
  last_test_summary: string | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationLinkTable {
  integration_id: string;
  tenant_id: string;
  record_kind: string;
  record_id: string;
  external_id: string;
  updated_at: string;
}

export interface IntegrationRateWindowTable {
  integration_id: string;
  window: "minute" | "hour" | "day";
  window_start: string;
  count: number;
}

export interface IntegrationWebhookTable {
  id: string;
  tenant_id: string;
  integration_id: string;
  url: string;
  /** JSON string[]. */
  events: string;
  secret_sealed: string;
  created_at: string;
}

export type DeliveryStatus = "queued" | "sending" | "succeeded" | "failed" | "skipped";

export interface IntegrationDeliveryTable {
  id: string;
  tenant_id: string;
  integration_id: string;
  webhook_id: string | null;
  target: string;
  event: string;
  record_kind: string;
  record_id: string;
  record_label: string;
  /** JSON SourceRecord. */
  snapshot: string;
  idempotency_key: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export type CrmLogKind = "test" | "delivery" | "execute" | "webhook" | "email";
export type CrmLogOutcome = "success" | "http-error" | "timeout" | "network" | "refused" | "invalid";

export interface CrmLogTable {
  id: string;
  tenant_id: string;
  integration_id: string;
  delivery_id: string | null;
  crm_name: string;
  kind: CrmLogKind;
  source: string;
  target: string;
  method: string;
  url: string;
  /** JSON Record<string, string>, secrets redacted. */
  request_headers: string;
  request_body: string | null;
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
  outcome: CrmLogOutcome;
  error: string | null;
  duration_ms: number;
  attempt: number;
  /** When the delivery tries again after this request; null when it does not. */
  retry_at: string | null;
  created_at: string;
}

export type EventType = Selectable<EventTypeTable>;
export type Appointment = Selectable<AppointmentTable>;

/** Durable work a change's subscribers enqueued in its transaction (app/db/outbox.server.ts). */
export interface OutboxJobTable {
  id: string;
  tenant_id: string;
  kind: string;
  /** JSON, the job kind's payload. */
  payload: string;
  status: "queued" | "running" | "done" | "failed";
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export type AgentTemplateStatus = "draft" | "published" | "retired";

export interface AgentTemplateTable {
  id: string;
  name: string;
  description: string;
  language: string;
  /** JSON: an agent configuration (app/features/agents/agent-config.ts). */
  config: string;
  status: AgentTemplateStatus;
  created_at: string;
  updated_at: string;
}

export interface AgentTable {
  id: string;
  tenant_id: string;
  name: string;
  language: string;
  /** JSON: the working draft (app/features/agents/agent-config.ts). */
  config: string;
  template_id: string | null;
  published_version: number | null;
  has_unpublished_changes: Generated<number>;
  disabled_at: string | null;
  disabled_reason: string | null;
  retention_purged_at: string | null;
  retention_purged_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AgentVersionTable {
  id: string;
  tenant_id: string;
  agent_id: string;
  version: number;
  config: string;
  record_calls: number;
  redact_cards: number;
  redact_emails: number;
  transcript_retention_days: number;
  published_by: string | null;
  published_at: string;
}

export type Agent = Selectable<AgentTable>;
export type AgentVersion = Selectable<AgentVersionTable>;
export type AgentTemplate = Selectable<AgentTemplateTable>;
/** A wizard or page tour a user has seen, one row per user and wizard type (docs/product/behaviour.md#onboarding-wizard). */
export interface OnboardingSeenTable {
  tenant_id: string;
  user_id: string;
  wizard_type: string;
  seen_at: string;
}

/** The call types a user chose in the onboarding wizard's quick profile step; 0/1 each. */
export interface OnboardingProfileTable {
  user_id: string;
  tenant_id: string;
  inbound: number;
  outbound: number;
  live_call: number;
  updated_at: string;
}

export type VoiceProviderName = "vapi" | "retell";

/** The voice platform a tenant connected (docs/decisions/0030-voice-providers.md); the key and Vapi's report secret sealed (app/lib/security/secrets.server.ts). */
export interface VoiceProviderAccountTable {
  tenant_id: string;
  provider: VoiceProviderName;
  api_key_sealed: string;
  api_key_last4: string;
  /** The unguessable part of the webhook URL that names the tenant: /webhooks/<provider>/<webhook_key>. */
  webhook_key: string;
  /** Vapi's server URL secret (sent back as X-Vapi-Secret); Retell signs with the API key instead. */
  webhook_secret_sealed: string;
  connected_by: string | null;
  connected_at: string;
}
export type VoiceProviderAccount = Selectable<VoiceProviderAccountTable>;

export type AgentPushStatus = "pending" | "pushed" | "failed";

/** What the platform calls an agent (Vapi's assistant; Retell's agent and its LLM) and how its last push went. */
export interface AgentProviderLinkTable {
  tenant_id: string;
  agent_id: string;
  provider: VoiceProviderName;
  external_id: string | null;
  external_llm_id: string | null;
  pushed_version: number | null;
  status: AgentPushStatus;
  error: string | null;
  updated_at: string;
}
export type AgentProviderLink = Selectable<AgentProviderLinkTable>;

// Post-call templates (migration 0020, docs/decisions/0031-post-call-templates.md).

export interface PostCallTemplateTable {
  id: string;
  tenant_id: string;
  name: string;
  /** Lower-cased trimmed name; unique per tenant. */
  name_key: string;
  current_version: number;
  /** 1 for the tenant's default (at most one, by a partial unique index). */
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PostCallTemplateVersionTable {
  tenant_id: string;
  template_id: string;
  version: number;
  /** JSON: a template definition (app/features/post-call/template-definition.ts). */
  definition: string;
  created_by: string | null;
  created_at: string;
}

export type PostCallTargetKind = "campaign" | "agent" | "number";

export interface PostCallAssignmentTable {
  tenant_id: string;
  target_kind: PostCallTargetKind;
  target_id: string;
  template_id: string;
  created_at: string;
}

export interface CallTemplateResultTable {
  tenant_id: string;
  call_id: string;
  template_id: string;
  template_version: number;
  provider: string;
  summary: string | null;
  /** JSON: the extraction (app/features/post-call/extraction.ts). */
  result: string;
  analyzed_at: string;
}

export interface CallFieldValueTable {
  tenant_id: string;
  call_id: string;
  template_id: string;
  field_key: string;
  found: number;
  /** Text and choice as said; yes/no as "yes" or "no"; a date as YYYY-MM-DD. */
  value_text: string | null;
  /** Numbers; yes/no as 1 or 0. */
  value_number: number | null;
}

export type CriterionVerdict = "met" | "not-met" | "unknown";

export interface CallCriteriaResultTable {
  tenant_id: string;
  call_id: string;
  template_id: string;
  criterion_key: string;
  verdict: CriterionVerdict;
  reason: string | null;
}

export type RerunStatus = "queued" | "running" | "done" | "failed";

export interface PostCallRerunTable {
  id: string;
  tenant_id: string;
  template_id: string;
  template_version: number;
  /** JSON: the filter the calls were chosen by. */
  filter: string;
  status: RerunStatus;
  total: Generated<number>;
  processed: Generated<number>;
  changed: Generated<number>;
  failed: Generated<number>;
  requested_by: string | null;
  created_at: string;
  finished_at: string | null;
}

export type RerunCallOutcome = "changed" | "unchanged" | "failed";

export interface PostCallRerunCallTable {
  rerun_id: string;
  tenant_id: string;
  call_id: string;
  position: number;
  outcome: RerunCallOutcome | null;
  /** JSON: the field values and verdicts before and after (only when changed). */
  before: string | null;
  after: string | null;
}

// Post-call feedback (migration 0021, docs/decisions/0033-post-call-feedback.md).

/** One emailed rating link per call (app/features/feedback/requests.server.ts). */
export interface FeedbackRequestTable {
  id: string;
  tenant_id: string;
  call_id: string;
  campaign_id: string | null;
  contact_id: string | null;
  /** Where the link went. */
  email: string;
  /** SHA-256 (hex) of the link's token; null until the email is sent. */
  token_hash: string | null;
  sent_at: string | null;
  expires_at: string | null;
  /** Set by the one submission that used the link. */
  used_at: string | null;
  created_at: string;
}
export type FeedbackRequest = Selectable<FeedbackRequestTable>;

// Deals (migration 0023, docs/decisions/0035-deal-pipelines.md).

export type DealStageKind = "open" | "won" | "lost";

export interface DealPipelineTable {
  id: string;
  tenant_id: string;
  /** Null: the default pipeline's name in the reader's language, until renamed. */
  name: string | null;
  /** Lower-cased trimmed name, unique per tenant; null while the name is. */
  name_key: string | null;
  /** 1 for the tenant's default pipeline (exactly one once the tenant has any, by a partial unique index). */
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface DealStageTable {
  id: string;
  tenant_id: string;
  pipeline_id: string;
  /** Null: the built-in stage's name (system_key) in the reader's language, until renamed. */
  name: string | null;
  system_key: string | null;
  kind: DealStageKind;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface DealTable {
  id: string;
  tenant_id: string;
  pipeline_id: string;
  stage_id: string;
  title: string;
  /** Minor units of `currency` (cents). */
  value_minor: number;
  /** ISO 4217. */
  currency: string;
  contact_id: string | null;
  owner_user_id: string | null;
  /** A calendar day, YYYY-MM-DD. */
  expected_close_on: string | null;
  lost_reason: string | null;
  closed_at: string | null;
  call_id: string | null;
  created_by: string | null;
  stage_entered_at: string;
  created_at: string;
  updated_at: string;
}
export type DealPipeline = Selectable<DealPipelineTable>;
export type DealStage = Selectable<DealStageTable>;
export type Deal = Selectable<DealTable>;

// Service desk (migration 0022, docs/decisions/0036-service-desk.md).

export type TicketStatus = "open" | "pending" | "resolved" | "closed";
export type TicketPriority = "urgent" | "high" | "normal" | "low";
/** How the ticket came to be: by hand, by hand from a recording, or by the app for an escalated or low-rated call. */
export type TicketSource = "manual" | "recording" | "escalated" | "low-rating";

export interface ServiceDeskSettingsTable {
  tenant_id: string;
  /** 1: an escalated call or a rating of 2 or lower makes a ticket. */
  auto_tickets: Generated<number>;
  urgent_first_response_minutes: number;
  urgent_resolution_minutes: number;
  high_first_response_minutes: number;
  high_resolution_minutes: number;
  normal_first_response_minutes: number;
  normal_resolution_minutes: number;
  low_first_response_minutes: number;
  low_resolution_minutes: number;
  round_robin_last_user_id: string | null;
  next_ticket_number: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ServiceDeskAvailabilityTable {
  tenant_id: string;
  user_id: string;
  available: number;
  updated_at: string;
}

export interface TicketTable {
  id: string;
  tenant_id: string;
  /** Shown as #number; unique per tenant. */
  number: number;
  subject: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  source: TicketSource;
  /** The call the ticket was made from; unique per tenant (one ticket per call). */
  source_call_id: string | null;
  assignee_user_id: string | null;
  contact_id: string | null;
  /** Null: made by the app. */
  created_by: string | null;
  first_response_due_at: string;
  resolution_due_at: string;
  /** The next deadline that still counts; null once resolved or closed. */
  due_at: string | null;
  first_responded_at: string | null;
  resolved_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}
export type Ticket = Selectable<TicketTable>;

export interface TicketTagTable {
  tenant_id: string;
  ticket_id: string;
  tag: string;
}

export interface TicketCallTable {
  tenant_id: string;
  ticket_id: string;
  call_id: string;
  linked_by: string | null;
  created_at: string;
}

export interface TicketNoteTable {
  id: string;
  tenant_id: string;
  ticket_id: string;
  author_user_id: string | null;
  body: string;
  created_at: string;
}

export type TicketActivityKind =
  "created" | "subject" | "description" | "status" | "priority" | "assignee" | "contact" | "tags" | "note" | "call-linked" | "call-unlinked";

export interface TicketActivityTable {
  id: string;
  tenant_id: string;
  ticket_id: string;
  actor_user_id: string | null;
  kind: TicketActivityKind;
  from_value: string | null;
  to_value: string | null;
  created_at: string;
}

/* ---- Contact center (migration 0024) ---- */

/** Where an opt-out was changed: the contact form, a quick action (the contact list's or the contact center's), or "recorded" (opted out before this history was kept). */
export type OptOutSource = "form" | "contacts-list" | "contact-center" | "recorded";

export interface ContactOptOutChangeTable {
  id: string;
  tenant_id: string;
  contact_id: string;
  /** 1: opted out; 0: opted back in. */
  opted_out: number;
  source: OptOutSource;
  actor_user_id: string | null;
  at: string;
}

/* ---- Audit log (migration 0025) ---- */

/** Append-only (a trigger refuses UPDATE and DELETE); no foreign keys, so an entry outlives what it names. */
export interface AuditLogTable {
  id: string;
  tenant_id: string | null;
  actor_user_id: string | null;
  /** Who acted, as they were called then: "Olivia Owner <owner@demo.test>", or "System". */
  actor_label: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON object. */
  details: Generated<string>;
  ip: string | null;
  request_id: string | null;
  at: string;
}

/* --- two-factor sign-in (issue 26, migration 0027) --- */
export interface TwoFactorCredentialTable {
  user_id: string;
  tenant_id: string;
  /** The base32 TOTP secret, sealed (app/lib/security/secrets.server.ts). */
  secret: string;
  /** Null while the user is enrolling (the QR code is shown, no code confirmed yet). */
  confirmed_at: string | null;
  /** The TOTP time step of the last accepted code: that step and every earlier one is refused. */
  last_used_step: number | null;
  created_at: string;
}

export interface TwoFactorRecoveryCodeTable {
  id: string;
  user_id: string;
  tenant_id: string;
  /** SHA-256 (hex) of the normalised code; the code itself is shown once and never stored. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/* --- single sign-on (issue 26, migration 0029) --- */
export interface OidcIdentityTable {
  issuer: string;
  subject: string;
  user_id: string;
  tenant_id: string;
  /** The verified email that linked the account (the subject, not this, finds the user later). */
  email: string;
  created_at: string;
  last_used_at: string;
}

// --- API usage and rate limits (migration 0028, features/api-keys) ---
export interface ApiRateWindowTable {
  key_id: string;
  /** ISO start of the UTC minute. */
  window_start: string;
  count: number;
}

export interface ApiUsageDailyTable {
  tenant_id: string;
  key_id: string;
  /** The route pattern, e.g. "GET /api/v1/calls/{callId}", never the raw URL. */
  endpoint: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  status_class: string;
  count: number;
  latency_ms_total: number;
  latency_le_25: Generated<number>;
  latency_le_50: Generated<number>;
  latency_le_100: Generated<number>;
  latency_le_250: Generated<number>;
  latency_le_500: Generated<number>;
  latency_le_1000: Generated<number>;
  latency_le_2500: Generated<number>;
  latency_over_2500: Generated<number>;
}

// --- The affiliate programme (migration 0032, features/affiliates) ---
export interface AffiliateSettingsTable {
  id: string;
  commission_rate_bps: number;
  hold_days: number;
  payout_minimum_cents: number;
  cookie_days: number;
  updated_at: string;
}

export type AffiliateStatus = "applied" | "approved" | "rejected";

export interface AffiliateTable {
  id: string;
  user_id: string;
  tenant_id: string;
  status: AffiliateStatus;
  /** Overrides the programme's rate when set. */
  rate_bps: number | null;
  referral_code: string;
  note: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface AffiliateReferralTable {
  id: string;
  affiliate_id: string;
  referred_tenant_id: string;
  attributed_at: string;
}

export type AffiliateCommissionKind = "commission" | "clawback";
/** Stored states; "payable" is a held line past its available_at (features/affiliates/commission.ts). */
export type AffiliateCommissionStatus = "held" | "paid" | "clawed_back";

export interface AffiliateCommissionTable {
  id: string;
  affiliate_id: string;
  referred_tenant_id: string;
  invoice_id: string;
  kind: AffiliateCommissionKind;
  invoice_amount_cents: number;
  rate_bps: number;
  amount_cents: number;
  currency: string;
  status: AffiliateCommissionStatus;
  payout_id: string | null;
  available_at: string;
  created_at: string;
}

export type PayoutState = "PENDING_APPROVAL" | "APPROVED_PENDING_PAYMENT" | "PAID" | "REJECTED";
export type PayoutMethod = "money" | "balance";

export interface AffiliatePayoutTable {
  id: string;
  affiliate_id: string;
  amount_cents: number;
  currency: string;
  method: PayoutMethod;
  state: PayoutState;
  reason: string | null;
  requested_at: string;
  approved_at: string | null;
  paid_at: string | null;
  rejected_at: string | null;
}

/** One notification for one user (migration 0038): rendered from kind + params in the reader's language, never stored as text. */
export interface NotificationTable {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: string;
  /** JSON object of the message's parameters (app/features/notifications/messages.ts). */
  params: string;
  /** Same-origin path opened when the notification is. */
  link: string;
  created_at: string;
  read_at: string | null;
}
