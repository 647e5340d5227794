import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { useTranslation } from "~/i18n/react";

export const DIGEST_OPTIONS = ["off", "daily"] as const;

/** /profile's digest choice (docs/decisions/0059-notifications.md): a plain form posting intent=update-digest. */
export function DigestSection({ digest, disabled }: { digest: "off" | "daily"; disabled: boolean }) {
  const { t } = useTranslation("notifications");
  return (
    <Panel title={t("digest.label")}>
      <Form method="post" id="notification-digest" className="space-y-4">
        <input type="hidden" name="intent" value="update-digest" />
        <fieldset disabled={disabled} className="space-y-2">
          <legend className="sr-only">{t("digest.label")}</legend>
          {DIGEST_OPTIONS.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input type="radio" name="digest" value={option} defaultChecked={digest === option} />
              {t(`digest.${option}`)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" disabled={disabled}>
          {t("digest.save")}
        </Button>
      </Form>
    </Panel>
  );
}
