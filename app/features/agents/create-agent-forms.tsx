import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors, SelectField, TextField, formWidthClass } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";
import { AGENT_LANGUAGES } from "./agent-rules";

/** A new agent's name and language, with the template it starts from (hidden) when there is one. */
export function NewAgentForm({
  lastResult,
  constraint,
  defaults,
  templateId,
  cancelHref,
}: {
  lastResult: PlainReply | undefined;
  constraint: FormConstraint;
  defaults: { name: string; language: string };
  templateId?: string;
  cancelHref: string;
}) {
  const { t } = useTranslation("agents");
  const [form, fields] = usePlainForm<{ name: string; language: string; templateId: string }>({
    id: "new-agent",
    lastResult,
    constraint,
    defaultValue: defaults,
  });
  const busy = useIsPending();
  return (
    <Form method="post" className={`space-y-4 ${formWidthClass}`} {...plainFormProps(form)}>
      <FormErrors errors={form.errors} namespace="agents" />
      {templateId ? <input type="hidden" name="templateId" value={templateId} /> : null}
      <TextField
        label={t("fields.name")}
        hint={t("fields.nameHint")}
        errors={fields.name.errors}
        namespace="agents"
        inputProps={plainInputProps(fields.name, { type: "text" })}
      />
      <SelectField
        label={t("fields.language")}
        errors={fields.language.errors}
        namespace="agents"
        selectProps={plainSelectProps(fields.language)}
        options={AGENT_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? t("create.creating") : t("create.submit")}
        </Button>
        <Link to={cancelHref} className={buttonClass("secondary")}>
          {t("create.cancel")}
        </Link>
      </div>
    </Form>
  );
}

export interface TemplateGalleryItem {
  id: string;
  name: string;
  description: string;
  language: string;
}

/** The published templates as cards; choosing one opens its form (?template=<id>). */
export function TemplateGallery({ templates }: { templates: TemplateGalleryItem[] }) {
  const { t } = useTranslation("agents");
  if (templates.length === 0) {
    return (
      <Panel>
        <p className="text-sm">{t("create.noTemplates")}</p>
      </Panel>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t("create.templatesLabel")}>
      {templates.map((template) => (
        <li key={template.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-base font-semibold">{template.name}</h2>
            <Badge>{t(`languages.${template.language}`)}</Badge>
          </div>
          <p className="grow text-sm text-slate-600 dark:text-slate-300">{template.description}</p>
          <Link
            to={`/create-agent?template=${encodeURIComponent(template.id)}`}
            className={buttonClass("primary", "self-start")}
            aria-label={t("create.useTemplateLabel", { name: template.name })}
          >
            {t("create.useTemplate")}
          </Link>
        </li>
      ))}
    </ul>
  );
}
