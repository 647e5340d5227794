import type { TimelineKind, TimelineParams } from "./center-params";

/** A contact the search box found (search.server.ts), as its list of matches shows it. */
export interface ContactMatch {
  id: string;
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  phone: string;
  listName: string;
  optedOut: boolean;
}

/** A contact's CRM record in one of the hub's integrations ("CRM active"). */
export interface CrmLink {
  integrationId: string;
  crmName: string;
  enabled: boolean;
  externalId: string;
  linkedAt: string;
}

/** The contact center's profile of one contact (profile.server.ts). */
export interface ContactProfile {
  id: string;
  firstName: string;
  lastName: string;
  title: string;
  company: string;
  phone: string;
  phoneDisplay: string;
  email: string;
  listId: string;
  listName: string;
  timeZone: string | null;
  optedOutAt: string | null;
  createdAt: string;
  crmLinks: CrmLink[];
}

/**
 * What a contact's page renders (zod-free, for the components): the entries
 * carry their labels already translated by the loader (ticket states from
 * the service desk, deal stages from the pipeline, campaign outcomes from the
 * campaigns), so the page ships only its own namespace.
 */
export interface TimelineItem {
  kind: TimelineKind;
  id: string;
  at: string;
  /** The entry's headline, e.g. "Inbound call · 3:12" or "Ticket #12: Refund". */
  title: string;
  /** Short facts shown as badges (a ticket's status and priority, a deal's stage). */
  badges: Array<{ label: string; tone: "neutral" | "info" | "success" | "warning" | "danger" | "accent" }>;
  /** A line of detail (the call's summary, the feedback's text, why a campaign skipped). */
  detail: string | null;
  /** Where the entry's own page is, with the label of the link. */
  link: { href: string; label: string } | null;
}

export interface QuickActionLinks {
  createTicket: string | null;
  createDeal: string | null;
  bookAppointment: string | null;
  edit: string | null;
}

export interface ContactPageData {
  params: TimelineParams;
  kinds: TimelineKind[];
  counts: Record<TimelineKind, number>;
  items: TimelineItem[];
  total: number;
  page: number;
  pageCount: number;
  canUpdate: boolean;
  actions: QuickActionLinks;
  lists: Array<{ id: string; name: string }>;
}

/** A call's summary in a timeline: its first 280 characters, cut at a word, the whole on the recording's page. */
export function shortSummary(summary: string | null, limit = 280) {
  if (!summary || summary.length <= limit) return summary;
  const cut = summary.slice(0, limit);
  const word = cut.lastIndexOf(" ");
  return `${(word > limit / 2 ? cut.slice(0, word) : cut).trimEnd()}…`;
}
