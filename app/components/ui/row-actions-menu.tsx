import { Form, useSubmit } from "@remix-run/react";
import { ListLink } from "./list-link";
import { cn } from "./cn";
import { PopoverMenu, usePopoverMenus } from "./popover-menu";

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
 * to each action's page; with it, one "⋯" button opens a menu (PopoverMenu:
 * keyboard, focus and outside clicks handled). An entry with `onSelect` runs
 * it (the menu closes first, so a dialog it opens lives outside the menu).
 */
export function RowActionsMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const scripted = usePopoverMenus();
  const submit = useSubmit();
  if (actions.length === 0) return null;
  if (!scripted) {
    return (
      // Without scripts the links stack in a narrow actions column, so the table keeps within its box at laptop width.
      <ul aria-label={label} className="flex flex-wrap justify-end gap-x-3 gap-y-1 text-sm">
        {actions.map((action) => {
          const linkClass = action.tone === "danger" ? "row-action-danger" : "row-action";
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
                <ListLink to={action.to} className={linkClass}>
                  {action.label}
                </ListLink>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <div className="relative inline-block text-left">
      <PopoverMenu
        label={label}
        title={label}
        buttonClassName="inline-flex h-7 w-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[open]:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:data-[open]:bg-slate-800"
        button={
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <circle cx="4" cy="10" r="1.6" />
            <circle cx="10" cy="10" r="1.6" />
            <circle cx="16" cy="10" r="1.6" />
          </svg>
        }
        menuClassName="m-0 min-w-44 rounded-md border border-slate-200 bg-white p-0 py-1 shadow-lg focus:outline-none focus-visible:ring-0 focus-visible:ring-offset-0 dark:border-slate-700 dark:bg-slate-900"
        gap={4}
        items={actions.map((action) => {
          const { post } = action;
          return {
            label: action.label,
            to: action.to,
            onSelect: action.onSelect ?? (post ? () => submit(post, { method: "post", action: action.to, preventScrollReset: true }) : undefined),
            className: cn(
              // The focused entry is the highlighted one: the pointer moves focus as the keyboard does (see PopoverMenu).
              "block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus-visible:ring-0 focus-visible:ring-offset-0 dark:hover:bg-slate-800 dark:focus:bg-slate-800",
              action.tone === "danger" ? "text-red-700 dark:text-red-400" : "text-slate-800 dark:text-slate-100",
            ),
          };
        })}
      />
    </div>
  );
}
