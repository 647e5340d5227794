import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { parseSearchTerm, timelineHref } from "~/features/contact-center/center-params";
import { MatchList, SearchBox } from "~/features/contact-center/center-components";
import { recentContacts, searchContacts } from "~/features/contact-center/search.server";
import { can } from "~/features/roles/permissions";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["contact-center"] };

/**
 * /main-contact-center?q=: one search box for a name, company, email or
 * phone number (docs/product/contact-center.md). A number that is exactly
 * one contact's opens that contact's page at once; otherwise the matches are
 * listed, each leading to its profile and timeline. Without a term, the
 * contacts changed most recently.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "main-contact-center");
  const q = parseSearchTerm(new URL(request.url).searchParams);
  const tenant = { id: gate.tenant.id, country: gate.tenant.country };
  const [t, result] = await Promise.all([getTranslator(request, "contact-center"), q ? searchContacts(tenant, q) : recentContacts(tenant)]);
  // A typed number names one contact: there is nothing to choose between.
  if (result.onlyExactMatch) throw redirect(timelineHref(result.onlyExactMatch, { q }));
  return {
    title: q ? t("search.titleFor", { q }) : t("title"),
    q,
    result,
    canAddContact: can(gate.user.permissions, "contacts", "create"),
  };
}

export const meta = titleFromLoader;

export default function ContactCenterSearchPage() {
  const { t } = useTranslation("contact-center");
  const { q, result, canAddContact } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title={t("title")} description={t("intro")} />
      <Panel>
        <SearchBox q={q} />
      </Panel>
      {q ? (
        <Panel title={t("search.results")}>
          {result.matches.length > 0 ? (
            <>
              <p className="sr-only" role="status">
                {t("search.count", { count: result.matches.length })}
              </p>
              <MatchList matches={result.matches} phones={result.phones} q={q} label={t("search.results")} />
              {result.more ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("search.more", { count: result.matches.length })}</p> : null}
            </>
          ) : (
            <EmptyState
              title={t("search.none", { q })}
              data-testid="contact-search-empty"
              action={
                canAddContact ? (
                  <Link to="/contacts/new" className={buttonClass("secondary")}>
                    {t("search.addContact")}
                  </Link>
                ) : null
              }
            >
              {t("search.noneHint")}
            </EmptyState>
          )}
        </Panel>
      ) : result.matches.length > 0 ? (
        <Panel title={t("search.recent")}>
          <MatchList matches={result.matches} phones={result.phones} q="" label={t("search.recent")} />
        </Panel>
      ) : (
        <EmptyState title={t("search.noContacts")} data-testid="contact-search-empty" />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
