import { useFetcher, useLocation, useSubmit } from "@remix-run/react";
import { Icon } from "~/components/ui/icon";
import { PopoverMenu, usePopoverMenus, type PopoverMenuItem } from "~/components/ui/popover-menu";
import { useTranslation } from "~/i18n/react";
import { NOTIFICATIONS_PATH } from "./notification-params";

const BELL_ITEMS = 5;

/** What /notifications' loader answers per row (its messages already in the reader's language). */
export interface BellItem {
  id: string;
  message: string;
  read: boolean;
}
const triggerClass = "relative flex rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";
const itemClass =
  "block w-full whitespace-normal px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus-visible:ring-0 focus-visible:ring-offset-0 dark:hover:bg-slate-800 dark:focus:bg-slate-800";

function Badge({ unread }: { unread: number }) {
  if (unread <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="notification-badge"
      className="absolute -right-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
    >
      {unread > 99 ? "99+" : unread}
    </span>
  );
}

/**
 * The top bar's bell (docs/decisions/0059-notifications.md). Without scripts
 * it is a link to /notifications with the unread count; with them a menu
 * button (PopoverMenu: the WAI-ARIA menu pattern) whose latest notifications
 * are loaded from /notifications only when the pointer or focus reaches it,
 * so a page view costs the layout's one count and nothing more.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const scripted = usePopoverMenus();
  const fetcher = useFetcher<{ items: BellItem[] }>();
  const submit = useSubmit();
  const location = useLocation();
  const label = unread > 0 ? t("topbar.notificationsUnread", { count: unread }) : t("topbar.notifications");
  if (!scripted) {
    return (
      <a href={NOTIFICATIONS_PATH} className={triggerClass} aria-label={label} title={label} data-testid="notification-bell">
        <Icon name="bell" />
        <Badge unread={unread} />
      </a>
    );
  }
  const load = () => {
    if (fetcher.state === "idle") fetcher.load(`${NOTIFICATIONS_PATH}?filter=all`);
  };
  const here = location.pathname + location.search;
  const latest = fetcher.data?.items.slice(0, BELL_ITEMS);
  const items: PopoverMenuItem[] = [];
  if (!latest) items.push({ label: t("topbar.notificationsLoading"), to: NOTIFICATIONS_PATH, className: itemClass });
  else if (latest.length === 0) items.push({ label: t("topbar.noNotifications"), to: NOTIFICATIONS_PATH, className: itemClass });
  else {
    for (const item of latest) {
      items.push({
        // An unread one is marked in its text as well as its weight, so the mark is read out too.
        label: item.read ? item.message : `● ${item.message}`,
        className: `${itemClass} ${item.read ? "" : "font-semibold"}`,
        onSelect: () => submit({ intent: "open", id: item.id }, { method: "post", action: NOTIFICATIONS_PATH }),
      });
    }
  }
  if (unread > 0) {
    items.push({
      label: t("topbar.notificationsMarkAllRead"),
      className: `${itemClass} border-t border-slate-200 dark:border-slate-700`,
      onSelect: () => submit({ intent: "read-all", redirectTo: here }, { method: "post", action: NOTIFICATIONS_PATH }),
    });
  }
  items.push({ label: t("topbar.notificationsSeeAll"), to: NOTIFICATIONS_PATH, className: `${itemClass} underline` });
  return (
    <div className="relative flex items-center" onPointerEnter={load} onFocus={load} data-testid="notification-bell">
      <PopoverMenu
        label={label}
        title={label}
        buttonClassName={triggerClass}
        button={
          <>
            <Icon name="bell" />
            <Badge unread={unread} />
          </>
        }
        menuClassName="m-0 w-80 max-w-[calc(100vw-1rem)] overflow-hidden rounded-md border border-slate-200 bg-white p-0 py-1 text-slate-900 shadow-lg focus:outline-none focus-visible:ring-0 focus-visible:ring-offset-0 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        gap={8}
        items={items}
      />
    </div>
  );
}
