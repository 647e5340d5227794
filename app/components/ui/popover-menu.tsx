import { Link, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "./use-hydrated";

/** One entry of a PopoverMenu: a link to follow, or something to run once the menu has closed. */
export interface PopoverMenuItem {
  label: string;
  className: string;
  to?: string;
  onSelect?: () => void;
}

/**
 * Whether the page can show the scripted menus: hydrated, in a browser with the
 * Popover API. Until then (and in a browser without it) a menu stays what the
 * server rendered, which works without scripts.
 */
export function usePopoverMenus() {
  return useHydrated() && typeof HTMLElement.prototype.togglePopover === "function";
}

const focusable = (menu: HTMLElement) => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];

/**
 * A menu button (WAI-ARIA menu pattern) on the browser's Popover API: the
 * list lives in the top layer, so a table's scrolling box does not clip it,
 * and the browser closes it on a click outside and on Escape. This adds what
 * the pattern asks for: aria-expanded, arrow keys, Home/End and typing a
 * letter to move between items, Enter/Space/ArrowDown on the button to open
 * on the first item (ArrowUp: the last), Escape and Tab to close with focus
 * back on the button. Rendered into <body>, where nothing it sits in (a
 * right-aligned table cell) is inherited; placed under the button's end edge,
 * above it when there is no room below.
 */
export function PopoverMenu({
  label,
  title,
  buttonClassName,
  button,
  menuClassName,
  items,
  gap,
}: {
  label: string;
  title?: string;
  buttonClassName: string;
  button: ReactNode;
  menuClassName: string;
  items: PopoverMenuItem[];
  /** Pixels between the button and the menu. */
  gap: number;
}) {
  const id = useId();
  const buttonId = `${id}button`;
  const menuId = `${id}menu`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Where focus goes once the menu shows: the first or last item when opened from the keyboard, else the list itself.
  const focusOnOpen = useRef<"list" | "first" | "last">("list");
  const location = useLocation();

  useEffect(() => {
    const menu = menuRef.current;
    const trigger = buttonRef.current;
    if (!menu || !trigger) return;
    const place = () => placeUnder(menu, trigger, gap);
    const onBeforeToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") place();
    };
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === "open";
      setOpen(opened);
      if (opened) {
        place();
        const items = focusable(menu);
        const target = focusOnOpen.current === "first" ? items[0] : focusOnOpen.current === "last" ? items.at(-1) : menu;
        target?.focus();
        window.addEventListener("scroll", place, { capture: true, passive: true });
        window.addEventListener("resize", place);
      } else {
        window.removeEventListener("scroll", place, { capture: true });
        window.removeEventListener("resize", place);
        const active = document.activeElement;
        if (!active || active === document.body || menu.contains(active)) trigger.focus();
      }
      focusOnOpen.current = "list";
    };
    menu.addEventListener("beforetoggle", onBeforeToggle);
    menu.addEventListener("toggle", onToggle);
    return () => {
      menu.removeEventListener("beforetoggle", onBeforeToggle);
      menu.removeEventListener("toggle", onToggle);
      window.removeEventListener("scroll", place, { capture: true });
      window.removeEventListener("resize", place);
    };
  }, [gap]);

  // A menu the page keeps (the top bar's) must not stay open over the next page.
  useEffect(() => hide(menuRef.current), [location.key]);

  function openFromKeyboard(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      focusOnOpen.current = event.key === "ArrowDown" ? "first" : "last";
      menuRef.current?.showPopover();
    } else if (event.key === "Enter" || event.key === " ") {
      // The button's own activation then opens the menu (popovertarget).
      focusOnOpen.current = "first";
    }
  }

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const menu = event.currentTarget;
    const items = focusable(menu);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        focusAt(current + 1);
        break;
      case "ArrowUp":
        focusAt(current < 0 ? -1 : current - 1);
        break;
      case "Home":
      case "PageUp":
        focusAt(0);
        break;
      case "End":
      case "PageDown":
        focusAt(-1);
        break;
      case "Escape":
      case "Tab":
        hide(menu);
        buttonRef.current?.focus();
        break;
      case " ":
        // Space chooses an item as Enter does (a link would otherwise scroll the page).
        if (current >= 0) items[current]!.click();
        break;
      default: {
        if (event.key.length !== 1 || event.altKey || event.ctrlKey || event.metaKey) return;
        const letter = event.key.toLocaleLowerCase();
        const next = [...items.slice(current + 1), ...items.slice(0, current + 1)].find((item) =>
          item.textContent?.trim().toLocaleLowerCase().startsWith(letter),
        );
        next?.focus();
        break;
      }
    }
    event.preventDefault();
  }

  function choose(item: PopoverMenuItem) {
    hide(menuRef.current);
    buttonRef.current?.focus();
    // After the menu has closed and focus is back on its button, so a dialog the item opens returns focus there.
    item.onSelect?.();
  }

  return (
    <>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        title={title}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-open={open ? "" : undefined}
        className={buttonClassName}
        onKeyDown={openFromKeyboard}
        // React 18 knows no popoverTarget prop; the lower-case attribute is passed through as it is.
        {...{ popovertarget: menuId }}
      >
        {button}
      </button>
      {createPortal(
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          tabIndex={-1}
          {...{ popover: "auto" }}
          className={menuClassName}
          onKeyDown={moveFocus}
        >
          {items.map((item) => {
            const common = {
              role: "menuitem",
              tabIndex: -1,
              className: item.className,
              // As in most menus, the pointer moves the keyboard's place too.
              onPointerMove: (event: { currentTarget: HTMLElement }) => {
                if (document.activeElement !== event.currentTarget) event.currentTarget.focus({ preventScroll: true });
              },
            };
            return item.onSelect || !item.to ? (
              <button key={item.label} type="button" {...common} onClick={() => choose(item)}>
                {item.label}
              </button>
            ) : (
              <Link key={item.label} to={item.to} {...common} onClick={() => choose(item)}>
                {item.label}
              </Link>
            );
          })}
        </div>,
        document.body,
      )}
    </>
  );
}

function hide(menu: HTMLElement | null) {
  if (menu?.matches(":popover-open")) menu.hidePopover();
}

/**
 * Under the button, its end edge aligned with the button's; moved in from the
 * left edge of the viewport, and above the button when there is no room
 * below. Before the menu shows (beforetoggle) its size is unknown and only
 * the alignment is set; once it shows, it is placed again knowing its size.
 */
function placeUnder(menu: HTMLElement, trigger: HTMLElement, gap: number) {
  const button = trigger.getBoundingClientRect();
  const margin = 4;
  const { offsetWidth: width, offsetHeight: height } = menu;
  const right = Math.max(margin, document.documentElement.clientWidth - button.right);
  const fitsLeft = button.right - width >= margin;
  const below = button.bottom + gap;
  const above = button.top - gap - height;
  const top = height > 0 && below + height > window.innerHeight - margin && above >= margin ? above : below;
  Object.assign(menu.style, {
    position: "fixed",
    inset: "auto",
    top: `${top}px`,
    right: fitsLeft ? `${right}px` : "auto",
    left: fitsLeft ? "auto" : `${margin}px`,
  });
}
