import { getZodConstraint } from "@conform-to/zod";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { ContactsListView } from "~/features/contacts/contacts-list";
import { loadContactsList } from "~/features/contacts/list-query.server";
import { ListsPanel } from "~/features/contacts/lists-panel";
import { contactPaths, withReturnTo } from "~/features/contacts/paths";
import { ListNameSchema } from "~/features/contacts/schemas";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["contacts", "phone"] };

/**
 * /contacts: the tenant's contacts with search, filters, sort and paging in
 * the URL (see app/features/contacts/list-params.ts), and their lists beside
 * them. Every change is a page of its own under /contacts/…, so all of it
 * works without JavaScript; this page only reads.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "contacts");
  const t = await getTranslator(request, "contacts");
  // The new-list dialog's constraints: the list rules, worked out here so the page does not load zod.
  return { title: t("title"), list: await loadContactsList(request, gate), listNameConstraint: getZodConstraint(ListNameSchema) };
}

export const meta = titleFromLoader;

export default function ContactsPage() {
  const { t } = useTranslation("contacts");
  const { list, listNameConstraint } = useLoaderData<typeof loader>();
  const readOnly = !list.canCreate && !list.canUpdate && !list.canDelete;
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          list.canCreate ? (
            <>
              <Link to={withReturnTo(contactPaths.create(list.params.list), list.returnTo)} className={buttonClass("primary")} data-tour="contacts-add">
                {t("actions.add")}
              </Link>
              <Link to={contactPaths.importCsv} className={buttonClass("secondary")} data-tour="contacts-import">
                {t("actions.import")}
              </Link>
            </>
          ) : null
        }
      />
      {readOnly ? <Notice>{t("readOnly")}</Notice> : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 2xl:grid-cols-[15rem_minmax(0,1fr)] 2xl:items-start">
        <aside aria-label={t("lists.title")} data-tour="contacts-lists">
          <ListsPanel data={list} listNameConstraint={listNameConstraint} />
        </aside>
        <div className="min-w-0" data-tour="contacts-list">
          <ContactsListView data={list} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
