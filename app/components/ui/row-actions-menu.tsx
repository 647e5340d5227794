import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Form, Link, useSubmit } from "@remix-run/react";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

export interface RowAction {
  label: string;
  /** The action's own page (a confirmation, a form): what the entry opens without JavaScript. */
  to: string;
  /** With JavaScript, what happens instead of following `to` (open a dialog, say). */
  onSelect?: () => void;
  /**
   * The action is a POST of these fields to `to` (opting a contact out, say): a
   * small form button without JavaScript, a menu entry that submits with it.
   */
  post?: Record<string, string>;
  tone?: "danger";
}

/**
 * The actions of one row. Without JavaScript they are a plain list of links
 * to each action's page; with it, one "⋯" button opens a Headless UI menu
 * (keyboard, focus and outside clicks handled). An entry with `onSelect`
 * runs it (the menu closes first, so a dialog it opens lives outside the menu).
 */
export function RowActionsMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (actions.length === 0) return null;
  if (!hydrated) {
    return (
      // Without scripts the links stack in a narrow actions column, so the table keeps within its box at laptop width.
      <ul aria-label={label} className="flex flex-wrap justify-end gap-x-3 gap-y-1 text-sm">
        {actions.map((action) => {
          const linkClass = cn("font-medium underline-offset-2 hover:underline", action.tone === "danger" ? "text-red-700 dark:text-red-400" : "text-slate-700 dark:text-slate-200");
          return (
            <li key={action.label}>
              {action.post ? (
                <Form method="post" action={action.to} preventScrollReset>
                  {Object.entries(action.post).map(([name, value]) => (
                    <input key={name} type="hidden" name={name} value={value} />
                  ))}
                  <button type="submit" className={linkClass}>
                    {action.label}
                  </button>
                </Form>
              ) : (
                <Link to={action.to} className={linkClass}>
                  {action.label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Menu as="div" className="relative inline-block text-left">
      <MenuButton
        aria-label={label}
        title={label}
        className="inline-flex h-7 w-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[open]:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:data-[open]:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <circle cx="4" cy="10" r="1.6" />
          <circle cx="10" cy="10" r="1.6" />
          <circle cx="16" cy="10" r="1.6" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        modal={false}
        className="z-40 min-w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg [--anchor-gap:4px] focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        {actions.map((action) => {
          const { post } = action;
          const onSelect = action.onSelect ?? (post ? () => submit(post, { method: "post", action: action.to, preventScrollReset: true }) : undefined);
          const itemClass = cn(
            "block w-full px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800",
            action.tone === "danger" ? "text-red-700 dark:text-red-400" : "text-slate-800 dark:text-slate-100",
          );
          return (
            <MenuItem key={action.label}>
              {onSelect ? (
                <button type="button" className={itemClass} onClick={onSelect}>
                  {action.label}
                </button>
              ) : (
                <Link to={action.to} className={itemClass}>
                  {action.label}
                </Link>
              )}
            </MenuItem>
          );
        })}
      </MenuItems>
    </Menu>
  );
}
