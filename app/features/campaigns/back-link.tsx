import { Link } from "@remix-run/react";

/** The link above a campaign screen's title, back to where the user came from (the list, or the campaign). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="text-primary-dark underline underline-offset-2 dark:text-primary">
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
