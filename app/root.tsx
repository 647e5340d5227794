import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { useNonce } from "~/components/nonce";
import { useListLinkNavigation } from "~/components/ui/list-link";
import { Toaster } from "~/components/ui/toaster";
import { StatusPage } from "~/components/status-page";
import { GeneralErrorBoundary, unexpectedStatusHandler } from "~/components/general-error-boundary";
import { getGateContext } from "~/features/access/gate.server";
import { readTheme } from "~/lib/preferences/preferences.server";
import { paletteStyle } from "~/lib/theme/palette-style.server";
import { popToast } from "~/lib/toast/toast.server";
import { getLanguage } from "~/i18n/i18next.server";
import { TranslationPreloads, TranslationsScript } from "~/i18n/translations-script";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Voxboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [language, theme, gate, { toast, setCookie }] = await Promise.all([
    getLanguage(request),
    readTheme(request),
    getGateContext(request),
    popToast(request),
  ]);
  return data(
    { language, theme, paletteStyle: paletteStyle(gate?.user.themeColor ?? "Default"), toast },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

// Language, theme and palette only change through actions; plain navigations keep the root as it is unless a toast may be waiting.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const language = data?.language ?? "en";
  // Worked out in the loader, so the palette table stays off the browser; tailwind.css holds the Default palette for the error page.
  const style = data?.paletteStyle as React.CSSProperties | undefined;
  return (
    <html lang={language} className={data?.theme === "dark" ? "dark" : undefined} style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={data?.theme === "dark" ? "dark" : "light"} />
        <Meta />
        <Links />
        <TranslationPreloads />
      </head>
      <body className="min-h-screen">
        {children}
        <TranslationsScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  useListLinkNavigation();
  return (
    <>
      <Outlet />
      <Toaster toast={data?.toast ?? null} />
    </>
  );
}

export function ErrorBoundary() {
  // The full page, outside any layout. A load failure's key is in a namespace only its dashboard route ships, so statuses without a handler say "unexpected".
  return <GeneralErrorBoundary frame={StatusPage} defaultStatusHandler={unexpectedStatusHandler} />;
}
