import { oneOf, pageParam, readParams } from "~/lib/url-params/url-params";

export const NOTIFICATIONS_PATH = "/notifications";

/** /notifications?filter=unread|all&page=N: unread first, as that is what the bell counts. */
export function parseNotificationParams(searchParams: URLSearchParams) {
  return readParams(searchParams, { filter: oneOf(["unread", "all"] as const, "unread"), page: pageParam });
}

export type NotificationParamsView = ReturnType<typeof parseNotificationParams>;

export function notificationsHref(params: { filter: "unread" | "all"; page: number }) {
  const query = new URLSearchParams();
  if (params.filter !== "unread") query.set("filter", params.filter);
  if (params.page > 1) query.set("page", String(params.page));
  const search = query.toString();
  return search ? `${NOTIFICATIONS_PATH}?${search}` : NOTIFICATIONS_PATH;
}
