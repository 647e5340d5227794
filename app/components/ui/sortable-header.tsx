import { ListLink } from "~/components/ui/list-link";
import { cn } from "./cn";

/**
 * A column header of a sortable list: a link to the same view sorted by this
 * column (a plain link, so it works without JavaScript and the view stays
 * bookmarkable); aria-sort tells which column the list is sorted by.
 * `order` is the current order when the list is sorted by this column, else null.
 */
export function SortableHeader({ label, href, order, className }: { label: string; href: string; order: "asc" | "desc" | null; className?: string }) {
  const arrow = order === null ? "↕" : order === "asc" ? "↑" : "↓";
  return (
    <th
      scope="col"
      aria-sort={order === null ? undefined : order === "asc" ? "ascending" : "descending"}
      className={cn("whitespace-nowrap px-3 py-2 font-semibold", className)}
    >
      <ListLink to={href} preventScrollReset className="inline-flex items-center gap-1 hover:underline">
        {label}
        <span aria-hidden="true" className={order === null ? "text-slate-500" : ""}>
          {arrow}
        </span>
      </ListLink>
    </th>
  );
}
