import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormErrors, SelectField, inputClass } from "~/components/ui/field";
import { ListLink } from "~/components/ui/list-link";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { cn } from "~/components/ui/cn";
import { displayName } from "~/features/contacts/paths";
import { formatDate, formatDateTime, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { plainFormProps, plainSelectProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";
import { CONTACT_CENTER_PATH, SEARCH_MAX_LENGTH, TIMELINE_KINDS, timelineHref, type TimelineKind } from "./center-params";
import type { ContactMatch, ContactPageData, ContactProfile, TimelineItem } from "./center-view";

/**
 * The contact center's parts: the search box and its matches, a contact's
 * profile, the quick actions and the timeline. Every control is a link or a
 * form of its own, so all of it works without JavaScript.
 */

export function SearchBox({ q }: { q: string }) {
  const { t } = useTranslation("contact-center");
  return (
    <Form method="get" action={CONTACT_CENTER_PATH} role="search" aria-label={t("search.label")} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor="contact-center-q" className="mb-1 block text-sm font-medium">
          {t("search.label")}
        </label>
        <input
          id="contact-center-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t("search.placeholder")}
          aria-describedby="contact-center-q-hint"
          className={inputClass}
        />
      </div>
      <Button type="submit" variant="primary">
        {t("search.submit")}
      </Button>
      <p id="contact-center-q-hint" className="basis-full text-xs text-slate-600 dark:text-slate-300">
        {t("search.hint")}
      </p>
    </Form>
  );
}

export function MatchList({ matches, phones, q, label }: { matches: ContactMatch[]; phones: Record<string, string>; q: string; label: string }) {
  const { t } = useTranslation("contact-center");
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="contact-matches">
      {matches.map((match) => {
        const name = displayName(match);
        return (
          <li key={match.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-3">
            <span className="min-w-0 basis-full sm:basis-56">
              <ListLink to={timelineHref(match.id, { q })} className="break-words font-medium underline-offset-2 hover:underline">
                {name}
              </ListLink>
              {match.company ? <span className="block break-words text-sm text-slate-600 dark:text-slate-300">{match.company}</span> : null}
            </span>
            <span className="shrink-0 text-sm tabular-nums sm:w-40">{phones[match.phone] ?? match.phone}</span>
            {match.email ? <span className="min-w-0 break-all text-sm text-slate-600 dark:text-slate-300 sm:w-72">{match.email}</span> : null}
            <span className="text-sm text-slate-600 dark:text-slate-300">{t("search.inList", { list: match.listName })}</span>
            {match.optedOut ? <Badge tone="warning">{t("profile.optedOut")}</Badge> : null}
          </li>
        );
      })}
    </ul>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

export function ProfilePanel({ profile, timeZone }: { profile: ContactProfile; timeZone: string }) {
  const { t, i18n } = useTranslation("contact-center");
  const crmActive = profile.crmLinks.some((link) => link.enabled);
  return (
    <Panel title={t("profile.title")}>
      <dl className="grid grid-cols-[minmax(6rem,auto)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm" data-testid="contact-profile">
        {profile.title || profile.company ? <Fact label={t("profile.company")}>{[profile.title, profile.company].filter(Boolean).join(" · ")}</Fact> : null}
        <Fact label={t("profile.phone")}>
          <span className="tabular-nums">{profile.phoneDisplay}</span>
        </Fact>
        <Fact label={t("profile.email")}>{profile.email ? <span className="break-all">{profile.email}</span> : t("profile.none")}</Fact>
        <Fact label={t("profile.list")}>
          <Link to={`/contacts?${new URLSearchParams({ list: profile.listId })}`} className="underline">
            {profile.listName}
          </Link>
        </Fact>
        {profile.timeZone ? <Fact label={t("profile.timeZone")}>{profile.timeZone}</Fact> : null}
        <Fact label={t("profile.added")}>{formatDate(profile.createdAt, i18n.language, timeZone)}</Fact>
        <Fact label={t("profile.optOut")}>
          {profile.optedOutAt ? (
            <Badge tone="warning">{t("profile.optedOutSince", { date: formatDate(profile.optedOutAt, i18n.language, timeZone) })}</Badge>
          ) : (
            t("profile.reachable")
          )}
        </Fact>
        <Fact label={t("profile.crm")}>
          <span className="block" data-testid="crm-active">
            {crmActive ? <Badge tone="success">{t("profile.crmActive")}</Badge> : <span>{t("profile.crmInactive")}</span>}
          </span>
          {profile.crmLinks.length > 0 ? (
            <ul className="mt-1 space-y-1" data-testid="crm-links">
              {profile.crmLinks.map((link) => (
                <li key={link.integrationId}>
                  {t("profile.crmRecord", { crm: link.crmName, id: link.externalId })}
                  {link.enabled ? null : <span className="text-slate-600 dark:text-slate-300"> ({t("profile.crmDisabled")})</span>}
                </li>
              ))}
            </ul>
          ) : null}
        </Fact>
      </dl>
    </Panel>
  );
}

export function QuickActions({ data, profile, moveReply }: { data: ContactPageData; profile: ContactProfile; moveReply?: PlainReply | null }) {
  const { t } = useTranslation("contact-center");
  const { actions } = data;
  const links = [
    actions.createTicket ? { href: actions.createTicket, label: t("actions.createTicket") } : null,
    actions.createDeal ? { href: actions.createDeal, label: t("actions.createDeal") } : null,
    actions.bookAppointment ? { href: actions.bookAppointment, label: t("actions.bookAppointment") } : null,
    actions.edit ? { href: actions.edit, label: t("actions.edit") } : null,
  ].filter((link): link is { href: string; label: string } => link !== null);
  if (links.length === 0 && !data.canUpdate) return null;
  return (
    <Panel title={t("actions.title")}>
      <div className="space-y-4" data-testid="quick-actions">
        {links.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={buttonClass("secondary", undefined, "sm")}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {data.canUpdate ? (
          <>
            <Form method="post" replace preventScrollReset>
              <input type="hidden" name="intent" value="opt-out" />
              <input type="hidden" name="optedOut" value={profile.optedOutAt ? "0" : "1"} />
              <Button type="submit" variant="secondary" size="sm">
                {profile.optedOutAt ? t("actions.optIn") : t("actions.optOut")}
              </Button>
            </Form>
            <MoveListForm data={data} profile={profile} reply={moveReply} />
          </>
        ) : null}
      </div>
    </Panel>
  );
}

function MoveListForm({ data, profile, reply }: { data: ContactPageData; profile: ContactProfile; reply?: PlainReply | null }) {
  const { t } = useTranslation("contact-center");
  const [form, fields] = usePlainForm<{ listId: string }>({ id: "move-list", lastResult: reply, defaultValue: { listId: profile.listId } });
  return (
    <Form method="post" replace preventScrollReset {...plainFormProps(form)} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="move-list" />
      <div className="min-w-0 flex-1 basis-48">
        <SelectField
          label={t("actions.moveList")}
          namespace="contact-center"
          errors={fields.listId.errors}
          selectProps={plainSelectProps(fields.listId)}
          options={data.lists.map((list) => ({ value: list.id, label: list.name }))}
        />
      </div>
      <Button type="submit" variant="secondary" size="sm" className="mb-0.5">
        {t("actions.move")}
      </Button>
      <FormErrors errors={form.errors} namespace="contact-center" />
    </Form>
  );
}

const KIND_TONES: Record<TimelineKind, string> = {
  call: "bg-sky-500",
  feedback: "bg-amber-500",
  ticket: "bg-violet-500",
  deal: "bg-emerald-500",
  appointment: "bg-teal-500",
  campaign: "bg-indigo-500",
  "opt-out": "bg-rose-500",
};

export function Timeline({ data, contactId, timeZone }: { data: ContactPageData; contactId: string; timeZone: string }) {
  const { t, i18n } = useTranslation("contact-center");
  const { params, counts, kinds } = data;
  const all = kinds.reduce((sum, kind) => sum + counts[kind], 0);
  const tabs = [
    { value: "all", label: t("kinds.all"), to: timelineHref(contactId, { q: params.q }), badge: formatNumber(all, i18n.language) },
    // Only kinds with entries (and the one chosen): seven tabs would not fit beside the profile, and an empty kind is no filter.
    ...TIMELINE_KINDS.filter((kind) => kinds.includes(kind) && (counts[kind] > 0 || params.show === kind)).map((kind) => ({
      value: kind,
      label: t(`kinds.${kind}`),
      to: timelineHref(contactId, { show: kind, q: params.q }),
      badge: formatNumber(counts[kind], i18n.language),
    })),
  ];
  return (
    <Panel title={t("timeline.title")}>
      <div className="space-y-4">
        <Tabs label={t("timeline.filter")} tabs={tabs} active={params.show ?? "all"} />
        {data.items.length === 0 ? (
          <EmptyState title={params.show ? t("timeline.emptyKind", { kind: t(`kinds.${params.show}`) }) : t("timeline.empty")} data-testid="timeline-empty" />
        ) : (
          <ol aria-label={t("timeline.caption")} className="space-y-3" data-testid="timeline">
            {data.items.map((item) => (
              <TimelineRow key={`${item.kind}:${item.id}`} item={item} timeZone={timeZone} language={i18n.language} kindLabel={t(`kind.${item.kind}`)} />
            ))}
          </ol>
        )}
        <Pagination
          page={data.page}
          pageCount={data.pageCount}
          label={t("timeline.pagination")}
          href={(page) => timelineHref(contactId, { show: params.show, page, q: params.q })}
        />
      </div>
    </Panel>
  );
}

function TimelineRow({ item, timeZone, language, kindLabel }: { item: TimelineItem; timeZone: string; language: string; kindLabel: string }) {
  return (
    <li className="flex gap-3" data-kind={item.kind}>
      <span aria-hidden="true" className={cn("mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full", KIND_TONES[item.kind])} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
          <span className="font-medium uppercase tracking-wide">{kindLabel}</span>
          <time dateTime={item.at}>{formatDateTime(item.at, language, timeZone)}</time>
        </p>
        <p className="break-words text-sm font-medium">{item.title}</p>
        {item.badges.length > 0 ? (
          <p className="flex flex-wrap gap-1">
            {item.badges.map((badge) => (
              <Badge key={badge.label} tone={badge.tone}>
                {badge.label}
              </Badge>
            ))}
          </p>
        ) : null}
        {item.detail ? <p className="break-words text-sm text-slate-700 dark:text-slate-200">{item.detail}</p> : null}
        {item.link ? (
          <p className="text-sm">
            <ListLink to={item.link.href} className="underline">
              {item.link.label}
            </ListLink>
          </p>
        ) : null}
      </div>
    </li>
  );
}
