import { Link, Outlet, useRouteLoaderData } from "@remix-run/react";
import { LanguageSwitch, ThemeToggle } from "~/components/preference-forms";
import { Logo } from "~/components/logo";
import type { loader as rootLoader } from "~/root";

/** Layout of the pages outside the dashboard: sign-in, registration, password reset, plan choice. */
export default function AuthLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between px-6 py-4">
        <Link to="/">
          <Logo />
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <ThemeToggle theme={root?.theme ?? "light"} />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <Outlet />
      </main>
    </div>
  );
}
