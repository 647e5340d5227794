import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { requireReadAccess } from "~/features/access/gate.server";
import { notificationMessage, parseParams } from "~/features/notifications/messages";
import { notificationActionSchema } from "~/features/notifications/notification-form.server";
import { NOTIFICATIONS_PATH, notificationsHref, parseNotificationParams } from "~/features/notifications/notification-params";
import { NOTIFICATIONS_PAGE_SIZE, listNotifications, markAllRead, markRead, openNotification } from "~/features/notifications/notifications.server";
import { formatDateTime } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { badRequest, notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["notifications"] };

/**
 * /notifications?filter=unread|all&page=N (docs/decisions/0059-notifications.md):
 * the signed-in user's own notifications, newest first. Messages are made
 * here in the reader's language from each row's kind and parameters; the
 * top bar's bell loads this loader for its popover too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "notifications");
  const params = parseNotificationParams(new URL(request.url).searchParams);
  const [language, t, page] = await Promise.all([
    getLanguage(request),
    getTranslator(request, "notifications"),
    listNotifications(gate.tenant.id, gate.user.id, { filter: params.filter, page: params.page }),
  ]);
  return {
    title: t("title"),
    params,
    total: page.total,
    pageCount: Math.max(1, Math.ceil(page.total / NOTIFICATIONS_PAGE_SIZE)),
    timeZone: gate.tenant.timeZone,
    items: page.rows.map((row) => ({
      id: row.id,
      message: notificationMessage(t, row.kind, parseParams(row.params), language),
      createdAt: row.created_at,
      read: row.read_at !== null,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "notifications");
  const parsed = notificationActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) badRequest();
  const form = parsed.data;
  if (form.intent === "open") {
    const opened = await openNotification(gate.tenant.id, gate.user.id, form.id);
    if (!opened) notFound();
    // The link was written by the app, but it is read back from the database: the same-origin check still decides.
    return redirect(safeRedirectPath(opened.link, NOTIFICATIONS_PATH));
  }
  const back = safeRedirectPath(form.redirectTo, NOTIFICATIONS_PATH);
  if (form.intent === "read") {
    await markRead(gate.tenant.id, gate.user.id, form.id);
    return redirect(back);
  }
  await markAllRead(gate.tenant.id, gate.user.id);
  // A common key: the page it goes back to may not load the notifications namespace.
  return redirectWithToast(back, { type: "success", key: "topbar.notificationsMarkedAllRead" });
}

export const meta = titleFromLoader;

export default function NotificationsPage() {
  const { t, i18n } = useTranslation("notifications");
  const { params, items, pageCount, timeZone } = useLoaderData<typeof loader>();
  const here = notificationsHref(params);
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Form method="post" action={NOTIFICATIONS_PATH}>
            <input type="hidden" name="intent" value="read-all" />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className={buttonClass("secondary")} data-testid="notifications-read-all">
              {t("markAllRead")}
            </button>
          </Form>
        }
      />
      <Tabs
        label={t("filter.label")}
        active={params.filter}
        tabs={(["unread", "all"] as const).map((filter) => ({ value: filter, label: t(`filter.${filter}`), to: notificationsHref({ filter, page: 1 }) }))}
      />
      <Panel>
        {items.length === 0 ? (
          <EmptyState heading={2} title={params.filter === "unread" ? t("emptyUnread") : t("empty")} data-testid="notifications-empty" />
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="notifications-list">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3" data-notification={item.id} data-read={item.read ? "1" : "0"}>
                <Form method="post" action={NOTIFICATIONS_PATH} className="min-w-0 flex-1">
                  <input type="hidden" name="intent" value="open" />
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" className={`block max-w-full text-left underline ${item.read ? "" : "font-semibold"}`}>
                    {item.read ? null : <span className="sr-only">{t("unread")}: </span>}
                    {item.message}
                  </button>
                  <time dateTime={item.createdAt} className="block text-xs text-slate-600 dark:text-slate-300">
                    {formatDateTime(item.createdAt, i18n.language, timeZone)}
                  </time>
                </Form>
                {item.read ? null : (
                  <Form method="post" action={NOTIFICATIONS_PATH}>
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={item.id} />
                    <input type="hidden" name="redirectTo" value={here} />
                    <button type="submit" className={buttonClass("ghost", undefined, "sm")} aria-label={`${t("markRead")}: ${item.message}`}>
                      {t("markRead")}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      {pageCount > 1 ? <Pagination page={params.page} pageCount={pageCount} href={(page) => notificationsHref({ ...params, page })} /> : null}
      <p className="text-sm">
        <Link to="/profile#notification-digest" className="underline">
          {t("digest.label")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
