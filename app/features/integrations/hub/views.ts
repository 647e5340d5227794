import type { CrmLogOutcome } from "~/db/schema";
import type { MappingProblem } from "../mapping/mapping";
import type { MappingRow, RowErrors } from "../mapping/mapping-rows";

/** What the integration page's loader hands its components (plain data, shared by server and browser). */

export interface IntegrationSummary {
  id: string;
  crmName: string;
  templateCrm: string;
  status: "enabled" | "disabled";
  baseUrl: string;
  secretLast4: string;
  authType: "api_key" | "bearer";
  organizationName: string;
  createdAt: string;
  lastTestAt: string | null;
  lastTest: ConnectionTestResult | null;
  stats: { recordsSynced: number; syncs: number; successfulSyncs: number; successRate: number | null; queued: number };
  syncEndpoints: string[];
}

export interface EndpointRow {
  name: string;
  method: string;
  path: string;
  description: string;
  role: "create" | "update" | "read";
  kind: "contact" | "appointment" | null;
  enabled: boolean;
  includeInSync: boolean;
}

export interface ExecuteDraft {
  endpointName: string;
  method: string;
  path: string;
  pathParameters: string[];
  payload: string;
  takesPayload: boolean;
}

export interface ExecuteResult {
  ok: boolean;
  outcome: string;
  status: number | null;
  durationMs: number;
  excerpt: string;
  error: string | null;
  logId: string | null;
}

export interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
  deliveries: number;
  lastOutcome: string | null;
}

export interface MappingEditorData {
  integrationId: string;
  kind: "contact" | "appointment";
  rows: MappingRow[];
  errors: RowErrors;
  sources: string[];
  sampleLabel: string | null;
  preview: {
    endpointName: string | null;
    payload: string;
    problems: MappingProblem[];
    schemaProblems: Array<{ path: string; message: string }>;
    others: Array<{ label: string; problems: Array<{ field: string; code: string }> }>;
  };
  /** The rows were changed and checked but not saved. */
  unsaved: boolean;
  canUpdate: boolean;
}

export type ConnectionTestResult =
  | { ok: true; endpointName: string; status: number; durationMs: number; excerpt: string }
  | {
      ok: false;
      endpointName: string | null;
      outcome: CrmLogOutcome | "no-endpoint" | "rate-limited";
      status: number | null;
      durationMs: number;
      excerpt: string;
      error: string | null;
    };
