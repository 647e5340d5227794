import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CheckboxField, FieldErrors, FormErrors, formWidthClass, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useIsPending } from "~/components/ui/use-is-pending";
import { PhoneField } from "~/features/phone/phone-field";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { constraintsForType } from "~/lib/forms/input-attributes";
import { useActionForm } from "~/lib/forms/use-action-form";
import { KNOWLEDGE_BASE_TYPES, TEMPLATES, TRANSFER_MODES, VOICES } from "./catalogue";
import { numberOptionLabel, type NumberOption } from "./number-option";
import { CONTENT_MIN_CHARACTERS, countCharacters, KNOWLEDGE_FILE_ACCEPT, KNOWLEDGE_FILE_MAX_BYTES, MAX_TRANSFER_NUMBERS } from "./knowledge-rules";
import type { KnowledgeFormFields } from "./schemas";
import { fillFromTemplate, templateLanguage, type TemplateTexts } from "./template-texts";

/** Values to start from: strings where the schema has enums, as stored data and typed input both are. */
export type KnowledgeFormDefaults = NonNullable<DefaultValue<KnowledgeFormFields>>;

/** Scripts are prose: the page's font and room between the lines. */
const textareaClass = "font-[inherit] leading-relaxed";

function formatMegabytes(bytes: number, language: string) {
  return new Intl.NumberFormat(language === "de" ? "de-DE" : "en-US", { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(
    bytes / 1024 / 1024,
  );
}

/**
 * The create and edit form of a knowledge base. Multipart, because of the
 * optional file. Everything works as plain form posts: "Apply template" and
 * the transfer-number buttons go to the server without JavaScript and stay
 * in the browser with it (the template then applies as soon as it is chosen).
 */
export function KnowledgeBaseForm({
  numbers,
  templateTexts,
  defaultValue,
  lastResult,
  submitLabel,
  cancelHref,
  readOnly = false,
  isCurrentDefault = false,
  footer,
  phoneCountry,
  constraint,
}: {
  numbers: NumberOption[];
  /** From loadTemplateTexts(): the templates in every voice's language. */
  templateTexts: TemplateTexts;
  defaultValue: KnowledgeFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  cancelHref: string;
  readOnly?: boolean;
  /** Editing the number's default: the flag cannot be taken away here, only moved by making another one default. */
  isCurrentDefault?: boolean;
  footer?: ReactNode;
  /** The tenant's country (gate.tenant.country): transfer numbers typed with a leading 0 are national numbers of it. */
  phoneCountry: string;
  /** The form's HTML constraints, from the loader. */
  constraint: FormConstraint;
}) {
  const { t, i18n } = useTranslation("knowledge");
  const hydrated = useHydrated();
  const saving = useIsPending({ intent: "save" });
  const [form, fields] = useActionForm<KnowledgeFormFields>({
    id: "knowledge-base",
    lastResult,
    defaultValue,
    constraint,
  });

  const transferNumbers = fields.transferNumbers.getFieldList();
  const contentLength = countCharacters(fields.content.value);
  const counterId = `${fields.content.id}-counter`;
  const sourceFileName = fields.sourceFileName.value;

  /** The server's "Apply template", in the browser: on choosing a template, and on choosing a voice (which may change the script's language). */
  function fillScript(template: unknown, voice: unknown) {
    const current = { firstMessage: fields.firstMessage.value ?? "", content: fields.content.value ?? "" };
    const filled = fillFromTemplate(current, template, templateLanguage(voice, i18n.language), templateTexts);
    if (filled.firstMessage !== current.firstMessage) form.update({ name: fields.firstMessage.name, value: filled.firstMessage });
    if (filled.content !== current.content) form.update({ name: fields.content.name, value: filled.content });
  }

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className={cn(formWidthClass, "flex flex-col gap-6")}>
      {/* Enter in a text field submits with the first submit button: this one, so it saves rather than applying a template. (Out of the flow, so it adds no gap.) */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true" disabled={readOnly}>
        {submitLabel}
      </button>
      <FormErrors errors={form.errors} namespace="knowledge" />
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
        <legend className="sr-only">{t("form.legend")}</legend>

        <Panel title={t("form.sections.basics")}>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label={t("form.name")}
              errors={fields.name.errors}
              namespace="knowledge"
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), required: true, autoComplete: "off" }}
            />
            <SelectField
              label={t("form.phoneNumber")}
              errors={fields.phoneNumberId.errors}
              namespace="knowledge"
              options={[
                { value: "", label: t("form.phoneNumberPlaceholder") },
                ...numbers.map((number) => ({ value: number.id, label: numberOptionLabel(number) })),
              ]}
              selectProps={{ ...getSelectProps(fields.phoneNumberId), required: true }}
            />
            <fieldset className="space-y-2" aria-describedby={fields.type.errors ? fields.type.errorId : undefined}>
              <legend className="text-sm font-medium">{t("form.type")}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {getCollectionProps(fields.type, { type: "radio", options: [...KNOWLEDGE_BASE_TYPES] }).map(({ key, ...radio }) => (
                  <RadioCard key={key} radio={{ ...radio, required: true }} title={t(`types.${radio.value}`)} hint={t(`types.${radio.value}Hint`)} />
                ))}
              </div>
              <FieldErrors id={fields.type.errorId} errors={fields.type.errors} t={t} />
            </fieldset>
            <SelectField
              label={t("form.voice")}
              errors={fields.voice.errors}
              namespace="knowledge"
              options={[
                { value: "", label: t("form.voicePlaceholder") },
                ...VOICES.map((voice) => ({ value: voice.id, label: `${voice.name} – ${t(`voices.${voice.id}`)}` })),
              ]}
              selectProps={{
                ...getSelectProps(fields.voice),
                required: true,
                onChange: (event) => fillScript(fields.template.value, event.currentTarget.value),
              }}
            />
            <div className="space-y-2 md:col-span-2">
              <SelectField
                label={t("form.template")}
                errors={fields.template.errors}
                namespace="knowledge"
                hint={t(hydrated ? "form.templateHintLive" : "form.templateHint")}
                options={TEMPLATES.map((template) => ({ value: template, label: t(`templates.${template}.name`) }))}
                selectProps={{ ...getSelectProps(fields.template), onChange: (event) => fillScript(event.currentTarget.value, fields.voice.value) }}
              />
              {hydrated ? null : (
                <Button type="submit" name="intent" value="apply-template" variant="secondary">
                  {t("form.applyTemplate")}
                </Button>
              )}
            </div>
          </div>
        </Panel>

        <Panel title={t("form.sections.script")}>
          <div className="space-y-4">
            <TextareaField
              label={t("form.firstMessage")}
              errors={fields.firstMessage.errors}
              hint={t("form.firstMessageHint")}
              namespace="knowledge"
              textareaProps={{ ...getTextareaProps(fields.firstMessage), required: true, rows: 3, className: textareaClass }}
            />
            <TextareaField
              label={t("form.content")}
              errors={fields.content.errors}
              hint={t("form.contentHint", { min: CONTENT_MIN_CHARACTERS })}
              namespace="knowledge"
              describedBy={hydrated ? counterId : undefined}
              textareaProps={{ ...getTextareaProps(fields.content), rows: 14, className: textareaClass }}
            >
              {/* Live only: without scripts a count would be frozen at what the page was rendered with. */}
              {hydrated ? (
                <p
                  id={counterId}
                  data-testid="content-counter"
                  className={cn(
                    "text-xs",
                    contentLength < CONTENT_MIN_CHARACTERS ? "text-amber-800 dark:text-amber-300" : "text-emerald-800 dark:text-emerald-300",
                  )}
                >
                  {contentLength < CONTENT_MIN_CHARACTERS
                    ? t("form.counterShort", { count: contentLength, min: CONTENT_MIN_CHARACTERS })
                    : t("form.counterEnough", { count: contentLength })}
                </p>
              ) : null}
            </TextareaField>
            <TextField
              label={t("form.file")}
              errors={fields.file.errors}
              namespace="knowledge"
              hint={t("form.fileHint", { size: formatMegabytes(KNOWLEDGE_FILE_MAX_BYTES, i18n.language) })}
              inputProps={{
                ...getInputProps(fields.file, { type: "file" }),
                accept: KNOWLEDGE_FILE_ACCEPT,
                className:
                  "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-700 dark:file:text-slate-100",
              }}
            >
              {sourceFileName ? (
                <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="source-file">
                  {t("form.fileAdded", { name: sourceFileName })}
                </p>
              ) : null}
            </TextField>
            <input {...constraintsForType(getInputProps(fields.sourceFileName, { type: "hidden" }))} />
          </div>
        </Panel>

        <Panel title={t("form.sections.transfer")}>
          <div className="space-y-4">
            <fieldset className="space-y-2" aria-describedby={fields.transferMode.errors ? fields.transferMode.errorId : undefined}>
              <legend className="text-sm font-medium">{t("form.transferMode")}</legend>
              <div className="grid gap-2 md:grid-cols-3">
                {getCollectionProps(fields.transferMode, { type: "radio", options: [...TRANSFER_MODES] }).map(({ key, ...radio }) => (
                  <RadioCard key={key} radio={radio} title={t(`transfer.${radio.value}`)} hint={t(`transfer.${radio.value}Hint`)} />
                ))}
              </div>
              <FieldErrors id={fields.transferMode.errorId} errors={fields.transferMode.errors} t={t} />
            </fieldset>
            <fieldset
              className="space-y-3"
              aria-describedby={`${fields.transferNumbers.id}-hint${fields.transferNumbers.errors ? ` ${fields.transferNumbers.errorId}` : ""}`}
            >
              <legend className="text-sm font-medium">{t("form.transferNumbers")}</legend>
              <p id={`${fields.transferNumbers.id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
                {t("form.transferNumbersHint", { max: MAX_TRANSFER_NUMBERS })}
              </p>
              <ol className="space-y-3">
                {transferNumbers.map((number, index) => (
                  <li key={number.key} className="flex flex-wrap items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <PhoneField
                        label={t("form.transferNumber", { position: index + 1 })}
                        errors={number.errors}
                        namespace="knowledge"
                        country={phoneCountry}
                        inputProps={getInputProps(number, { type: "tel" })}
                      />
                    </div>
                    {transferNumbers.length > 1 ? (
                      <Button type="submit" variant="ghost" className="mt-6" {...form.remove.getButtonProps({ name: fields.transferNumbers.name, index })}>
                        {t("form.remove")}
                        <span className="sr-only"> {t("form.transferNumber", { position: index + 1 })}</span>
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ol>
              <FieldErrors id={fields.transferNumbers.errorId} errors={fields.transferNumbers.errors} t={t} />
              {transferNumbers.length < MAX_TRANSFER_NUMBERS ? (
                <Button type="submit" variant="secondary" {...form.insert.getButtonProps({ name: fields.transferNumbers.name, defaultValue: "" })}>
                  {t("form.addTransferNumber")}
                </Button>
              ) : null}
            </fieldset>
            <TextField
              label={t("form.toolName")}
              errors={fields.toolName.errors}
              namespace="knowledge"
              hint={t("form.toolNameHint")}
              inputProps={{ ...getInputProps(fields.toolName, { type: "text" }), autoComplete: "off", spellCheck: false, autoCapitalize: "none" }}
            />
          </div>
        </Panel>

        <Panel title={t("form.sections.options")}>
          <div className="space-y-4">
            <CheckboxField
              label={t("form.isDefault")}
              hint={isCurrentDefault ? t("form.isDefaultCurrentHint") : t("form.isDefaultHint")}
              inputProps={{ ...getInputProps(fields.isDefault, { type: "checkbox" }), ...(isCurrentDefault ? { disabled: true, defaultChecked: true } : {}) }}
            />
            <CheckboxField
              label={t("form.hasAssistant")}
              hint={t("form.hasAssistantHint")}
              inputProps={getInputProps(fields.hasAssistant, { type: "checkbox" })}
            />
          </div>
        </Panel>

        {readOnly ? null : (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" name="intent" value="save" disabled={saving}>
              {saving ? t("form.saving") : submitLabel}
            </Button>
            <Link to={cancelHref} className={buttonClass("secondary")}>
              {t("form.cancel")}
            </Link>
            {footer}
          </div>
        )}
      </fieldset>
    </Form>
  );
}

/**
 * A radio as a card: the whole card is its label, so it is easy to hit, but
 * its accessible name is the title alone and the hint is its description.
 */
function RadioCard({ radio, title, hint }: { radio: InputHTMLAttributes<HTMLInputElement> & { id: string }; title: string; hint: string }) {
  const titleId = `${radio.id}-title`;
  const hintId = `${radio.id}-hint`;
  return (
    <label
      htmlFor={radio.id}
      className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-3 text-sm hover:bg-slate-50 has-[:checked]:border-slate-500 has-[:checked]:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800 dark:has-[:checked]:border-slate-400 dark:has-[:checked]:bg-slate-800"
    >
      <input {...radio} aria-labelledby={titleId} aria-describedby={[radio["aria-describedby"], hintId].filter(Boolean).join(" ")} className="mt-0.5" />
      <span>
        <span id={titleId} className="block font-medium">
          {title}
        </span>
        <span id={hintId} className="block text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </span>
      </span>
    </label>
  );
}
