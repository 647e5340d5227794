import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { cn } from "./ui/cn";
import { Icon } from "./ui/icon";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";

function useCurrentPath() {
  const location = useLocation();
  return location.pathname + location.search;
}

/** Sun and moon: a form post, so it works without JavaScript; the cookie lets the server render the right theme. */
export function ThemeToggle({ theme }: { theme: "light" | "dark" }) {
  const { t } = useTranslation();
  const redirectTo = useCurrentPath();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Form method="post" action="/resources/theme" preventScrollReset>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="theme"
        value={next}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        aria-label={next === "dark" ? t("topbar.themeToDark") : t("topbar.themeToLight")}
        title={next === "dark" ? t("topbar.themeToDark") : t("topbar.themeToLight")}
        data-testid="theme-toggle"
      >
        <Icon name={theme === "dark" ? "sun" : "moon"} />
      </button>
    </Form>
  );
}

/** English/Deutsch as two submit buttons; reloadDocument so every translation on the page switches at once. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const redirectTo = useCurrentPath();
  return (
    <Form method="post" action="/resources/language" reloadDocument className="flex items-center gap-1" aria-label={t("topbar.language")}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Icon name="globe" className="hidden text-slate-500 sm:block" />
      {SUPPORTED_LANGUAGES.map((language) => (
        <button
          key={language}
          type="submit"
          name="lng"
          value={language}
          lang={language}
          aria-pressed={i18n.language === language}
          className={cn(
            "rounded px-2 py-1 text-sm",
            i18n.language === language
              ? "bg-slate-200 font-semibold dark:bg-slate-700"
              : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
          )}
        >
          {/* On a phone the code (EN, DE) leaves the top bar room for its other controls; the name stays the button's accessible name. */}
          <span aria-hidden="true" className="sm:hidden">
            {language.toUpperCase()}
          </span>
          <span className="max-sm:sr-only">{t(`language.${language}`)}</span>
        </button>
      ))}
    </Form>
  );
}
