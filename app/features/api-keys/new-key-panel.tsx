import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * The key just created, shown this once (it exists only in the action's
 * response). Selecting and copying works without JavaScript; with it, a Copy button.
 */
export function NewKeyPanel({ name, apiKey }: { name: string; apiKey: string }) {
  const { t } = useTranslation("api");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(apiKey).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section
      role="status"
      aria-labelledby="new-api-key-title"
      className="space-y-3 rounded-lg border border-emerald-300 bg-emerald-50 p-5 dark:border-emerald-800 dark:bg-emerald-950"
      data-testid="new-api-key"
    >
      <h2 id="new-api-key-title" className="break-words text-lg font-semibold">
        {t("created.title", { name })}
      </h2>
      <p className="text-sm">{t("created.once")}</p>
      <div className="space-y-1">
        <label htmlFor="new-api-key" className="block text-sm font-medium">
          {t("created.label")}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="new-api-key"
            readOnly
            value={apiKey}
            aria-describedby="new-api-key-hint"
            onFocus={(event) => event.currentTarget.select()}
            className={cn(inputClass, "min-w-0 flex-1 font-mono")}
            spellCheck={false}
            autoComplete="off"
          />
          {hydrated ? (
            <Button variant="secondary" onClick={copy}>
              {copied ? t("created.copied") : t("created.copy")}
            </Button>
          ) : null}
        </div>
        <p id="new-api-key-hint" className="text-xs text-slate-600 dark:text-slate-300">
          {t("created.copyHint")}
        </p>
      </div>
      <p className="text-sm">
        {t("created.usage")} <code className="break-all rounded bg-white px-1 py-0.5 font-mono text-xs dark:bg-slate-900">Authorization: Bearer vbk_…</code>
      </p>
    </section>
  );
}
