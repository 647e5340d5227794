import { Link, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "~/components/ui/dialog";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { AnyFetcher } from "./contact-forms";

/**
 * A destructive action on the list page. Without JavaScript it is a link to
 * its confirmation page; with JavaScript a button that opens the same
 * confirmation form in a dialog, posting through a fetcher so a refusal (a
 * list a campaign uses) shows in the dialog. A success redirects, which
 * closes the dialog.
 */
export function ConfirmAction({
  href,
  label,
  title,
  className,
  children,
  form,
}: {
  href: string;
  /** The accessible name, saying what it acts on ("Delete Anna Schmidt"); it starts with the visible text. */
  label: string;
  /** The dialog's title. */
  title: string;
  className?: string;
  children: ReactNode;
  form: (fetcher: AnyFetcher, close: () => void, refusal: unknown) => ReactNode;
}) {
  const { t } = useTranslation("contacts");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const close = useCallback(() => setOpen(false), []);
  useCloseAfterSubmit(fetcher, close);
  if (!hydrated) {
    return (
      <Link to={href} aria-label={label} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" aria-label={label} className={className} onClick={() => setOpen(true)}>
        {children}
      </button>
      <Dialog open={open} onClose={close} title={title} closeLabel={t("dialog.close")}>
        {open ? form(fetcher, close, fetcher.data) : null}
      </Dialog>
    </>
  );
}

/** Closes the dialog once its fetcher has finished a submission that came back without data (it redirected). */
function useCloseAfterSubmit(fetcher: { state: string; data: unknown }, onClose: () => void) {
  const previous = useRef(fetcher.state);
  useEffect(() => {
    const wasBusy = previous.current !== "idle";
    previous.current = fetcher.state;
    if (wasBusy && fetcher.state === "idle" && !fetcher.data) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
}
