import type { GateContext } from "~/features/access/gate.server";
import { listContactLists } from "~/features/contacts/lists.server";
import { contactPaths, withReturnTo } from "~/features/contacts/paths";
import { stageName } from "~/features/deals/deal-rules";
import { formatClock } from "~/features/recordings/clock";
import { PRIORITY_TONES, STATUS_TONES } from "~/features/service-desk/badges";
import { ticketLabel } from "~/features/service-desk/ticket-rules";
import { can } from "~/features/roles/permissions";
import { formatDateTime, formatMoney } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { parseTimelineParams, timelineHref } from "./center-params";
import { shortSummary, type ContactPageData, type TimelineItem } from "./center-view";
import type { ContactProfile } from "./profile.server";
import { loadTimeline, readableKinds, type TimelineEntry } from "./timeline.server";

/**
 * The data of a contact's page (/main-contact-center/<id>): its timeline for
 * the URL's filter and page, with every label translated here, and the quick
 * actions the user's role allows (each one's own screen still checks).
 */
export async function contactPageData(request: Request, gate: GateContext, profile: ContactProfile): Promise<ContactPageData> {
  const url = new URL(request.url);
  const params = parseTimelineParams(url.searchParams);
  const permissions = gate.user.permissions;
  const kinds = readableKinds(permissions);
  const timeline = await loadTimeline(
    { tenantId: gate.tenant.id, country: gate.tenant.country, organizationId: gate.selection.organization?.id ?? null, kinds },
    profile,
    params,
  );
  const [language, t] = await Promise.all([getLanguage(request), translators(request)]);
  const here = timelineHref(profile.id, { ...params, page: timeline.page });
  const canUpdate = can(permissions, "contacts", "update");
  return {
    params: { ...params, page: timeline.page, show: params.show && kinds.includes(params.show) ? params.show : null },
    kinds,
    counts: timeline.counts,
    items: timeline.entries.map((entry) => timelineItem(entry, t, language, gate.tenant.timeZone)),
    total: timeline.total,
    page: timeline.page,
    pageCount: timeline.pageCount,
    canUpdate,
    actions: {
      createTicket: can(permissions, "service-desk", "create") ? `/service-desk/new?${new URLSearchParams({ contactId: profile.id, returnTo: here })}` : null,
      createDeal: can(permissions, "crm-deals", "create") ? `/crm-deals/new?${new URLSearchParams({ contact: profile.id, returnTo: here })}` : null,
      bookAppointment: can(permissions, "appointments", "create") ? `/appointments/new?${new URLSearchParams({ contact: profile.id })}` : null,
      edit: canUpdate ? withReturnTo(contactPaths.edit(profile.id), here) : null,
    },
    lists: canUpdate ? (await listContactLists(gate.tenant.id)).map((list) => ({ id: list.id, name: list.name })) : [],
  };
}

type Translate = Awaited<ReturnType<typeof getTranslator>>;

interface Translators {
  center: Translate;
  desk: Translate;
  deals: Translate;
  campaigns: Translate;
}

async function translators(request: Request): Promise<Translators> {
  const [center, desk, deals, campaigns] = await Promise.all([
    getTranslator(request, "contact-center"),
    getTranslator(request, "service-desk"),
    getTranslator(request, "deals"),
    getTranslator(request, "campaigns"),
  ]);
  return { center, desk, deals, campaigns };
}

const recording = (callId: string, seconds?: number | null) =>
  `/recordings/${encodeURIComponent(callId)}${seconds !== null && seconds !== undefined ? `?t=${Math.floor(seconds)}` : ""}`;

