import { useCallback, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { ConfirmDialog } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { RowActionsMenu } from "~/components/ui/row-actions-menu";
import { formatDate, formatDateTime } from "~/i18n/format";
import type { ApiKeySummary } from "./api-keys.server";
import { revokeKeyHref } from "./links";
import { RevokeKeyForm } from "./revoke-key";

/** The tenant's keys, one line each; only the prefix of a key is ever shown again. */
export function KeysTable({ keys, canRevoke, tenantName, timeZone }: { keys: ApiKeySummary[]; canRevoke: boolean; tenantName: string; timeZone: string }) {
  const { t, i18n } = useTranslation("api");
  const when = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  // Days where the hour says nothing (a key's creation, its expiry): three date-and-time columns and a dated badge made the table scroll inside its box at 1366 px.
  const day = (iso: string) => formatDate(iso, i18n.language, timeZone);
  const now = new Date().toISOString();
  const columns: Array<DataColumn<ApiKeySummary>> = [
    { id: "name", header: t("list.name"), rowHeader: true, primary: true, truncate: true, cell: (key) => <span title={key.name}>{key.name}</span> },
    { id: "key", header: t("list.key"), cell: (key) => <code className="font-mono text-xs">{key.prefix}…</code> },
    {
      id: "scopes",
      header: t("list.scopes"),
      // Table cells stay on one line (.data-cell); four scopes side by side made the table scroll inside its box at 1366 px.
      className: "whitespace-normal",
      cell: (key) => (
        <ul className="flex max-w-xs flex-wrap gap-1">
          {key.scopes.map((scope) => (
            <li key={scope}>
              <code className="font-mono text-xs">{scope}</code>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: "expires",
      header: t("list.expires"),
      cell: (key) => (key.expiresAt ? <time dateTime={key.expiresAt}>{day(key.expiresAt)}</time> : t("list.noExpiry")),
    },
    { id: "created", header: t("list.created"), cell: (key) => <time dateTime={key.createdAt}>{day(key.createdAt)}</time> },
    {
      id: "lastUsed",
      header: t("list.lastUsed"),
      cell: (key) => (key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{when(key.lastUsedAt)}</time> : t("list.never")),
    },
    {
      id: "status",
      header: t("list.status"),
      cell: (key) =>
        key.revokedAt ? (
          <Badge className="whitespace-normal rounded-md">{t("list.revoked", { date: day(key.revokedAt) })}</Badge>
        ) : key.expiresAt && key.expiresAt <= now ? (
          <Badge tone="warning">{t("list.expired")}</Badge>
        ) : (
          <Badge tone="success">{t("list.active")}</Badge>
        ),
    },
  ];
  return (
    <DataTable
      data-testid="api-keys"
      caption={t("list.caption", { tenant: tenantName })}
      columns={columns}
      rows={keys}
      rowKey={(key) => key.id}
      rowClassName={(key) => (key.revokedAt ? "text-slate-500 dark:text-slate-400" : undefined)}
      actions={canRevoke ? { header: t("list.actions"), cell: (key) => (key.revokedAt ? null : <KeyRowActions apiKey={key} />) } : undefined}
    />
  );
}

/** Revoke, from the row's menu: the confirmation page without JavaScript, a dialog with it. */
function KeyRowActions({ apiKey }: { apiKey: ApiKeySummary }) {
  const { t } = useTranslation("api");
  const [confirming, setConfirming] = useState(false);
  const close = useCallback(() => setConfirming(false), []);
  return (
    <>
      <RowActionsMenu
        label={t("list.menu", { name: apiKey.name })}
        actions={[{ label: t("list.revoke"), to: revokeKeyHref(apiKey.id), onSelect: () => setConfirming(true), tone: "danger" }]}
      />
      <ConfirmDialog
        open={confirming}
        onClose={close}
        title={t("revoke.title", { name: apiKey.name })}
        content={({ fetcher, close: cancel }) => <RevokeKeyForm target={apiKey} fetcher={fetcher} onCancel={cancel} />}
      />
    </>
  );
}
