import { useEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";

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
