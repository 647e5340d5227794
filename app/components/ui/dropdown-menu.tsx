import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Form, Link, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

export type DropdownEntry =
  | { kind: "link"; to: string; label: string }
  | { kind: "post"; action: string; label: string; fields?: Record<string, string> };

const itemClass = "block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 data-[focus]:bg-slate-100 dark:hover:bg-slate-800 dark:data-[focus]:bg-slate-800";
const panelClass = "absolute right-0 z-40 mt-2 w-52 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900";

function Entry({ entry }: { entry: DropdownEntry }) {
  if (entry.kind === "link") {
    return (
      <Link to={entry.to} className={itemClass}>
        {entry.label}
      </Link>
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
 * <details> disclosure; once hydrated, Headless UI's Menu takes over for
 * keyboard navigation, focus management and closing on outside clicks.
 */
export function DropdownMenu({ label, trigger, entries, className }: { label: string; trigger: ReactNode; entries: DropdownEntry[]; className?: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (!hydrated) {
    return (
      <details className={cn("relative", className)}>
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
    <Menu as="div" className={cn("relative", className)}>
      <MenuButton className="flex items-center rounded-md p-1" aria-label={label}>
        {trigger}
      </MenuButton>
      <MenuItems className={panelClass} modal={false}>
        {entries.map((entry) => (
          // The item is the link or button itself, so Enter on the active item activates it. A post goes through
          // Remix: the menu unmounts on click before a native submit could start ("form is not connected").
          <MenuItem key={entry.label}>
            {entry.kind === "link" ? (
              <Link to={entry.to} className={itemClass}>
                {entry.label}
              </Link>
            ) : (
              <button type="button" className={itemClass} onClick={() => submit(entry.fields ?? {}, { method: "post", action: entry.action })}>
                {entry.label}
              </button>
            )}
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
