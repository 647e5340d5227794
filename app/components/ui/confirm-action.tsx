import { Form, useFetcher, type FetcherWithComponents } from "@remix-run/react";
import { ListLink } from "./list-link";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass, type ButtonVariant } from "./button";
import { Dialog } from "./dialog";
import { useHydrated } from "./use-hydrated";

/**
 * Confirmation of a destructive action. Without JavaScript the trigger is a
 * link to the action's own confirmation page; once scripts run it is a button
 * that opens the same confirmation form in a dialog. The dialog's form posts
 * through a fetcher, so a refusal (returned as data) stays in the dialog,
 * while a success redirects, which closes it.
 *
 * `ConfirmAction` is the trigger and the dialog; `ConfirmForm` is the form
 * both the page and the dialog render.
 */

/** The fetcher a confirmation dialog posts through; `data` holds what a refused submission returned. */
export type ConfirmFetcher = FetcherWithComponents<unknown>;

/** What a form shared by its own page and a dialog needs of the dialog's fetcher: its <Form> and whether it is busy. */
export type FormFetcher = Pick<ConfirmFetcher, "Form" | "state">;

/** The shaded line under "Do you really want to delete …?" that names what goes. */
export function DeleteSummary({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200" data-testid="delete-summary">
      {children}
    </p>
  );
}

export function ConfirmAction({
  href,
  label,
  title,
  className,
  children,
  content,
}: {
  /** The confirmation page, the trigger's target without JavaScript. */
  href: string;
  /** The accessible name, when the visible text alone does not say what it acts on; it starts with the visible text. */
  label?: string;
  /** The dialog's title. */
  title: string;
  className?: string;
  /** The trigger's visible content. */
  children: ReactNode;
  /** The dialog's body, given its fetcher and a way to close it. */
  content: (dialog: { fetcher: ConfirmFetcher; close: () => void }) => ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!hydrated) {
    return (
      <ListLink to={href} aria-label={label} className={className}>
        {children}
      </ListLink>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" aria-label={label} className={className} onClick={() => setOpen(true)}>
        {children}
      </button>
      <ConfirmDialog open={open} onClose={close} title={title} content={content} />
    </>
  );
}

/**
 * The confirmation dialog on its own, for a trigger that is not a button of
 * ConfirmAction (an entry of a row's actions menu): the caller owns `open`.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  content,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  content: (dialog: { fetcher: ConfirmFetcher; close: () => void }) => ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t("dialog.close")}>
      {open ? <ConfirmDialogBody close={onClose} content={content} /> : null}
    </Dialog>
  );
}

/** Mounted while the dialog is open, so each opening starts with a fresh fetcher (no stale refusal). */
function ConfirmDialogBody({ close, content }: { close: () => void; content: (dialog: { fetcher: ConfirmFetcher; close: () => void }) => ReactNode }) {
  const fetcher = useFetcher();
  useCloseAfterSubmit(fetcher, close);
  return <>{content({ fetcher, close })}</>;
}

/** Closes a dialog once its fetcher has finished a submission that came back without data (it redirected). */
export function useCloseAfterSubmit(fetcher: { state: string; data: unknown }, onClose: () => void) {
  const previous = useRef(fetcher.state);
  useEffect(() => {
    const wasBusy = previous.current !== "idle";
    previous.current = fetcher.state;
    if (wasBusy && fetcher.state === "idle" && !fetcher.data) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
}

/**
 * Cancel: closes the dialog when there is one, else a link back to `href`.
 * `label` replaces "Cancel" where the action itself is a cancellation
 * ("Cancel appointment" next to "Cancel" is ambiguous): it says what is kept.
 */
export function CancelAction({ href, onCancel, label }: { href: string; onCancel?: () => void; label?: string }) {
  const { t } = useTranslation("common");
  const text = label ?? t("actions.cancel");
  if (onCancel) {
    return (
      <Button variant="secondary" onClick={onCancel}>
        {text}
      </Button>
    );
  }
  return (
    <ListLink to={href} className={buttonClass("secondary")}>
      {text}
    </ListLink>
  );
}

/**
 * The confirmation form: the message (children), then the danger button and
 * Cancel (or `dismissLabel`). On its own page it is a plain form (`submitting` from the page's
 * navigation); in a dialog it posts through the dialog's fetcher and Cancel
 * closes the dialog.
 */
export function ConfirmForm({
  action,
  method = "post",
  hidden,
  confirmLabel,
  confirmVariant = "danger",
  busyLabel,
  cancelHref,
  dismissLabel,
  fetcher,
  onCancel,
  submitting,
  children,
}: {
  /** Where the form posts; undefined posts to the current URL (query included). */
  action?: string;
  method?: "post" | "delete";
  /** Hidden fields sent with the confirmation (e.g. returnTo, intent). */
  hidden?: Record<string, string>;
  confirmLabel: string;
  /** Danger for what cannot be undone; primary for a go-ahead that only needed the user's eyes (starting despite a warning). */
  confirmVariant?: ButtonVariant;
  /** The confirm button's text while the submission is under way; the confirm label if not given. */
  busyLabel?: string;
  /** Where Cancel leads without a dialog. */
  cancelHref: string;
  /**
   * The dismiss button's text instead of "Cancel", saying what it keeps
   * ("Keep appointment"): required where the action is itself a cancellation.
   */
  dismissLabel?: string;
  fetcher?: FormFetcher;
  onCancel?: () => void;
  submitting?: boolean;
  children: ReactNode;
}) {
  const FormTag = fetcher ? fetcher.Form : Form;
  const busy = submitting ?? (fetcher ? fetcher.state !== "idle" : false);
  return (
    <FormTag method={method} action={action} className="space-y-4">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={confirmVariant} disabled={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
        <CancelAction href={cancelHref} onCancel={onCancel} label={dismissLabel} />
      </div>
    </FormTag>
  );
}
