import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { ConfirmDialog, ConfirmForm, DeleteSummary, type ConfirmFetcher } from "~/components/ui/confirm-action";

export const deleteKnowledgeBasePath = (id: string) => `/knowledge-base/${encodeURIComponent(id)}/delete`;

/** What the confirmation says: the confirmation page's loader data, which the list's dialog loads too. */
export interface DeleteKnowledgeBaseView {
  kb: { id: string; name: string; isDefault: boolean };
  /** The number it belongs to, as the selects show it. */
  number: string;
  /** The knowledge base that becomes its number's default, when this one is the default and another is left. */
  successor: string | null;
  /** The list it was deleted from (filtered to its number): where Cancel and the deletion lead. */
  returnTo: string;
}

/**
 * The confirmation of deleting a knowledge base: what goes, and who answers
 * on its number afterwards when it was the default. The page renders it as a
 * plain form (no JavaScript needed); the list's dialog posts it through a fetcher.
 */
export function DeleteKnowledgeBaseForm({
  view,
  fetcher,
  onCancel,
  submitting,
}: {
  view: DeleteKnowledgeBaseView;
  fetcher?: Pick<ConfirmFetcher, "Form" | "state">;
  onCancel?: () => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation("knowledge");
  const { kb, number, successor, returnTo } = view;
  return (
    <ConfirmForm
      action={deleteKnowledgeBasePath(kb.id)}
      confirmLabel={t("delete.submit")}
      busyLabel={t("delete.submitting")}
      cancelHref={returnTo}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={submitting}
    >
      <p>{t("delete.question", { name: kb.name })}</p>
      <DeleteSummary>
        <span className="block break-words font-medium">{kb.name}</span>
        <span className="block">{number}</span>
      </DeleteSummary>
      {kb.isDefault ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">{successor ? t("delete.successor", { name: successor }) : t("delete.lastOne")}</p>
      ) : null}
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("delete.warning")}</p>
    </ConfirmForm>
  );
}

/** The same confirmation in a dialog over the list; what it says is read from the confirmation page's loader. */
export function DeleteKnowledgeBaseDialog({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation("knowledge");
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t("delete.title")}
      content={({ fetcher, close }) => <LoadedDeleteForm id={id} fetcher={fetcher} onCancel={close} />}
    />
  );
}

function LoadedDeleteForm({ id, fetcher, onCancel }: { id: string; fetcher: ConfirmFetcher; onCancel: () => void }) {
  const { t } = useTranslation("knowledge");
  const page = useFetcher<DeleteKnowledgeBaseView>();
  const { load } = page;
  useEffect(() => {
    load(deleteKnowledgeBasePath(id));
  }, [load, id]);
  if (!page.data) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {t("delete.loading")}
      </p>
    );
  }
  return <DeleteKnowledgeBaseForm view={page.data} fetcher={fetcher} onCancel={onCancel} />;
}
