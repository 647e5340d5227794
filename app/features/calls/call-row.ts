import type { CallStatus, NewCall } from "~/db/schema";
import { derivedCallColumns, transcriptToText, type TranscriptTurn } from "./derived-columns";

/** A call as the domain speaks of it; `buildCallRow` turns it into a database row with every derived column filled in. */
export interface CallInput {
  id: string;
  tenantId: string;
  externalId: string;
  status: CallStatus;
  direction: string;
  from?: string | null;
  to?: string | null;
  campaignName?: string | null;
  campaignType?: string | null;
  agentName?: string | null;
  userName?: string | null;
  userCompany?: string | null;
  caller?: Record<string, unknown> | null;
  transcript?: TranscriptTurn[] | null;
  summary?: string | null;
  durationSeconds?: number | null;
  extractedData?: Record<string, unknown> | null;
  escalated?: boolean;
  audioUrl?: string | null;
  queuedAt?: string | null;
  startedAt?: string | null;
  endedAt?: string | null;
  /** The call's moment in lists and charts: when it ended, else started, else was queued. */
  createdAt: string;
  updatedAt?: string;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export function buildCallRow(input: CallInput): NewCall {
  const transcriptText = input.transcript ? transcriptToText(input.transcript) : null;
  return {
    id: input.id,
    tenant_id: input.tenantId,
    external_id: input.externalId,
    status: input.status,
    direction: input.direction.toLowerCase(),
    from_number: input.from ?? null,
    to_number: input.to ?? null,
    campaign_name: input.campaignName ?? null,
    campaign_type: input.campaignType ?? null,
    agent_name: input.agentName ?? null,
    user_name: input.userName ?? null,
    user_company: input.userCompany ?? null,
    caller: json(input.caller),
    transcript: json(input.transcript),
    transcript_text: transcriptText,
    summary: input.summary ?? null,
    duration_seconds: input.durationSeconds ?? null,
    extracted_data: json(input.extractedData),
    escalated: input.escalated ? 1 : 0,
    audio_url: input.audioUrl ?? null,
    audio_status: input.audioUrl ? "pending" : "none",
    queued_at: input.queuedAt ?? null,
    started_at: input.startedAt ?? null,
    ended_at: input.endedAt ?? null,
    created_at: input.createdAt,
    updated_at: input.updatedAt ?? input.createdAt,
    ...derivedCallColumns({
      campaignName: input.campaignName,
      to: input.to,
      from: input.from,
      agentName: input.agentName,
      userName: input.userName,
      userCompany: input.userCompany,
      transcriptText,
      summary: input.summary,
    }),
  };
}
