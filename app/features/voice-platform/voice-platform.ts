/**
 * What campaigns need from a voice platform: place one call from a business
 * number to a contact, with the knowledge base the agent speaks from. The
 * job runner is the only caller; it records what came of each call as a
 * campaign activity entry: "logged" when no platform is configured (the
 * call is written down, not placed), "placed" when the platform took it,
 * "failed" with the platform's message when it refused or did not answer.
 */
export interface PlaceCallRequest {
  /** The contact's number, E.164. */
  to: string;
  /** The business number the call comes from, E.164. */
  from: string;
  campaignId: string;
  /** The campaign's name, passed through the platform's call metadata so its report names the campaign (Vapi, Retell). */
  campaignName?: string;
  contactId: string;
  /** The knowledge base of the campaign's type on its number; null when the campaign's agent speaks without one. */
  knowledgeBaseId: string | null;
  /** The agent placing the call and the version of it that speaks; null: the knowledge base speaks alone. */
  agentId?: string | null;
  agentVersion?: number | null;
  /** The campaign run this call belongs to; with contactId it identifies the call for the platform's own deduplication. */
  runId: string;
  tenantId: string;
}

export interface PlaceCallResult {
  /** The platform's id of the call; for the logging default, an id of its own. */
  callId: string;
  /** What this call's success means when it differs from the platform's `outcome` (a tenant's own platform places what the default would log). */
  outcome?: "logged" | "placed";
}

export interface VoicePlatform {
  /** What a successful placeCall means, as an activity kind. */
  readonly outcome: "logged" | "placed";
  placeCall(request: PlaceCallRequest): Promise<PlaceCallResult>;
}

/** A call the platform refused or did not answer; the message goes into the activity log as it is. */
export class VoicePlatformError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VoicePlatformError";
  }
}
