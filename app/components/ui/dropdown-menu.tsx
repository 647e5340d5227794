import { Form, useSubmit } from "@remix-run/react";
import { ListLink } from "./list-link";
import type { ReactNode } from "react";
import { cn } from "./cn";
import { PopoverMenu, usePopoverMenus } from "./popover-menu";

export type DropdownEntry = { kind: "link"; to: string; label: string } | { kind: "post"; action: string; label: string; fields?: Record<string, string> };

const itemClass = "block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800";
// With scripts the focused entry is the highlighted one, as the pointer moves focus (see PopoverMenu).
const menuItemClass = `${itemClass} focus:bg-slate-100 focus-visible:ring-0 focus-visible:ring-offset-0 dark:focus:bg-slate-800`;
const panelLook = "w-52 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900";
const panelClass = `absolute right-0 z-40 mt-2 ${panelLook}`;

function Entry({ entry }: { entry: DropdownEntry }) {
  if (entry.kind === "link") {
    return (
      <ListLink to={entry.to} className={itemClass}>
        {entry.label}
      </ListLink>
    );
  }
  return (
    <Form method="post" action={entry.action}>
      {Object.entries(entry.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={itemClass}>
        {entry.label}
      </button>
    </Form>
  );
}

/**
 * A menu that works before any script runs: the server renders a native
 * <details> disclosure; once hydrated it is a menu button (PopoverMenu) with
 * keyboard navigation, focus management and closing on outside clicks.
 */
export function DropdownMenu({
  label,
  trigger,
  entries,
  className,
  "data-tour": tourTarget,
}: {
  label: string;
  trigger: ReactNode;
  entries: DropdownEntry[];
  className?: string;
  /** Names the menu for a guided tour's step. */
  "data-tour"?: string;
}) {
  const scripted = usePopoverMenus();
  const submit = useSubmit();
  if (!scripted) {
    return (
      <details className={cn("relative", className)} data-tour={tourTarget}>
        <summary className="flex cursor-pointer list-none items-center rounded-md p-1 [&::-webkit-details-marker]:hidden" aria-label={label}>
          {trigger}
        </summary>
        <div className={panelClass}>
          {entries.map((entry) => (
            <Entry key={entry.label} entry={entry} />
          ))}
        </div>
      </details>
    );
  }
  return (
    <div className={cn("relative", className)} data-tour={tourTarget}>
      <PopoverMenu
        label={label}
        button={trigger}
        buttonClassName="flex items-center rounded-md p-1"
        menuClassName={`m-0 p-0 text-slate-900 focus:outline-none focus-visible:ring-0 focus-visible:ring-offset-0 dark:text-slate-100 ${panelLook}`}
        gap={8}
        items={entries.map((entry) =>
          entry.kind === "link"
            ? { label: entry.label, to: entry.to, className: menuItemClass }
            : // A post goes through Remix, as the entry is a button of the menu rather than a form of its own.
              { label: entry.label, className: menuItemClass, onSelect: () => submit(entry.fields ?? {}, { method: "post", action: entry.action }) },
        )}
      />
    </div>
  );
}
