import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { cn } from "./cn";
import { TitledModal } from "./modal-dialog";
import { useHydrated } from "./use-hydrated";

/**
 * A panel that slides in from the right over the page: a detail view that
 * keeps the list behind it: the browser's modal <dialog> (see ModalDialog),
 * so focus stays inside, Escape and a click outside close it and focus
 * returns to the opener. Scripts only: every drawer is an enhancement of a
 * page that shows the same detail (see DrawerLink).
 */
export function Drawer({
  open,
  onClose,
  title,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("common");
  if (!open) return null;
  return (
    <TitledModal
      onClose={onClose}
      title={title}
      closeLabel={t("dialog.close")}
      titleClassName="min-w-0 break-words"
      bodyClassName="min-h-0 flex-1"
      className={cn(
        "inset-y-0 left-auto right-0 m-0 h-full max-h-full w-full max-w-full flex-col border-l border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 open:flex sm:max-w-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
        className,
      )}
    >
      {children}
    </TitledModal>
  );
}

/**
 * Opens a detail in a drawer: without JavaScript a link to the detail's own
 * page; with it a button that loads that page's loader data (a fetcher) and
 * renders it beside the list, so the list keeps its scroll and filters.
 */
export function DrawerLink<Data>({
  to,
  title,
  className,
  children,
  content,
  loadingLabel,
}: {
  /** The detail's page, whose loader the drawer reads. */
  to: string;
  title: ReactNode;
  className?: string;
  /** The trigger's content. */
  children: ReactNode;
  content: (data: Data) => ReactNode;
  loadingLabel: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" className={className} onClick={() => setOpen(true)}>
        {children}
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title={title}>
        {open ? <DrawerBody to={to} content={content} loadingLabel={loadingLabel} /> : null}
      </Drawer>
    </>
  );
}

function DrawerBody<Data>({ to, content, loadingLabel }: { to: string; content: (data: Data) => ReactNode; loadingLabel: string }) {
  const fetcher = useFetcher<Data>();
  const { load } = fetcher;
  useEffect(() => {
    load(to);
  }, [load, to]);
  return fetcher.data ? (
    <>{content(fetcher.data as Data)}</>
  ) : (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
      {loadingLabel}
    </p>
  );
}
