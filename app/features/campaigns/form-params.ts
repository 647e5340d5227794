import type { CampaignType } from "~/db/schema";

/**
 * A half-filled campaign form as URL params, so it survives a detour: the
 * link to create a missing knowledge base carries the form back in its
 * returnTo, and the scriptless "Apply" submits it by GET to show the fields
 * the chosen sending type needs. Each form page reads its initial values
 * from these params; anything they lack keeps the page's own default.
 * Values are not judged here: the form's schema does that on save.
 */
export interface CampaignFormDefaults {
  name: string;
  contactListId: string;
  type: CampaignType;
  sendingType: string;
  frequency: string;
  scheduleAt: string;
  phoneNumberId: string;
  /** The agent placing the calls; "" for none (the number's knowledge base speaks alone). */
  agentId: string;
  /** Ask each answered contact for a rating by email (docs/product/feedback.md#rating-link): "on" as a ticked box sends it, else "". */
  requestFeedback: string;
  windowDays: string[];
  windowStart: string;
  windowEnd: string;
}

const TEXT_FIELDS = ["name", "contactListId", "sendingType", "frequency", "scheduleAt", "phoneNumberId", "agentId", "windowStart", "windowEnd"] as const;
/** Longer than any valid value, short enough to keep a URL sane. */
const MAX_LENGTH = 200;

export function formDefaultsFromSearch(search: URLSearchParams, base: CampaignFormDefaults): CampaignFormDefaults {
  const defaults = { ...base };
  for (const field of TEXT_FIELDS) {
    const value = search.get(field);
    if (value !== null) defaults[field] = value.slice(0, MAX_LENGTH);
  }
  const type = search.get("type");
  if (type === "inbound" || type === "outbound") defaults.type = type;
  // A submitted form always has a name field; without any day ticked it sends no windowDays at all, which means none.
  if (search.has("windowDays") || search.has("name")) defaults.windowDays = search.getAll("windowDays").slice(0, 7);
  // The same for the checkbox: left out when not ticked.
  if (search.has("name")) defaults.requestFeedback = search.get("requestFeedback") === "on" ? "on" : "";
  return defaults;
}

const FIELDS_IN_FORM_ORDER = ["name", "contactListId", "type", "sendingType", "frequency", "scheduleAt", "phoneNumberId", "agentId"] as const;

/** The form's current values (as conform or the server has them) as params; empty values are left out. */
export function formSearchOf(values: Record<string, unknown> | undefined): URLSearchParams {
  const search = new URLSearchParams();
  const text = (field: string) => {
    const value = values?.[field];
    return typeof value === "string" ? value.slice(0, MAX_LENGTH) : "";
  };
  // The name always goes, empty or not: it marks the params as a whole form, so "no day ticked" survives the trip.
  search.set("name", text("name"));
  for (const field of FIELDS_IN_FORM_ORDER.slice(1)) if (text(field)) search.set(field, text(field));
  const days = values?.windowDays;
  for (const day of Array.isArray(days) ? days : typeof days === "string" ? [days] : []) {
    if (typeof day === "string") search.append("windowDays", day);
  }
  for (const field of ["windowStart", "windowEnd"]) if (text(field)) search.set(field, text(field));
  if (text("requestFeedback") === "on") search.set("requestFeedback", "on");
  return search;
}

export const withSearch = (path: string, search: URLSearchParams) => {
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

/** Where to create the knowledge base a campaign needs, coming back to `returnTo` once it is saved. */
export function newKnowledgeBaseHref({ phoneNumberId, type, returnTo }: { phoneNumberId?: string; type: CampaignType; returnTo: string }) {
  const search = new URLSearchParams();
  if (phoneNumberId) search.set("number", phoneNumberId);
  search.set("type", type);
  search.set("returnTo", returnTo);
  return withSearch("/knowledge-base/new", search);
}
