/**
 * The columns the list derives from a call, computed in one place so that
 * ingestion, the seed and the bulk loader can never disagree with the query.
 *
 * Search (docs/product/behaviour.md#recordings-search-and-sort): a case-insensitive substring match on campaign
 * name, to, from, agent name, user name, user company, transcript and
 * summary. Each field is lower-cased with String#toLowerCase and the fields
 * are joined by a separator no search term can contain, so a match never
 * spans two fields. A term matches a call exactly when
 * `searchText.includes(normaliseSearchTerm(term))`.
 */
export const SEARCH_FIELD_SEPARATOR = "\u001f";

export interface SearchableFields {
  campaignName?: string | null;
  to?: string | null;
  from?: string | null;
  agentName?: string | null;
  userName?: string | null;
  userCompany?: string | null;
  transcriptText?: string | null;
  summary?: string | null;
}

const clean = (value: string | null | undefined) => (value ?? "").replaceAll(SEARCH_FIELD_SEPARATOR, " ").toLowerCase();

export function buildSearchText(fields: SearchableFields) {
  return [fields.campaignName, fields.to, fields.from, fields.agentName, fields.userName, fields.userCompany, fields.transcriptText, fields.summary]
    .map(clean)
    .join(SEARCH_FIELD_SEPARATOR);
}

export function normaliseSearchTerm(term: string) {
  return term.replaceAll(SEARCH_FIELD_SEPARATOR, " ").toLowerCase();
}

/**
 * A key whose plain (binary) order is our locale order (docs/product/behaviour.md#recordings-search-and-sort):
 * German umlauts and other accented letters sort with their base letter,
 * case is ignored, ß sorts as ss. Ties fall back to created_at in the query.
 * Missing values stay null, which SQL sorts first ascending and last descending.
 */
export function sortKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .trim();
}

export function derivedCallColumns(fields: SearchableFields) {
  return {
    search_text: buildSearchText(fields),
    sort_campaign: sortKey(fields.campaignName),
    sort_from: sortKey(fields.from),
    sort_to: sortKey(fields.to),
    sort_agent: sortKey(fields.agentName),
    sort_user: sortKey(fields.userName),
    sort_company: sortKey(fields.userCompany),
  };
}

export interface TranscriptTurn {
  speaker: string;
  text: string;
  /** Seconds from the start of the recording, when the platform knows it. */
  startSeconds?: number;
}

/** The transcript as one searchable, readable text: "Speaker: words" per line. */
export function transcriptToText(turns: TranscriptTurn[]) {
  return turns.map((turn) => `${turn.speaker}: ${turn.text}`).join("\n");
}
