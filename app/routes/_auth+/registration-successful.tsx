import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/auth-card";
import { buttonClass } from "~/components/ui/button";
import { Notice } from "~/components/ui/panel";
import { isUsingOutbox } from "~/lib/email/mailer.server";
import type { I18nHandle } from "~/i18n/route-namespaces";

export const handle: I18nHandle = { i18n: ["auth"] };

export function loader() {
  return { outbox: isUsingOutbox() };
}

export default function RegistrationSuccessfulPage() {
  const { t } = useTranslation("auth");
  const { outbox } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={t("registrationSuccessful.title")}>
      <div className="space-y-4">
        <p>{t("registrationSuccessful.message")}</p>
        {outbox ? <Notice tone="warning">{t("registrationSuccessful.outboxNote")}</Notice> : null}
        <Link to="/login" className={buttonClass("primary", "w-full")}>
          {t("registrationSuccessful.continue")}
        </Link>
      </div>
    </AuthCard>
  );
}
