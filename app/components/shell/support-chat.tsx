import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";

/** Said to the chat's script once it has loaded, and again on every later press: open your window now. */
export const SUPPORT_CHAT_OPEN_EVENT = "voxboard:support-chat-open";

type ChatState = "idle" | "loading" | "ready" | "failed";

/**
 * The support chat of the public pages (docs/product/behaviour.md#support-chat): nothing of it
 * loads with the page. A "Chat with us" button fetches the configured script
 * when pressed, then asks it to open (a `voxboard:support-chat-open` event on
 * window, and `window.VoxboardSupportChat.requested`), so its widget stays
 * hidden until someone wants it. Without JavaScript, or without a configured
 * script, there is no button.
 */
export function SupportChat({ scriptUrl }: { scriptUrl: string | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [state, setState] = useState<ChatState>("idle");
  if (!scriptUrl || !hydrated) return null;

  function requestOpen() {
    (window as Window & { VoxboardSupportChat?: { requested: boolean } }).VoxboardSupportChat = { requested: true };
    window.dispatchEvent(new CustomEvent(SUPPORT_CHAT_OPEN_EVENT));
  }

  function open() {
    if (state === "ready") return requestOpen();
    if (state === "loading") return;
    setState("loading");
    const script = document.createElement("script");
    script.src = scriptUrl!;
    script.async = true;
    script.dataset.supportChat = "";
    script.onload = () => {
      setState("ready");
      requestOpen();
    };
    script.onerror = () => {
      script.remove();
      setState("failed");
    };
    // Set before the script runs, so a widget that reads it on load opens at once.
    (window as Window & { VoxboardSupportChat?: { requested: boolean } }).VoxboardSupportChat = { requested: true };
    document.head.appendChild(script);
  }

  return (
    <div className="fixed bottom-4 right-4 z-40 flex flex-col items-end gap-2" data-testid="support-chat">
      {state === "failed" ? (
        <p
          role="alert"
          className="max-w-xs rounded-md border border-red-200 bg-white px-3 py-2 text-sm text-red-700 shadow dark:border-red-900 dark:bg-slate-900 dark:text-red-300"
        >
          {t("supportChat.failed")}
        </p>
      ) : null}
      <button type="button" className={buttonClass("secondary", "rounded-full shadow-md")} onClick={open} aria-busy={state === "loading" || undefined}>
        {state === "loading" ? t("supportChat.loading") : t("supportChat.open")}
      </button>
    </div>
  );
}
