import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { LanguageSwitch, ThemeToggle } from "~/components/preference-forms";
import { Logo } from "~/components/logo";
import { buttonClass } from "~/components/ui/button";
import { SupportChat } from "~/components/shell/support-chat";
import { getEnv } from "~/config/env.server";
import { getGateContext } from "~/features/access/gate.server";
import { isPublicPath } from "~/features/access/public-paths";
import type { loader as rootLoader } from "~/root";

export async function loader({ request }: LoaderFunctionArgs) {
  return { signedIn: (await getGateContext(request)) !== null, supportChatScriptUrl: getEnv().supportChat?.scriptUrl ?? null };
}

/** Layout of the pages outside the dashboard: sign-in, registration, password reset, plan choice. */
export default function AuthLayout() {
  const { t } = useTranslation();
  const { signedIn, supportChatScriptUrl } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // Only where the Content-Security-Policy allows the chat's origin: the public pages, not the plan choice (docs/product/behaviour.md#support-chat).
  // Judged here, not in the loader, which a move between this layout's pages does not run again.
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4 sm:px-6">
        <Link to="/" className="shrink-0">
          <Logo />
        </Link>
        <div className="flex flex-wrap items-center justify-end gap-1 sm:gap-2">
          <LanguageSwitch />
          <ThemeToggle theme={root?.theme ?? "light"} />
          {signedIn ? (
            <Form method="post" action="/logout">
              <button type="submit" className={buttonClass("ghost")}>
                {t("topbar.logout")}
              </button>
            </Form>
          ) : null}
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <Outlet />
      </main>
      <SupportChat scriptUrl={isPublicPath(pathname) ? supportChatScriptUrl : null} />
    </div>
  );
}