function timelineItem(entry: TimelineEntry, { center: t, desk, deals, campaigns }: Translators, language: string, timeZone: string): TimelineItem {
  const base = { kind: entry.kind, id: entry.id, at: entry.at };
  switch (entry.kind) {
    case "call": {
      const direction = entry.direction === "outbound" ? "outbound" : "inbound";
      const length = entry.durationSeconds ? ` · ${formatClock(entry.durationSeconds)}` : "";
      const badges: TimelineItem["badges"] = [];
      if (entry.status !== "ended")
        badges.push({ label: t(`callStatus.${entry.status}`, { defaultValue: entry.status }), tone: entry.status === "live" ? "info" : "warning" });
      if (entry.sentiment)
        badges.push({
          label: t(`sentiment.${entry.sentiment}`),
          tone: entry.sentiment === "positive" ? "success" : entry.sentiment === "negative" ? "danger" : "neutral",
        });
      const by = [entry.agentName, entry.campaignName].filter(Boolean).join(" · ");
      return {
        ...base,
        title: `${t(`call.${direction}`)}${length}${by ? ` · ${by}` : ""}`,
        badges,
        detail: shortSummary(entry.summary),
        link: { href: recording(entry.id), label: entry.hasAudio ? t("links.recording") : t("links.call") },
      };
    }
    case "feedback":
      return {
        ...base,
        title: t("feedback.title", { rating: entry.rating }),
        badges: [{ label: `${entry.rating}/5`, tone: entry.rating >= 4 ? "success" : entry.rating <= 2 ? "danger" : "neutral" }],
        detail: entry.text,
        link:
          entry.momentSeconds !== null
            ? { href: recording(entry.callId, entry.momentSeconds), label: t("links.moment", { moment: formatClock(entry.momentSeconds) }) }
            : { href: recording(entry.callId), label: t("links.call") },
      };
    case "ticket":
      return {
        ...base,
        title: t("ticket.title", { number: ticketLabel(entry.number), subject: entry.subject || t("ticket.untitled") }),
        badges: [
          { label: desk(`status.${entry.status}`), tone: STATUS_TONES[entry.status] },
          { label: desk(`priority.${entry.priority}`), tone: PRIORITY_TONES[entry.priority] },
        ],
        detail: null,
        link: { href: `/service-desk/${encodeURIComponent(entry.id)}`, label: t("links.ticket") },
      };
    case "deal":
      return {
        ...base,
        title: t("deal.title", { title: entry.title, value: formatMoney(entry.valueMinor, entry.currency, language) }),
        badges: [
          {
            label: stageName({ name: entry.stage.name, system_key: entry.stage.systemKey }, deals),
            tone: entry.stage.kind === "won" ? "success" : entry.stage.kind === "lost" ? "danger" : "info",
          },
        ],
        detail: entry.lostReason ? t("deal.lostReason", { reason: entry.lostReason }) : null,
        link: { href: `/crm-deals/${encodeURIComponent(entry.id)}/edit`, label: t("links.deal") },
      };
    case "appointment":
      return {
        ...base,
        title: t("appointment.title", { title: entry.title }),
        badges: entry.status === "booked" ? [] : [{ label: t(`appointment.status.${entry.status}`, { defaultValue: entry.status }), tone: "warning" }],
        detail: t("appointment.when", { when: formatDateTime(entry.startAt, language, timeZone) }),
        link: { href: `/appointments/${encodeURIComponent(entry.id)}`, label: t("links.appointment") },
      };
    case "campaign": {
      const outcome =
        entry.activity === "skipped"
          ? campaigns("activity.kind.skipped", {
              reason: campaigns(`activity.skipReason.${entry.reason ?? "unknown"}`, { defaultValue: campaigns("activity.skipReason.unknown") }),
            })
          : campaigns(`activity.kind.${entry.activity}`, { status: entry.reason ?? "" });
      return {
        ...base,
        title: t("campaign.title", { campaign: entry.campaignName ?? t("campaign.deleted") }),
        badges: [{ label: outcome, tone: entry.activity === "failed" ? "danger" : entry.activity === "skipped" ? "warning" : "info" }],
        detail: null,
        link: entry.campaignName ? { href: `/campaigns/${encodeURIComponent(entry.campaignId)}`, label: t("links.campaign") } : null,
      };
    }
    case "opt-out":
      return {
        ...base,
        title: entry.optedOut ? t("optOut.out") : t("optOut.in"),
        badges: [],
        detail: entry.source === "recorded" ? t("optOut.recorded") : t(`optOut.by.${entry.source}`, { name: entry.actorName ?? t("optOut.formerMember") }),
        link: null,
      };
  }
}
