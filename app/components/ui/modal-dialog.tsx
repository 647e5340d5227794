import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { CloseButton } from "./close-button";
import { cn } from "./cn";

/**
 * The browser's own modal: a <dialog> opened with showModal(), so the browser
 * traps focus, makes the page behind it inert, draws the ::backdrop and turns
 * Escape into a `cancel` event (here: a request to the owner to close). It is
 * mounted only while open and only in the browser (every dialog is an
 * enhancement of a page), and rendered into <body> so that it inherits
 * nothing from where it is used, a table cell's alignment say. Closing gives
 * focus back to whatever had it when the dialog opened; a click on the
 * backdrop closes it.
 */
export function ModalDialog({ onClose, labelledBy, className, children }: { onClose: () => void; labelledBy: string; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const requestClose = useRef(onClose);
  requestClose.current = onClose;
  // Only a press that started on the backdrop closes: a text selection dragged out of the dialog must not.
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlockScroll = lockPageScroll();
    dialog.showModal();
    return () => {
      unlockScroll();
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onBackdrop = (event: { target: EventTarget; currentTarget: HTMLDialogElement; clientX: number; clientY: number }) => {
    if (event.target !== event.currentTarget) return false;
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
  };

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={className}
      onCancel={(event) => {
        event.preventDefault();
        requestClose.current();
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = onBackdrop(event);
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && onBackdrop(event)) requestClose.current();
        pressedOnBackdrop.current = false;
      }}
    >
      {children}
    </dialog>,
    document.body,
  );
}

/**
 * A modal with a title bar (the title and a close button) over a scrolling
 * body: the frame Dialog and Drawer share; they differ only in where the
 * panel sits and how wide it is (`className`).
 */
export function TitledModal({
  onClose,
  title,
  closeLabel,
  className,
  titleClassName,
  bodyClassName,
  children,
}: {
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  className: string;
  titleClassName?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <ModalDialog onClose={onClose} labelledBy={titleId} className={className}>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
        <h2 id={titleId} className={cn("text-lg font-semibold", titleClassName)}>
          {title}
        </h2>
        <CloseButton label={closeLabel} onClick={onClose} className="-mr-2 -mt-1" />
      </div>
      <div className={cn("overflow-y-auto px-5 py-4", bodyClassName)}>{children}</div>
    </ModalDialog>
  );
}

let scrollLocks = 0;
let unlockedStyle = { overflow: "", paddingRight: "" };

/** Keeps the page behind a modal from scrolling; the scrollbar's width becomes padding, so nothing shifts sideways. */
function lockPageScroll() {
  const root = document.documentElement;
  if (scrollLocks++ === 0) {
    const scrollbar = window.innerWidth - root.clientWidth;
    unlockedStyle = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
    root.style.overflow = "hidden";
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--scrollLocks === 0) Object.assign(root.style, unlockedStyle);
  };
}
