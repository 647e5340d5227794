import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types for Kysely. Timestamps are ISO-8601 strings and booleans are 0/1
 * integers so the same migrations run on SQLite and PostgreSQL.
 */
export interface Database {
  tenants: TenantTable;
  roles: RoleTable;
  users: UserTable;
  sessions: SessionTable;
  verifications: VerificationTable;
  plans: PlanTable;
  subscriptions: SubscriptionTable;
}

export interface TenantTable {
  id: string;
  name: string;
  time_zone: string;
  created_at: string;
  updated_at: string;
}

export interface RoleTable {
  id: string;
  key: string;
  name: string;
  /** JSON: { [firstPathSegment]: Array<"read" | "create" | "update" | "delete"> } */
  permissions: string;
  is_platform_admin: Generated<number>;
  created_at: string;
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
  created_at: string;
  updated_at: string;
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
}

export interface SubscriptionTable {
  id: string;
  tenant_id: string;
  plan_id: string;
  status: "active" | "grace" | "cancelled";
  started_at: string;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
}

export type Tenant = Selectable<TenantTable>;
export type Role = Selectable<RoleTable>;
export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Session = Selectable<SessionTable>;
export type Plan = Selectable<PlanTable>;
export type Subscription = Selectable<SubscriptionTable>;
