import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { StaticMarkupContext } from "~/components/shell/cached-markup";
import { NonceProvider } from "~/components/nonce";
import { getLanguage, pageTranslator } from "~/i18n/i18next.server";
import { translationRelease } from "~/i18n/namespace-files.server";
import { TranslationProvider } from "~/i18n/react";
import { namespacesForMatches } from "~/i18n/route-namespaces";
import { HtmlStreamRepair } from "~/lib/http/html-stream.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await getLanguage(request);
  // Only the namespaces the matched routes declare are rendered with, and so shipped in the page.
  const handles = remixContext.staticHandlerContext.matches.map((match) => remixContext.routeModules[match.route.id]?.handle);
  const translator = pageTranslator(language, namespacesForMatches(handles));
  // The browser loads these same namespaces as files before it hydrates (app/i18n/translations-script.tsx).
  const bootstrap = { namespaces: Object.keys(translator.resources), release: translationRelease(language) };
  const nonce = loadContext.cspNonce ?? "";
  // Crawlers get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once the render is complete: a timer left to fire on every finished render builds an error on a closed stream.
    let abortTimer: NodeJS.Timeout | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslationProvider translator={translator} bootstrap={bootstrap}>
          <StaticMarkupContext.Provider value={renderToStaticMarkup}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
          </StaticMarkupContext.Provider>
        </TranslationProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(abortTimer);
          if (readyEvent === "onAllReady") sendShell();
        },
        onShellReady() {
          if (readyEvent === "onShellReady") sendShell();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    function sendShell() {
      shellRendered = true;
      const body = new HtmlStreamRepair();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("Content-Language", language);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    }
    abortTimer = setTimeout(abort, streamTimeout + 1_000).unref();
  });
}
