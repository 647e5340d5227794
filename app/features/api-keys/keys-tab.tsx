import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { EmptyState } from "~/components/ui/empty-state";
import { Notice, Panel } from "~/components/ui/panel";
import type { ApiKeySummary } from "./api-keys.server";
import { CreateKeyForm } from "./create-key-form";
import { KeysTable } from "./keys-table";
import { NewKeyPanel } from "./new-key-panel";
import { RevokeConfirmation } from "./revoke-key";

export interface KeysTabData {
  keys: ApiKeySummary[];
  canCreate: boolean;
  canRevoke: boolean;
  /** The key of a ?revoke=<id> URL: the confirmation shown without JavaScript. */
  revokeTarget: ApiKeySummary | null;
  tenantName: string;
  timeZone: string;
  /** The create form's HTML constraints. */
  createConstraint: FormConstraint;
}

/** The keys tab of /api-access: the key just created (once), a pending revocation, the create form and the list. */
export function KeysTab({
  data,
  created,
  createResult,
}: {
  data: KeysTabData;
  created: { name: string; key: string } | null;
  createResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("api");
  return (
    <div className="space-y-6">
      {created ? <NewKeyPanel name={created.name} apiKey={created.key} /> : null}
      {data.revokeTarget ? <RevokeConfirmation target={data.revokeTarget} /> : null}
      {data.canCreate ? <CreateKeyForm lastResult={createResult} constraint={data.createConstraint} /> : <Notice>{t("readOnly")}</Notice>}
      <Panel className="p-0">
        <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold dark:border-slate-800">{t("list.title")}</h2>
        {data.keys.length === 0 ? (
          <EmptyState data-testid="no-api-keys" title={t("list.empty")} className="border-0">
            {data.canCreate ? t("list.emptyHint") : null}
          </EmptyState>
        ) : (
          <div className="max-sm:p-3">
            <KeysTable keys={data.keys} canRevoke={data.canRevoke} tenantName={data.tenantName} timeZone={data.timeZone} />
          </div>
        )}
      </Panel>
    </div>
  );
}
