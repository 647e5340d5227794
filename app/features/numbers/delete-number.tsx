import { Form, Link, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Notice } from "~/components/ui/panel";
import { useHydrated } from "~/components/ui/use-hydrated";

export const deleteNumberPath = (id: string) => `/numbers-managment/${encodeURIComponent(id)}/delete`;

type AnyFetcher = Pick<ReturnType<typeof useFetcher>, "Form" | "state">;

export interface DeletableNumber {
  id: string;
  label: string;
  knowledgeBases: Array<{ name: string }>;
  campaigns: Array<{ name: string }>;
}

/**
 * What deleting a number means, and the button that does it: its knowledge
 * bases go with it; while campaigns use it, it cannot go and the campaigns
 * are named. Shared by the confirmation page (no JavaScript) and the dialog.
 */
export function DeleteNumberForm({
  number,
  display,
  fetcher,
  onCancel,
  submitting,
}: {
  number: DeletableNumber;
  display: string;
  fetcher?: AnyFetcher;
  onCancel?: () => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation("numbers");
  const FormTag = fetcher ? fetcher.Form : Form;
  const busy = submitting ?? fetcher?.state === "submitting";
  const kbNames = number.knowledgeBases.map((kb) => kb.name);
  const cancel = onCancel ? (
    <Button variant="secondary" onClick={onCancel}>
      {t("common:actions.cancel")}
    </Button>
  ) : (
    <Link to="/numbers-managment" className={buttonClass("secondary")}>
      {t("common:actions.cancel")}
    </Link>
  );
  const summary = (
    <p className="rounded-md bg-slate-50 px-3 py-2 text-sm font-medium dark:bg-slate-800" data-testid="delete-number-summary">
      {number.label ? `${display} · ${number.label}` : display}
    </p>
  );

  if (number.campaigns.length > 0) {
    return (
      <div className="space-y-4">
        {summary}
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {t("delete.inUse", { count: number.campaigns.length, campaigns: number.campaigns.map((c) => `“${c.name}”`).join(", ") })}
        </div>
        <div className="flex flex-wrap gap-2">{cancel}</div>
      </div>
    );
  }

  return (
    <FormTag method="post" action={deleteNumberPath(number.id)} className="space-y-4">
      <p>{t("delete.question")}</p>
      {summary}
      {kbNames.length > 0 ? (
        <Notice tone="warning">{t("delete.knowledgeBasesGo", { count: kbNames.length, names: kbNames.map((name) => `“${name}”`).join(", ") })}</Notice>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("delete.noKnowledgeBases")}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? t("delete.submitting") : t("delete.submit")}
        </Button>
        {cancel}
      </div>
    </FormTag>
  );
}

/** Closes the dialog once its fetcher finished a submission that did not come back with data (it redirected). */
function useCloseAfterSubmit(fetcher: { state: string; data: unknown }, onClose: () => void) {
  const previous = useRef(fetcher.state);
  useEffect(() => {
    const wasBusy = previous.current !== "idle";
    previous.current = fetcher.state;
    if (wasBusy && fetcher.state === "idle" && !fetcher.data) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
}

/** A link to the confirmation page without JavaScript; with it, the same form in a dialog. */
export function DeleteNumberAction({ number, display }: { number: DeletableNumber; display: string }) {
  const { t } = useTranslation("numbers");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ campaigns?: string[] }>();
  const close = useCallback(() => setOpen(false), []);
  useCloseAfterSubmit(fetcher, close);
  const className = "text-sm text-red-700 underline dark:text-red-400";
  const label = t("delete.open");
  const accessibleName = t("delete.openFor", { number: display });
  if (!hydrated) {
    return (
      <Link to={deleteNumberPath(number.id)} className={className} aria-label={accessibleName}>
        {label}
      </Link>
    );
  }
  // A campaign that started using the number after this page loaded: the action says so, and the dialog shows it.
  const refusedCampaigns = fetcher.data?.campaigns;
  const shown = refusedCampaigns ? { ...number, campaigns: refusedCampaigns.map((name) => ({ name })) } : number;
  return (
    <>
      <button type="button" aria-haspopup="dialog" className={className} aria-label={accessibleName} onClick={() => setOpen(true)}>
        {label}
      </button>
      <Dialog open={open} onClose={close} title={t("delete.title")} closeLabel={t("dialog.close")}>
        <DeleteNumberForm number={shown} display={display} fetcher={fetcher} onCancel={close} />
      </Dialog>
    </>
  );
}
